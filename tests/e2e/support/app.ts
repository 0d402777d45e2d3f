import { expect, type Page } from '@playwright/test'

/** The demo clinic the test server seeds on its first start (DEMO_SEED=1). */
export const demoAdmin = { email: 'admin@demo.clinic', password: 'Demo-clinic-2026' }

/** A password that passes the rules of spec section 5. */
export const goodPassword = 'Clinic-pass-2026!'

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`
}

/** English, whatever a previous test chose on this device. */
export async function useEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-locale-set')) {
      localStorage.setItem('locale', 'en')
      sessionStorage.setItem('e2e-locale-set', '1')
    }
  })
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
}

/** The sidebar (desktop) entries, by their visible names. */
export async function sidebarEntries(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation').getByRole('menuitem')
  await menu.first().waitFor()
  return (await menu.allInnerTexts()).map((text) => text.trim())
}
