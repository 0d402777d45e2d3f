import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test'
import { demoAdmin } from './support/app'
import { uniqueLetters, uniquePhone } from './support/api'
import { shoot } from './support/shots'
import { signInApi, type Api } from './support/socket-api'

/**
 * Issue 16's cash desk, in Russian: the demo clinic's administrator opens /company/z-payments
 * from the settings and opens the shift with a float; a cash payment of a patient is taken (set
 * up through the socket API, as the patient card's billing screen would) and the X-report shows
 * it at once; cash is taken out to the safe; the shift is closed with a counted sum 10,00 short,
 * over/short showing as it is typed; the Z-report shows the frozen figures; the payments list
 * shows the payment with its patient, method and shift, and the day's totals. Screenshots at
 * 1366×800 and 390×844 go to SHOTS_DIR.
 */
test.describe.configure({ mode: 'serial' })
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя', 5)
const FLOAT = 100_000
const PAID = 250_000
const OUT = 50_000
const SHORT = 1_000

let admin: Api
let page: Page
let patientId: string
let branchId: string

/** Digits only, so checks do not depend on the currency sign or the kind of space Intl puts. */
const digits = (locator: Locator) => locator.evaluate((node) => (node.textContent ?? '').replace(/\D/g, ''))
/** The digits a formatted amount shows (150050 → "150050"). */
const shown = (minor: number) => String(minor).padStart(3, '0')
/** Minor units as the form takes them in Russian (150050 → "1500,50"). */
const typed = (minor: number) => `${(minor - (minor % 100)) / 100},${String(minor % 100).padStart(2, '0')}`

/** A screenshot without the toasts of the last save over the screen. */
async function shot(name: string, width: string) {
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('.ant-notification-notice-close').forEach((button) => button.click()))
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0)
  await shoot(page, name, width)
}

async function bothSizes(name: string, ready: () => Promise<void>) {
  for (const size of [{ name: 'desktop', width: 1366, height: 800 }, { name: 'phone', width: 390, height: 844 }]) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await ready()
    await shot(name, size.name)
  }
  await page.setViewportSize({ width: 1366, height: 800 })
}

