import { devices, expect, test } from '@playwright/test'
import { demoAdmin, signIn, useEnglish } from './support/app'

/** Issue 3, section 4: the installable-app details a person never sees until they go wrong. */

test('a desktop gets the desktop manifest, a phone the mobile one', async ({ page, browser }) => {
  await page.goto('/login')
  await expect(page.locator('link[rel=manifest]')).toHaveAttribute('href', '/manifest-desktop.webmanifest')
  const desktop = await (await page.request.get('/manifest-desktop.webmanifest')).json()
  expect(desktop.display).toBe('standalone')
  for (const icon of desktop.icons) expect((await page.request.get(icon.src)).ok()).toBe(true)

  const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7']
  const phone = await browser.newContext(pixel)
  const phonePage = await phone.newPage()
  await phonePage.goto('/login')
  await expect(phonePage.locator('link[rel=manifest]')).toHaveAttribute('href', '/manifest-mobile.webmanifest')
  await phone.close()
})

test('the viewport-height variable follows the window', async ({ page }) => {
  await page.goto('/login')
  const vh = () => page.evaluate(() => document.documentElement.style.getPropertyValue('--vh'))
  expect(await vh()).toBe('8px')
  await page.setViewportSize({ width: 1280, height: 600 })
  await expect.poll(vh).toBe('6px')
})

test('the service worker precaches the app shell and never the API', async ({ page }) => {
  const sw = await (await page.request.get('/sw.js')).text()
  expect(sw).toContain('index.html')
  expect(sw).toMatch(/assets\/index-[\w-]+\.js/)
  // No runtime caching routes: data only ever comes over the socket, live.
  expect(sw).not.toContain('registerRoute(/')
  expect(sw).not.toMatch(/NetworkFirst|StaleWhileRevalidate|CacheFirst/)
})

test.describe('without a service worker (so the test can fail a chunk download)', () => {
  test.use({ serviceWorkers: 'block' })

  test('a screen whose code cannot be loaded explains itself instead of a blank page', async ({ page }) => {
    await useEnglish(page)
    await signIn(page, demoAdmin.email, demoAdmin.password)
    await page.route(/\/assets\/SettingsPage-[\w-]+\.js$/, (route) => route.abort('failed'))
    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click()
    // The first failure reloads once (a new build may have replaced the files); the second shows why.
    await expect(page.getByText('This screen could not be loaded')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible()
    await expect(page).toHaveURL(/\/settings$/)
  })
})
