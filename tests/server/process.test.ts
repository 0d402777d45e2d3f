import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { io } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { createClient } from '../../server/src/client'
import { DEMO_SIGN_IN } from '../../server/src/seed-demo'
import { MemoryStorage } from './harness'
import { freePort, startProcess, waitFor } from './server-process'

describe('the server process', () => {
  // A real process compiles TypeScript and migrates before it listens: slow on a busy 2-core machine.
  jest.setTimeout(120_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-process-'))
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it('starts on an empty data folder with the demo clinic, serves health, and stops gracefully', async () => {
    const port = await freePort()
    const running = await startProcess({ DATA_DIR: dataDir, PORT: String(port), DEMO_SEED: '1' })
    expect(running.output()).toContain(`Sign in as ${DEMO_SIGN_IN.email} / ${DEMO_SIGN_IN.password}`)

    const health = await fetch(`http://127.0.0.1:${port}/health`)
    expect(await health.json()).toEqual({ status: 'ok' })

    const socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false })
    const client = createClient(socketio(socket), { storage: new MemoryStorage() })
    const signedIn = await client.authenticate({ strategy: 'local', ...DEMO_SIGN_IN })
    expect(signedIn.user.email).toBe(DEMO_SIGN_IN.email)
    const team = await client.service('users').find({ query: { $limit: 50 } })
    expect(team.total).toBeGreaterThanOrEqual(6)
    socket.disconnect()
    // One structured line per call, with its duration and outcome (written just after the answer).
    const callLine = await waitFor(() =>
      running
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"call"') && line.includes('"path":"users"'))
        .map((line) => JSON.parse(line))[0]
    )
    expect(callLine).toMatchObject({ path: 'users', method: 'find', outcome: 'ok' })
    expect(typeof callLine.ms).toBe('number')

    // A client still connected must not keep the server from stopping.
    const lingering = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false })
    await new Promise((resolve) => lingering.once('connect', () => resolve(undefined)))
    running.child.kill('SIGTERM')
    expect(await running.exited).toBe(0)
    expect(running.output()).toContain('"msg":"stopped"')
    // Logs never carry secrets or personal data: no password, no token.
    expect(running.output()).not.toContain(signedIn.accessToken)
    lingering.close()
  })

  it('keeps the data on a second start instead of seeding again', async () => {
    const port = await freePort()
    const running = await startProcess({ DATA_DIR: dataDir, PORT: String(port), DEMO_SEED: '1' })
    expect(running.output()).not.toContain('Demo clinic ready')
    running.child.kill('SIGTERM')
    expect(await running.exited).toBe(0)
  })
})
