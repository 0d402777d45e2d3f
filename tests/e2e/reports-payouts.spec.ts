import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test'
import { demoAdmin, russianPage } from './support/app'
import { shoot } from './support/shots'
import { signInApi, type Api } from './support/socket-api'
import { companyToday } from '../../renderer/src/features/appointments/zoned-time'
import { periodRange } from '../../domain/reports/periods'

/**
 * Issue 19, the payouts and expenses reports, in Russian, as the demo clinic's administrator:
 * through the API a doctor is paid out and a rent expense recorded today. The payouts report
 * shows the month's "Выплачено" as user-balance-reports answers it, per doctor with the formulas;
 * the by-day view (payouts2_0) draws earned against paid out; the expenses report shows the
 * month's expenses as expense-reports answers it, and its total opens the expense rows whose sum
 * is the figure. Screenshots of each at 1366×800 and 390×844.
 */
const expect = baseExpect.configure({ timeout: 15_000 })
const sizes = [{ name: 'desktop', width: 1366, height: 800 }, { name: 'phone', width: 390, height: 844 }]

let admin: Api
let page: Page
let month: { from: string; to: string }

/** Money as shown, in minor units (two decimals): digits and a minus only, so checks do not depend on the currency sign or the kind of space Intl puts. */
const amount = (locator: Locator) => locator.evaluate((node) => Number((node.textContent ?? '').replace(/[^\d−-]/g, '').replace('−', '-')))

test.beforeAll(async ({ browser }) => {
  admin = await signInApi(demoAdmin.email, demoAdmin.password)
  const today = companyToday((await admin.service('my-company').get('mine')).timezone as string)
  month = periodRange('thisMonth', today)!
  const team = (await admin.service('my-team').find({ query: { $limit: 100 } })).data as Array<{ _id: string; acceptsAppointments?: boolean }>
  const doctor = team.find((member) => member.acceptsAppointments)!
  await admin.service('user-balance-history').create({ action: 'payout', userId: doctor._id, amount: 150_000, method: 'cash', note: 'Аванс' })
  await admin.service('expense').create({ category: 'rent', amount: 2_500_000, supplier: 'ООО Арендодатель', documentNumber: '12/7' })
  page = await russianPage(browser)
})
test.afterAll(async () => {
  await page.close()
  admin.close()
})

test('payouts per doctor and by day, and expenses with the net: figures as the API answers, a drill-down adding up, on desktop and phone', async () => {
  const payouts = (await admin.service('user-balance-reports').find({ query: month })) as unknown as { paidOut: number; share: number }
  await page.goto('/reports/payouts')
  await expect(page.getByRole('heading', { level: 1, name: 'Выплаты врачам' })).toBeVisible()
  await expect(page.getByTestId('reports-tile-balance')).toContainText('Долг на начало + начислено − выплачено')
  await expect.poll(() => amount(page.getByTestId('reports-total-paidOut'))).toBe(payouts.paidOut)
  expect(payouts.paidOut).toBeGreaterThanOrEqual(150_000)
  await expect(page.getByTestId('reports-table')).toContainText('Итого')
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await shoot(page, 'reports-payouts', size.name)
  }

  await page.setViewportSize({ width: 1366, height: 800 })
  await page.getByTestId('reports-nav').getByRole('tab', { name: 'Выплаты по дням' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Выплаты по дням' })).toBeVisible()
  await expect(page.getByTestId('reports-chart')).toBeVisible()
  await expect.poll(() => amount(page.getByTestId('reports-total-paidOut'))).toBe(payouts.paidOut)
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await shoot(page, 'reports-payouts-by-day', size.name)
  }

  const expenses = (await admin.service('expense-reports').find({ query: month })) as unknown as { totals: { expenses: number; net: number } }
  await page.setViewportSize({ width: 1366, height: 800 })
  await page.getByTestId('reports-nav').getByRole('tab', { name: 'Расходы' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Расходы' })).toBeVisible()
  await expect(page.getByTestId('reports-tile-net')).toContainText('Получено − расходы − выплаты врачам')
  await expect.poll(() => amount(page.getByTestId('reports-total-expenses'))).toBe(expenses.totals.expenses)
  await expect.poll(() => amount(page.getByTestId('reports-total-net'))).toBe(expenses.totals.net)
  await expect(page.getByTestId('reports-by-category')).toContainText('Аренда')
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await shoot(page, 'reports-expenses', size.name)
  }

  await page.getByTestId('reports-total-expenses').click()
  const drawer = page.getByTestId('reports-rows')
  await expect(drawer.getByText('ООО Арендодатель').first()).toBeVisible()
  await expect(page.getByTestId('reports-rows-sum')).toBeVisible()
  const sum = await page.getByTestId('reports-rows-sum').evaluate((node) => (node.textContent ?? '').split('·')[0].replace(/[^\d]/g, ''))
  expect(Number(sum)).toBe(expenses.totals.expenses)
  await shoot(page, 'reports-expenses-rows', 'phone')
})
