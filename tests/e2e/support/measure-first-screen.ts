/**
 * Measures what issue 3 asks the note to give: the JavaScript a first visit downloads before the
 * first screen (gzip size) and the time from navigation to that screen, cold (empty cache, no
 * service worker) and warm (service worker installed). Prints figures; asserts nothing.
 *
 * Usage: node --import tsx tests/e2e/support/measure-first-screen.ts http://localhost:3030
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { chromium } from 'playwright-core'

const base = process.argv[2] ?? 'http://localhost:3030'
const webRoot = process.env.WEB_ROOT ?? 'web/dist'
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

function gzipSize(urlPath: string): number {
  const file = path.join(webRoot, urlPath)
  return fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0
}

/** Figures go to stdout; the lint rule keeps console.log out of app code. */
const print = (...parts: unknown[]) => process.stdout.write(`${parts.join(' ')}\n`)

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args })
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })
  const page = await context.newPage()
  const scripts = new Set<string>()
  const everScripts = new Set<string>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.endsWith('.js') && url.pathname !== '/sw.js' && !url.pathname.startsWith('/workbox-')) {
      scripts.add(url.pathname)
      everScripts.add(url.pathname)
    }
  })

  const firstScreen = async () => {
    const started = Date.now()
    await page.goto(`${base}/login`, { waitUntil: 'commit' })
    await page.getByRole('button', { name: /Sign in|Войти|Kirjaudu|Kirish/ }).waitFor()
    const navigationToScreen = await page.evaluate(() => performance.now())
    return { wall: Date.now() - started, sinceNavigationStart: Math.round(navigationToScreen) }
  }

  const cold = await firstScreen()
  const coldScripts = [...scripts]
  const total = coldScripts.reduce((sum, script) => sum + gzipSize(script), 0)
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 30_000 }).catch(() => undefined)
  scripts.clear()
  const warm = await firstScreen()

  print(`first screen (/login), cold: ${cold.sinceNavigationStart} ms after navigation start; ${coldScripts.length} scripts, ${(total / 1024).toFixed(1)} KiB gzip`)
  for (const script of coldScripts.sort((a, b) => gzipSize(b) - gzipSize(a))) print(`  ${(gzipSize(script) / 1024).toFixed(1).padStart(6)} KiB  ${script}`)
  print(`first screen (/login), warm (service worker): ${warm.sinceNavigationStart} ms after navigation start`)

  // Signed in: the home dashboard after a reload (token in storage, guard re-authenticates).
  await page.locator('input[type=email]').fill(process.env.DEMO_EMAIL ?? 'admin@demo.clinic')
  await page.locator('input[type=password]').fill(process.env.DEMO_PASSWORD ?? 'Demo-clinic-2026')
  await page.locator('button[type=submit]').click()
  await page.locator('.stat-card').first().waitFor()
  await page.waitForLoadState('networkidle')
  const signedIn = [...everScripts].reduce((sum, script) => sum + gzipSize(script), 0)
  print(`home dashboard after sign-in: ${everScripts.size} scripts since the cold /login, ${(signedIn / 1024).toFixed(1)} KiB gzip`)
  await page.reload({ waitUntil: 'commit' })
  await page.locator('.stat-card').first().waitFor()
  const home = Math.round(await page.evaluate(() => performance.now()))
  print(`home dashboard after reload, signed in, warm: ${home} ms after navigation start`)
  await browser.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
