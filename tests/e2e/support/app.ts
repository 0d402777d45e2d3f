import { expect, type Browser, type Page } from '@playwright/test'

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

/** Closes every notice on screen (top right, over the header's buttons). */
export async function closeNotices(page: Page) {
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('.ant-notification-notice-close').forEach((button) => button.click()))
}

/** The sidebar (desktop) entries, by their visible names. */
export async function sidebarEntries(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation').getByRole('menuitem')
  await menu.first().waitFor()
  return (await menu.allInnerTexts()).map((text) => text.trim())
}

export interface Owner {
  email: string
  password: string
  first: string
  last: string
  clinic: string
}

/** Registers a new clinic through /welcome; ends signed in on the home dashboard. */
export async function registerClinic(page: Page, owner: Owner) {
  await page.goto('/welcome')
  await page.getByLabel('Clinic name').fill(owner.clinic)
  await page.getByLabel('First name').fill(owner.first)
  await page.getByLabel('Last name').fill(owner.last)
  await page.getByLabel('Phone').fill('+998 90 123 45 67')
  await page.getByLabel('E-mail').fill(owner.email)
  await page.getByLabel('Password', { exact: true }).fill(owner.password)
  await page.getByLabel('Repeat password').fill(owner.password)
  await page.getByRole('button', { name: 'Create clinic' }).click()
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Good (morning|afternoon|evening), ${owner.first}`) })).toBeVisible()
}

/** The message antd shows under a form field, found through the field's label. */
export function fieldError(page: Page, label: string) {
  return page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }).locator('.ant-form-item-explain-error')
}

/**
 * Chooses an entry of the account menu and waits until the page is at `path` (exactly that
 * pathname). A menu click made while another navigation of the page is still settling (a lazily
 * loaded screen, a tab written into the address) can be overtaken by it, as a person's would;
 * like a person, the helper then opens the menu and chooses again.
 */
export async function chooseFromAccountMenu(page: Page, entry: string, path: string) {
  const pathname = () => new URL(page.url()).pathname
  await expect(async () => {
    if (pathname() === path) return
    const item = page.getByRole('menuitem', { name: entry })
    // A notice ("Saved") lies over the account button, and the pointer resting on it keeps it open: closed first.
    if (!(await item.isVisible())) await closeNotices(page)
    if (!(await item.isVisible())) await page.getByTestId('user-menu').click({ timeout: 5_000 })
    await item.click({ timeout: 5_000 })
    await expect.poll(pathname, { timeout: 5_000 }).toBe(path)
  }).toPass({ timeout: 30_000 })
}

/**
 * Opens a screen of the running app the way a link does, without reloading it: the app, its
 * socket and what it has read stay, as when a person clicks through. A screen walk that reloads
 * the whole app for every screen spends most of its time starting the app again.
 */
export async function openInApp(page: Page, path: string) {
  const main = page.locator('main#main')
  const before = await main.getAttribute('data-shown')
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  // The screen of that address is drawn (the layout says so once the router is idle), not the
  // previous one still on screen while the next one's code loads. A screen may rewrite its
  // address once drawn (the calendar takes `book=1` out): the path is what must match, and the
  // address drawn must be a new one unless the same address was asked for again.
  const target = new URL(path, page.url())
  const sameAgain = before !== null && new URL(before, target).href === target.href
  const drawn = (shown: string | null) => shown !== null && new URL(shown, target).pathname === target.pathname && (sameAgain || shown !== before)
  await expect.poll(async () => drawn(await main.getAttribute('data-shown'))).toBe(true)
}

/**
 * A new page at a desktop's size, signed in as `account` with the interface in Russian (the
 * clinic's language in the journeys): the set-up every Russian journey starts with.
 */
export async function russianPage(browser: Browser, account: { email: string; password: string } = demoAdmin): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 800 } })
  await page.addInitScript(() => localStorage.setItem('locale', 'ru'))
  await page.goto('/login')
  await page.locator('input[type=email]').fill(account.email)
  await page.locator('input[type=password]').fill(account.password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible({ timeout: 20_000 })
  return page
}