test.beforeAll(async ({ browser }) => {
  admin = await signInApi(demoAdmin.email, demoAdmin.password)
  const patient = (await admin.service('customers').create({ first_name: 'Анна', last_name: `Кассова${tag}`, phone: uniquePhone() })) as { _id: string }
  patientId = patient._id
  page = await browser.newPage({ viewport: { width: 1366, height: 800 } })
  await page.addInitScript(() => localStorage.setItem('locale', 'ru'))
  await page.goto('/login')
  await page.locator('input[type=email]').fill(demoAdmin.email)
  await page.locator('input[type=password]').fill(demoAdmin.password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible()
  branchId = (await page.evaluate(() => localStorage.getItem('currentBrachCompanyId'))) ?? admin.auth.branchIds[0]
  // A shift left open by an earlier run of this journey on the same server is closed first.
  const open = await admin.service('z-payments').find({ query: { branchId, status: 'open' } })
  for (const shift of open.data) await admin.service('z-payments').patch(shift._id as string, { action: 'close', countedCash: (shift.report as { expectedCash: number }).expectedCash })
})
test.afterAll(async () => {
  await page.close()
  admin.close()
})

test('the administrator opens the shift with a float; a cash payment shows in the X-report at once; cash out lowers what is expected', async () => {
  await page.goto('/settings')
  await page.getByTestId('settings-cashDesk').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Касса' })).toBeVisible()
  await expect(page.getByTestId('open-shift')).toContainText('Смена не открыта')
  await page.getByTestId('open-float').fill('abc')
  await page.getByTestId('open-submit').click()
  await expect(page.getByTestId('open-shift').getByText('Введите сумму, например 1500,50')).toBeVisible()
  await page.getByTestId('open-float').fill(typed(FLOAT))
  await page.getByTestId('open-submit').click()
  const card = page.getByTestId('open-shift-card')
  await expect(card).toContainText('Основная касса')
  await expect(card.getByTestId('x-report')).toContainText('X-отчёт')
  await expect.poll(() => digits(card.getByTestId('report-expected'))).toBe(shown(FLOAT))

  // The payment is taken elsewhere (the patient card): its event refreshes the X-report.
  const payment = await admin.service('transactions').create({ clientKey: `cashdesk-${Date.now()}`, customerId: patientId, branchId, method: 'cash', amount: PAID })
  expect(payment.shiftId).toBeTruthy()
  await expect.poll(() => digits(card.getByTestId('report-cash-paid'))).toBe(shown(PAID))
  await expect(card.getByTestId('report-methods')).toContainText('Наличные')
  await expect(card.getByTestId('report-payments')).toContainText('Принято оплат: 1')
  await expect.poll(() => digits(card.getByTestId('report-expected'))).toBe(shown(FLOAT + PAID))

  await page.getByTestId('cash-out').click()
  const dialog = page.getByRole('dialog', { name: 'Изъять наличные из кассы' })
  await dialog.getByTestId('movement-amount').fill(typed(FLOAT + PAID + 100))
  await dialog.getByTestId('movement-note').fill('Сдача в сейф')
  await page.getByTestId('movement-save').click()
  await expect(dialog.getByText('В кассе нет столько наличных')).toBeVisible()
  await dialog.getByTestId('movement-amount').fill(typed(OUT))
  await page.getByTestId('movement-save').click()
  await expect(dialog).toBeHidden()
  await expect(card.getByTestId('movement')).toContainText('Сдача в сейф')
  await expect.poll(() => digits(card.getByTestId('report-expected'))).toBe(shown(FLOAT + PAID - OUT))
  await page.mouse.move(600, 700)
  await bothSizes('cash-desk-open', () => expect(card.getByTestId('x-report')).toBeVisible())
})

test('closing with the counted cash shows over/short as it is typed and then the frozen Z-report', async () => {
  const expected = FLOAT + PAID - OUT
  await page.getByTestId('close-shift').click()
  const dialog = page.getByRole('dialog', { name: 'Закрытие смены: пересчитайте наличные' })
  await expect.poll(() => digits(dialog.getByTestId('close-expected'))).toBe(shown(expected))
  await dialog.getByTestId('close-counted').fill(typed(expected - SHORT))
  await expect(dialog.getByTestId('close-over-short')).toContainText('Недостача')
  await expect.poll(() => digits(dialog.getByTestId('close-over-short'))).toBe(shown(SHORT))
  await bothSizes('cash-desk-close', () => expect(dialog).toBeVisible())
  await page.getByTestId('close-save').click()
  const z = page.getByRole('dialog', { name: 'Z-отчёт' })
  await expect(z.getByTestId('z-report')).toBeVisible()
  await expect.poll(() => digits(z.getByTestId('report-counted'))).toBe(shown(expected - SHORT))
  await expect.poll(() => digits(z.getByTestId('report-expected'))).toBe(shown(expected))
  await expect(z.getByTestId('report-over-short')).toContainText('Недостача')
  await expect.poll(() => digits(z.getByTestId('report-cash-paid'))).toBe(shown(PAID))
  await expect(z.getByTestId('report-payments')).toContainText('Принято оплат: 1')
  await expect(z.getByTestId('print-z')).toBeVisible()
  await bothSizes('cash-desk-z-report', () => expect(z).toBeVisible())
  await z.getByRole('button', { name: 'Готово' }).click()
  // The shift is closed: the screen offers a new one and lists the closed one with its figures.
  await expect(page.getByTestId('open-shift')).toBeVisible()
  const past = page.getByTestId('past-shift').first()
  await expect.poll(async () => (await digits(past)).endsWith(shown(SHORT))).toBe(true)
  await bothSizes('cash-desk-closed', () => expect(page.getByTestId('past-shifts')).toBeVisible())
})

test('the payments list shows the payment with its patient, method and shift, and the day\'s totals', async () => {
  await page.goto('/settings')
  await page.getByTestId('settings-payments').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Платежи' })).toBeVisible()
  const row = page.getByTestId('payment-row').filter({ hasText: `Кассова${tag}` })
  await expect(row).toContainText('Наличные')
  await expect(row).toContainText('Основная касса')
  await expect.poll(() => digits(row.getByTestId('payment-amount'))).toBe(shown(PAID))
  await expect(page.getByTestId('payments-totals')).toContainText('Итоги за эти дни')
  await expect(page.getByTestId('payments-total-cash')).toBeVisible()
  await bothSizes('payments', () => expect(page.getByTestId('payments-table')).toBeVisible())
})
