import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

/**
 * Browser tests: Debian's Chromium (never a downloaded one), against the real server serving
 * the real build, on a free port with a fresh temporary data folder.
 *
 * The config is evaluated again in every worker, so the chosen port and folder go into the
 * environment once, where the workers inherit them. Set E2E_PORT to test a server you already run.
 */
function freePort(): string {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim()
}

// A port given by hand means a server you run yourself, serving web/dist.
const ownServer = Boolean(process.env.E2E_PORT)
process.env.E2E_PORT ??= freePort()
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-e2e-'))
process.env.E2E_SMTP_PORT ??= freePort()
// The local Telegram Bot API the Telegram journey starts (tests/server/support/telegram-server.ts).
process.env.E2E_TELEGRAM_PORT ??= freePort()
// The local WhatsApp Cloud API (Graph API) the same journey starts (tests/server/support/whatsapp-server.ts).
process.env.E2E_WHATSAPP_PORT ??= freePort()
// The local OnlinePBX API the telephony journey starts (tests/server/support/onlinepbx-server.ts).
process.env.E2E_ONLINEPBX_PORT ??= freePort()
const port = process.env.E2E_PORT
const baseURL = `http://localhost:${port}`
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// Tests build into their own folder so a run never disturbs web/dist (nor another run); with
// E2E_SKIP_BUILD the build already in web/dist is served, as scripts/test.sh does. Not inside
// the data folder: the server refuses a WEB_ROOT there (it could expose the data).
process.env.E2E_WEB_ROOT ??= process.env.E2E_SKIP_BUILD || ownServer ? 'web/dist' : fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-e2e-web-'))
const webRoot = process.env.E2E_WEB_ROOT
const build = process.env.E2E_SKIP_BUILD ? 'true' : `node_modules/.bin/vite build --config web/vite.config.ts --logLevel warn --outDir ${JSON.stringify(path.resolve(webRoot))} --emptyOutDir`

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Catches the server's mail (password reset links) in E2E_DATA_DIR/mail.
  globalSetup: './tests/e2e/support/mail-catcher.ts',
  // The journeys share one server and one build (the update test rewrites sw.js): one at a time.
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync'
      ]
    }
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined } }],
  webServer: {
    command: `${build} && node --import tsx server/src/index.ts`,
    url: `${baseURL}/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_ROOT: webRoot,
      DEMO_SEED: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      TELEGRAM_API_ROOT: `http://127.0.0.1:${process.env.E2E_TELEGRAM_PORT}`,
      WHATSAPP_BASE_URL: `http://127.0.0.1:${process.env.E2E_WHATSAPP_PORT}`,
      ONLINEPBX_BASE_URL: `http://127.0.0.1:${process.env.E2E_ONLINEPBX_PORT}`,
      // Sign-in throttling would trip over the wrong-password test run after run.
      SIGNIN_LIMIT_ACCOUNT: '50',
      SIGNIN_LIMIT_ADDRESS: '500'
    }
  }
})
