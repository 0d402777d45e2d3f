import { expect as baseExpect, test, type Locator } from '@playwright/test'
import { demoAdmin, russianPage } from './support/app'
import { uniqueLetters } from './support/api'
import { shoot } from './support/shots'
import { addMember, signInApi } from './support/socket-api'
import { companyToday } from '../../renderer/src/features/appointments/zoned-time'
import { zonedToUtcMs } from '../../domain/appointments/zoned-time'
import { periodRange } from '../../domain/reports/periods'
import type { ServiceReport } from '../../server/src/services/reports/service-reports/service-reports.shared'
import type { Toppers } from '../../server/src/services/reports/toppers/toppers.shared'

/**
 * Issue 19, the services report and the toppers, in Russian as the demo clinic's administrator:
 * a visit of today with a treatment invoiced through the API (so this month has a known line);
 * /reports/services shows the month's revenue equal to the API's, with its formula; the
 * service's revenue in the table opens its invoice lines, whose sum is that revenue and which
 * name the patient. The toppers' tab opens /reports/toppers: the best service by revenue is the
 * API's, and its bar opens rows that add up to it. Screenshots at 1366×800 and 390×844.
 */
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя', 5)
/** Digits only, so checks do not depend on the currency sign or the kind of space Intl puts. */
const digits = (locator: Locator) => locator.evaluate((node) => (node.textContent ?? '').replace(/\D/g, ''))
const minorDigits = (minor: number) => String(minor).padStart(3, '0')

test('the services report and the toppers: figures as the API, formulas, rows adding up to a number', async ({ browser }) => {
  const admin = await signInApi(demoAdmin.email, demoAdmin.password)
  const zone = (await admin.service('my-company').get('mine')).timezone as string
  const today = companyToday(zone)
  const [mainBranch] = (await admin.service('branches').find({ query: { isMain: true } })).data as Array<{ _id: string }>
  const doctor = await addMember(admin, 'doctor', { email: `services-doctor-${Date.now().toString(36)}@e2e.test`, password: 'Clinic-pass-2026!', first: 'Олег', last: `Услугин${tag}` })
  const patient = (await admin.service('customers').create({ first_name: 'Отчёт', last_name: `Услугов${tag}` })) as { _id: string }
  const service = ((await admin.service('service').find({ query: { $limit: 50 } })).data as Array<{ _id: string; name: string; duration: number; price: number }>).find((candidate) => candidate.price >= 1_000)!
  // At a fixed time of today (the new doctor has nothing booked): the invoice is issued today.
  const visit = (await admin.service('appointment').create({
    customerId: patient._id, staffId: doctor._id as string, branchId: mainBranch._id, start: new Date(zonedToUtcMs(today, '00:00', zone)).toISOString(), duration: service.duration,
    status: 'planned', overrideWorkingHours: true, services: [{ serviceId: service._id, name: service.name, duration: service.duration, price: service.price, quantity: 1 }]
  })) as { _id: string }
  await admin.service('appointment').patch(visit._id, { status: 'started' })
  const line = (await admin.service('treatment').create({ customerId: patient._id, appointmentId: visit._id, serviceId: service._id })) as { _id: string }
  await admin.service('appointment').patch(visit._id, { status: 'completed' })
  await admin.service('invoices').create({ customerId: patient._id, treatmentIds: [line._id] })
  const month = periodRange('thisMonth', today, { first: null, last: null })!
  const report = (await admin.service('service-reports').find({ query: { ...month } })) as unknown as ServiceReport
  const toppers = (await admin.service('toppers').find({ query: { ...month } })) as unknown as Toppers
  admin.close()

  const page = await russianPage(browser)
  const shots = async (name: string) => {
    await page.setViewportSize({ width: 1366, height: 800 })
    await shoot(page, name, 'desktop')
    await page.setViewportSize({ width: 390, height: 844 })
    await shoot(page, name, 'phone')
    await page.setViewportSize({ width: 1366, height: 800 })
  }
  await page.goto('/reports/services')
  await expect(page.getByRole('heading', { level: 1, name: 'Отчёт по услугам' })).toBeVisible()
  await expect(page.getByTestId('reports-tile-revenue')).toContainText('за вычетом скидки пациента')
  await expect.poll(() => digits(page.getByTestId('reports-total-revenue'))).toBe(minorDigits(report.totals.revenue))
  await expect(page.getByTestId('reports-top-services')).toBeVisible()
  await shots('reports-services')

  const row = page.getByTestId('reports-services-table').locator(`tr[data-row-key="${service._id}"]`)
  const revenue = row.locator('td').nth(4).locator('.reports-number')
  const expected = report.services.find((entry) => entry.serviceId === service._id)!.revenue
  expect(await digits(revenue)).toBe(minorDigits(expected))
  await revenue.click()
  const drawer = page.getByTestId('reports-rows')
  await expect(drawer.getByText(`Услугов${tag} Отчёт`)).toBeVisible()
  await expect.poll(() => digits(page.getByTestId('reports-rows-sum'))).toMatch(new RegExp(`^${minorDigits(expected)}`))
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'reports-services-rows', 'phone')
  await page.setViewportSize({ width: 1366, height: 800 })
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  await page.getByTestId('reports-nav').getByRole('tab', { name: 'Лидеры' }).click()
  await expect(page).toHaveURL(/\/reports\/toppers/)
  const [best] = toppers.lists.servicesByRevenue
  const bar = page.getByTestId(`reports-top-servicesByRevenue-${best.key}`)
  await expect.poll(() => digits(bar.locator('.reports-topbar-value'))).toBe(minorDigits(best.value))
  await expect(page.getByTestId('reports-toppers-doctorsByVisits')).toContainText('по врачу записи')
  await shots('reports-toppers')
  await bar.click()
  await expect.poll(() => digits(page.getByTestId('reports-rows-sum'))).toMatch(new RegExp(`^${minorDigits(best.value)}`))
  await shoot(page, 'reports-toppers-rows', 'desktop')
  await page.close()
})
