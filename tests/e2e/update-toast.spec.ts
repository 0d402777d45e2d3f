import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { useEnglish } from './support/app'

/**
 * Issue 3, section 4: when a new service worker waits, a persistent 'New Update Available'
 * toast offers 'Click to refresh', and the page reloads once the new worker controls it.
 * A new version is simulated by changing the served /sw.js (restored afterwards).
 */
const swFile = path.join(process.env.E2E_WEB_ROOT ?? 'web/dist', 'sw.js')

test('shows the update toast when a new service worker is waiting, and reloads on click', async ({ page }) => {
  const original = fs.readFileSync(swFile, 'utf8')
  try {
    await useEnglish(page)
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    // The first worker installs, claims the page, and registration exposes the update check.
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller && 'checkForAppUpdate' in window), null, { timeout: 30_000 })

    fs.writeFileSync(swFile, `${original}\n// next version ${Date.now()}\n`)
    await page.evaluate(() => (window as unknown as { checkForAppUpdate: () => Promise<void> }).checkForAppUpdate())

    const toast = page.locator('.ant-notification-notice').filter({ hasText: 'New Update Available' })
    await expect(toast).toBeVisible({ timeout: 30_000 })
    // Longer than an ordinary toast lives (1500 ms): this one must stay.
    await page.waitForTimeout(2_500)
    await expect(toast).toBeVisible()

    const reloaded = page.waitForEvent('load')
    await toast.getByRole('button', { name: 'Click to refresh' }).click()
    await reloaded
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await expect(page.locator('.ant-notification-notice').filter({ hasText: 'New Update Available' })).toHaveCount(0)
  } finally {
    fs.writeFileSync(swFile, original)
  }
})
