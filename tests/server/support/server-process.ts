import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

/** Starting the real entry point (`node --import tsx server/src/index.ts`) as a child process. */

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** Polls until `read` returns something, for output a child process writes in its own time. */
export async function waitFor<T>(read: () => T | undefined, ms = 5000): Promise<T | undefined> {
  const deadline = Date.now() + ms
  let value = read()
  while (value === undefined && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    value = read()
  }
  return value
}

export interface Running {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
  /** The port from the "listening" line (the process may have been given PORT=0). */
  port: number
}

/** Starts the real entry point, as the quick start does, and waits for its "listening" line. */
export async function startProcess(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    cwd: path.resolve(__dirname, '../../..'),
    env: { ...process.env, LOG_LEVEL: 'info', ...env }
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  // The entry point compiles through tsx and migrates first: on a loaded 2-core CI machine this
  // took over a minute (CI saw 60 s pass), so the wait is generous; a healthy start takes seconds.
  const deadline = Date.now() + 180_000
  while (!output.includes('"msg":"listening"')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL')
      throw new Error(`server did not start:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const line = output.split('\n').find((text) => text.includes('"msg":"listening"'))!
  return { child, output: () => output, exited, port: JSON.parse(line).port }
}
