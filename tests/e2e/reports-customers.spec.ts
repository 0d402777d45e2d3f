import { expect as baseExpect, test, type Locator } from '@playwright/test'
import { demoAdmin, russianPage } from './support/app'
import { uniqueLetters } from './support/api'
import { shoot } from './support/shots'
import { signInApi } from './support/socket-api'
import { companyToday } from '../../renderer/src/features/appointments/zoned-time'
import { periodRange } from '../../domain/reports/periods'

/**
 * Issue 19: the customers report and the conversion funnel, in Russian, as the demo clinic's
 * administrator. A patient registered through the API today is one of the month's registered
 * patients: the tile equals the API's figure, states its formula, and opens the patients (the
 * new one among them) as many as the figure. The tabs open the funnel, whose first step equals
 * the API's. Screenshots of both at 1366×800 and 390×844.
 */
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя', 5)
const digits = (locator: Locator) => locator.evaluate((node) => (node.textContent ?? '').replace(/\D/g, ''))
const sizes = [{ name: 'desktop', width: 1366, height: 800 }, { name: 'phone', width: 390, height: 844 }]

test('the customers report and the funnel: figures equal the API, a figure opens its patients', async ({ browser }) => {
  const admin = await signInApi(demoAdmin.email, demoAdmin.password)
  await admin.service('customers').create({ first_name: 'Воронка', last_name: `Новикова${tag}` })
  const today = companyToday((await admin.service('my-company').get('mine')).timezone as string)
  const month = periodRange('thisMonth', today, { first: null, last: null })!
  const report = (await admin.service('customer-reports').find({ query: { ...month } })) as unknown as { totals: { registered: number; newPatients: number } }
  const funnel = (await admin.service('customer-conversion-funnel-reports').find({ query: { ...month } })) as unknown as { totals: { entered: number } }
  admin.close()
  expect(funnel.totals.entered).toBe(report.totals.registered)

  const page = await russianPage(browser)
  await page.goto('/reports/customers')
  await expect(page.getByRole('heading', { level: 1, name: 'Отчёт по пациентам' })).toBeVisible()
  await expect(page.getByTestId('customers-tile-newPatients')).toContainText('первым визитом пациента')
  const registered = page.getByTestId('customers-total-registered')
  await expect(registered).toHaveText(String(report.totals.registered))
  await expect(page.getByTestId('customers-total-newPatients')).toHaveText(String(report.totals.newPatients))
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await shoot(page, 'reports-customers', size.name)
  }
  await registered.click()
  const drawer = page.getByTestId('reports-rows')
  await expect(drawer.getByText(`Новикова${tag} Воронка`)).toBeVisible()
  expect(await digits(page.getByTestId('reports-rows-sum'))).toBe(String(report.totals.registered))
  await shoot(page, 'reports-customers-rows', 'phone')
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  await page.setViewportSize({ width: 1366, height: 800 })
  await page.getByTestId('reports-nav').getByRole('tab', { name: 'Воронка' }).click()
  await expect(page).toHaveURL(/\/reports\/conversion-funnel/)
  await expect(page.getByRole('heading', { level: 1, name: 'Воронка конверсии' })).toBeVisible()
  await expect(page.getByTestId('funnel-total-entered')).toHaveText(String(funnel.totals.entered))
  await expect(page.getByTestId('funnel-step-paid')).toContainText('Из принявших план')
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await shoot(page, 'reports-funnel', size.name)
  }
  await page.close()
})
