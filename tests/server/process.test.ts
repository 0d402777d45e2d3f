import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { io } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { createClient } from '../../server/src/client'
import { DEMO_SIGN_IN } from '../../server/src/seed-demo'
import { MemoryStorage } from './harness'

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** Polls until `read` returns something, for output a child process writes in its own time. */
async function waitFor<T>(read: () => T | undefined, ms = 5000): Promise<T | undefined> {
  const deadline = Date.now() + ms
  let value = read()
  while (value === undefined && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    value = read()
  }
  return value
}

interface Running {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

/** Starts the real entry point, as the quick start does, and waits for its "listening" line. */
async function startProcess(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, LOG_LEVEL: 'info', ...env }
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const deadline = Date.now() + 60_000
  while (!output.includes('"msg":"listening"')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { child, output: () => output, exited }
}

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
