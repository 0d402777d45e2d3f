import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { demoAdmin, useEnglish } from './support/app'

/**
 * Spec sections 4 and 9: the socket reconnects with backoff and a previously authenticated
 * socket re-authenticates. This test runs its own server so it can stop and restart it.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-reconnect-'))
let port = 0
let server: ChildProcess | null = null

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: chosen } = probe.address() as net.AddressInfo
      probe.close(() => resolve(chosen))
    })
  })
}

async function startServer() {
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, WEB_ROOT: process.env.E2E_WEB_ROOT ?? 'web/dist', DEMO_SEED: '1', LOG_LEVEL: 'warn' },
    stdio: 'ignore'
  })
  await expect.poll(async () => fetch(`http://localhost:${port}/health`).then((response) => response.ok).catch(() => false), { timeout: 60_000 }).toBe(true)
}

async function stopServer() {
  if (!server) return
  const running = server
  const stopped = new Promise((resolve) => running.once('exit', resolve))
  running.kill('SIGTERM')
  // A graceful stop may wait for open sockets; this test is about the client, so do not wait long.
  const forced = setTimeout(() => running.kill('SIGKILL'), 3_000)
  await stopped
  clearTimeout(forced)
  server = null
}

test.beforeAll(async () => {
  port = await freePort()
  await startServer()
})

test.afterAll(async () => {
  await stopServer()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

test('after the server restarts, the page reconnects, re-authenticates and works on', async ({ page }) => {
  test.setTimeout(120_000)
  await useEnglish(page)
  const base = `http://localhost:${port}`
  await page.goto(`${base}/login`)
  await page.getByLabel('E-mail').fill(demoAdmin.email)
  await page.getByLabel('Password', { exact: true }).fill(demoAdmin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()

  await stopServer()
  await expect(page.getByText('Connection lost. Reconnecting…')).toBeVisible({ timeout: 15_000 })

  await startServer()
  await expect(page.getByText('Connection lost. Reconnecting…')).toBeHidden({ timeout: 30_000 })
  // Still signed in, and calls that need the session succeed on the new connection.
  await page.getByRole('navigation').getByRole('link', { name: 'Team' }).click()
  await expect(page.getByRole('row', { name: /Rahimova/ })).toBeVisible()
  await expect(page).toHaveURL(`${base}/people/team`)
})
