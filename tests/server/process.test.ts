import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { io } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { createClient } from '../../server/src/client'
import { DEMO_SIGN_IN } from '../../server/src/seed-demo'
import { MemoryStorage } from './support/harness'
import { freePort, startProcess, waitFor, type Running } from './support/server-process'

describe('the server process', () => {
  // A real process compiles TypeScript and migrates before it listens: slow on a busy 2-core machine.
  jest.setTimeout(400_000)
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

describe('the server process with a stalled log reader', () => {
  // A log collector that stops reading: stdout is a pipe (a socket pair) that nobody drains.
  jest.setTimeout(400_000)
  const dataDirs: string[] = []
  const started: Running[] = []
  afterAll(() => {
    for (const running of started) {
      if (running.child.exitCode === null && running.child.signalCode === null) process.kill(running.child.pid!, 'SIGKILL')
      // A paused pipe never reads its end: close it, or it keeps jest waiting.
      running.child.stdout!.destroy()
    }
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const CALLS = 12_000 // each logs a line of about 150 bytes: 1.8 MB, the OS pipe buffer many times over

  async function startStalled(): Promise<Running> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-stalled-'))
    dataDirs.push(dataDir)
    const running = await startProcess({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_SEED: '0', LOG_LEVEL: 'info' })
    started.push(running)
    // Stop reading: once the stream's own small buffer is full, the pipe fills and stays full.
    running.child.stdout!.pause()
    return running
  }

  /** Unauthenticated calls: each is refused and logged as one "call" line. Bounded in count and time. */
  async function flood(port: number): Promise<number> {
    const socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false })
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)))
    const deadline = Date.now() + 60_000
    let answered = 0
    while (answered < CALLS && Date.now() < deadline) {
      const batch = Array.from({ length: 500 }, () => new Promise((resolve) => socket.emit('find', 'users', {}, resolve)))
      await Promise.all(batch)
      answered += batch.length
    }
    socket.disconnect()
    return answered
  }

  const rssKiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1])
  async function exitWithin(running: Running, ms: number) {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise((resolve) => (timer = setTimeout(() => resolve('still running'), ms)))
    const outcome = await Promise.race([running.exited, late])
    clearTimeout(timer)
    return outcome
  }

  it('keeps answering with bounded memory, and stops on SIGTERM within seconds', async () => {
    const running = await startStalled()
    const before = rssKiB(running.child.pid!)
    expect(await flood(running.port)).toBe(CALLS)
    const health = await fetch(`http://127.0.0.1:${running.port}/health`, { signal: AbortSignal.timeout(5000) })
    expect(await health.json()).toEqual({ status: 'ok' })
    expect(rssKiB(running.child.pid!) - before).toBeLessThan(150 * 1024)

    const stopAsked = Date.now()
    running.child.kill('SIGTERM')
    expect(await exitWithin(running, 10_000)).toBe(0)
    expect(Date.now() - stopAsked).toBeLessThan(10_000)
  })

  it('writes what it kept and then the count of dropped lines once the reader is back', async () => {
    const running = await startStalled()
    expect(await flood(running.port)).toBe(CALLS)
    running.child.stdout!.resume()
    // Whole lines only, each one JSON object. Each call's line arrives, or is counted in a
    // "log lines dropped" line written once the queue has emptied (the reader is back).
    const tally = () => {
      const lines = running
        .output()
        .split('\n')
        .slice(0, -1) // the part after the last newline may still be arriving
        .filter((text) => text.startsWith('{'))
        .map((text) => JSON.parse(text))
      const calls = lines.filter((line) => line.msg === 'call' && line.path === 'users').length
      const reports = lines.filter((line) => line.msg === 'log lines dropped')
      return { calls, reports, dropped: reports.reduce((sum, line) => sum + line.count, 0) }
    }
    const complete = await waitFor(() => {
      const now = tally()
      return now.calls + now.dropped === CALLS ? now : undefined
    }, 15_000)
    const final = complete ?? tally()
    expect(final.dropped).toBeGreaterThan(0)
    expect(final.calls + final.dropped).toBe(CALLS)
    expect(final.reports[0]).toMatchObject({ level: 40, msg: 'log lines dropped' })

    running.child.kill('SIGTERM')
    expect(await exitWithin(running, 10_000)).toBe(0)
    expect(running.output()).toContain('"msg":"stopped"')
  })
})
