import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/**
 * The softphone's far side on loopback (issue 20 item 3): Debian's kamailio as the SIP proxy and
 * registrar (tests/sip/kamailio.cfg: WebSocket for the browser, UDP for SIPp) and SIPp as the
 * caller. scripts/ensure-sip.sh installs both. Each runs under `timeout`, so neither can outlive
 * its test even if the test itself is killed; the test stops them in its teardown as well.
 */
const configDir = path.resolve('tests/sip')
export const sipPorts = {
  udp: Number(process.env.E2E_SIP_UDP_PORT ?? 5070),
  ws: Number(process.env.E2E_SIP_WS_PORT ?? 8090),
  sipp: Number(process.env.E2E_SIPP_PORT ?? 5071)
}

export interface Kamailio {
  url: string
  log: () => string
  stop: () => Promise<void>
}

function waitForPort(port: number, deadline: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve()
      })
      socket.once('error', () => {
        socket.destroy()
        if (Date.now() > deadline) reject(new Error(`nothing listens on 127.0.0.1:${port}`))
        else setTimeout(attempt, 100)
      })
    }
    attempt()
  })
}

/** Ends a process group started detached: TERM, then KILL if it lingers. */
async function stopGroup(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    return
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }, 3_000)
  await exited
  clearTimeout(timer)
}

/** Starts kamailio on loopback for at most `seconds`, once its WebSocket port answers. */
export async function startKamailio(seconds = 240): Promise<Kamailio> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kamailio-'))
  let output = ''
  const child = spawn(
    'timeout',
    ['-k', '5', String(seconds), 'kamailio', '-f', path.join(configDir, 'kamailio.cfg'), '-A', `UDP_PORT=${sipPorts.udp}`, '-A', `WS_PORT=${sipPorts.ws}`, '-DD', '-E', '-m', '32', '-M', '4', '-Y', runDir, '-w', runDir],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] }
  )
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const stop = async () => {
    await stopGroup(child)
    fs.rmSync(runDir, { recursive: true, force: true })
  }
  try {
    await Promise.race([
      waitForPort(sipPorts.ws, Date.now() + 10_000),
      new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`kamailio exited (${code}):\n${output}`))))
    ])
  } catch (error) {
    await stop()
    throw error
  }
  return { url: `ws://127.0.0.1:${sipPorts.ws}`, log: () => output, stop }
}

export interface SippCall {
  /** SIPp's exit code: 0 when every call of the scenario succeeded. */
  done: Promise<{ code: number | null; output: string }>
  stop: () => Promise<void>
}

/**
 * SIPp calls `callee` through kamailio with tests/sip/call-softphone.xml, as `caller` (a number)
 * named `name`: one call, for at most `seconds`.
 */
export function sippCalls(callee: string, caller: string, name: string, seconds = 90): SippCall {
  let output = ''
  const child = spawn(
    'timeout',
    ['-k', '5', String(seconds), 'sipp', `127.0.0.1:${sipPorts.udp}`, '-sf', path.join(configDir, 'call-softphone.xml'), '-s', callee, '-key', 'caller', caller, '-key', 'name', name, '-i', '127.0.0.1', '-p', String(sipPorts.sipp), '-m', '1', '-nostdin', '-timeout', `${seconds - 5}s`],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] }
  )
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const done = new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })))
  return { done, stop: () => stopGroup(child) }
}
