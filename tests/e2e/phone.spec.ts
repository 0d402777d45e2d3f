import { devices, expect, test } from '@playwright/test'
import { demoAdmin } from './support/app'

/** The same screens on a phone: the sidebar becomes a drawer, the switchers shrink. */
const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7']
test.use({ ...pixel, viewport: { width: 390, height: 844 } })

test('on a phone the menu is a drawer that closes after choosing a screen', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-locale-set')) {
      localStorage.setItem('locale', 'en')
      sessionStorage.setItem('e2e-locale-set', '1')
    }
  })
  await page.goto('/login')
  // The director has no saved language, so the device's English stays.
  await page.getByLabel('E-mail').fill('petrov@demo.clinic')
  await page.getByLabel('Password', { exact: true }).fill(demoAdmin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('user-menu')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden()

  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await expect(menu).toBeVisible()
  await menu.getByRole('link', { name: 'Team' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible()
  await expect(menu).toBeHidden()

  // Nothing wider than the screen: the page itself never scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})
