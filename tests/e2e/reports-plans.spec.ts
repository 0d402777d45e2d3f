import { expect as baseExpect, test, type Locator } from '@playwright/test'
import { demoAdmin, russianPage } from './support/app'
import { uniqueLetters } from './support/api'
import { shoot } from './support/shots'
import { signInApi } from './support/socket-api'
import { companyToday } from '../../renderer/src/features/appointments/zoned-time'
import { periodRange } from '../../domain/reports/periods'
import type { TreatmentPlanReport } from '../../server/src/services/reports/treatment-plan-reports/treatment-plan-reports.shared'

/**
 * Issue 19, the treatment plans report, in Russian as the demo clinic's administrator: a plan of
 * today presented and accepted through the API (so this month has an accepted item with no visit);
 * /reports/treatment-plans shows the month's presented plans and unscheduled items as the API
 * counts them, with their formulas; the unscheduled count opens the items, whose sum is the
 * figure's value and which name the patient and the tooth. Screenshots at 1366×800 and 390×844.
 */
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя', 5)
/** Digits only, so checks do not depend on the currency sign or the kind of space Intl puts. */
const digits = (locator: Locator) => locator.evaluate((node) => (node.textContent ?? '').replace(/\D/g, ''))
const minorDigits = (minor: number) => String(minor).padStart(3, '0')

test('the treatment plans report: figures as the API, formulas, unscheduled items adding up to their value', async ({ browser }) => {
  const admin = await signInApi(demoAdmin.email, demoAdmin.password)
  const zone = (await admin.service('my-company').get('mine')).timezone as string
  const today = companyToday(zone)
  const patient = (await admin.service('customers').create({ first_name: 'План', last_name: `Планов${tag}` })) as { _id: string }
  const service = ((await admin.service('service').find({ query: { $limit: 50, archived: false } })).data as Array<{ _id: string; price: number }>).find((candidate) => candidate.price >= 1_000)!
  const plan = (await admin.service('treatment-plan').create({ customerId: patient._id, title: `Отчёт ${tag}`, phases: [{ title: 'Этап 1', items: [{ serviceId: service._id, teeth: [{ tooth: 36 }] }] }] })) as { _id: string }
  await admin.service('treatment-plan').patch(plan._id, { action: 'present' })
  await admin.service('treatment-plan').patch(plan._id, { action: 'accept' })
  const month = periodRange('thisMonth', today, { first: null, last: null })!
  const report = (await admin.service('treatment-plan-reports').find({ query: { ...month } })) as unknown as TreatmentPlanReport
  admin.close()
  expect(report.totals.itemsUnscheduled.count).toBeGreaterThan(0)

  const page = await russianPage(browser)
  await page.goto('/reports/treatment-plans')
  await expect(page.getByRole('heading', { level: 1, name: 'Планы лечения' })).toBeVisible()
  await expect(page.getByTestId('plans-tile-itemsUnscheduled')).toContainText('без предстоящего визита')
  await expect.poll(() => digits(page.getByTestId('plans-total-presented-count'))).toBe(String(report.totals.presented.count))
  await expect.poll(() => digits(page.getByTestId('plans-total-presented-value'))).toBe(minorDigits(report.totals.presented.value))
  await expect(page.getByTestId('plans-finder')).toBeVisible()
  for (const [width, height, kind] of [[1366, 800, 'desktop'], [390, 844, 'phone']] as const) {
    await page.setViewportSize({ width, height })
    await shoot(page, 'reports-plans', kind)
  }
  await page.setViewportSize({ width: 1366, height: 800 })

  await page.getByTestId('plans-total-itemsUnscheduled-count').click()
  const drawer = page.getByTestId('reports-rows')
  await expect(drawer.getByText(`Планов${tag} План`)).toBeVisible()
  await expect.poll(() => digits(page.getByTestId('reports-rows-sum'))).toMatch(new RegExp(`^${minorDigits(report.totals.itemsUnscheduled.value)}${report.totals.itemsUnscheduled.count}`))
  await expect(drawer.locator('tr', { hasText: `Планов${tag}` })).toContainText('36')
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'reports-plans-rows', 'phone')
})
