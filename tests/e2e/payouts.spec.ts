import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test'
import { demoAdmin, signIn, useEnglish } from './support/app'
import { uniqueLetters, uniquePhone } from './support/api'
import { shoot } from './support/shots'
import { addMember, signInApi, type Api } from './support/socket-api'
import { companyToday, addDays } from '../../renderer/src/features/appointments/zoned-time'
import { percentOf } from '../../domain/billing/money'

/**
 * Issue 16, item 6 (payouts), in English: through the socket API a doctor with 30 % of revenue
 * did a treatment whose invoice is paid in full. The doctor signs in, opens "My earnings" from
 * the sidebar and sees their share. The finance manager opens the doctor's earnings from the team
 * list, closes the period and records a payout; the balance drops by it. Screenshots of both
 * screens at 1366×800 and 390×844 go to SHOTS_DIR.
 */
test.describe.configure({ mode: 'serial' })
// Two sign-ins, a close and a payout on a shared, slow machine.
test.setTimeout(180_000)
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters()
const password = 'Clinic-pass-2026!'
const doctorEmail = `payouts-doctor-${Date.now().toString(36)}@e2e.test`
const financeEmail = `payouts-finance-${Date.now().toString(36)}@e2e.test`
const doctorLast = `Earner${tag}`

let admin: Api
let doctorId: string
let total = 0

/** Digits only, so the check does not depend on the currency sign or the kind of space Intl puts. */
const digits = (locator: Locator) => locator.evaluate((node) => (node.textContent ?? '').replace(/\D/g, ''))
const shown = (minor: number) => String(minor).padStart(3, '0')

async function shot(page: Page, name: string, width: string) {
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('.ant-notification-notice-close').forEach((button) => button.click()))
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0)
  await shoot(page, name, width)
}

test.beforeAll(async () => {
  admin = await signInApi(demoAdmin.email, demoAdmin.password)
  const doctor = await addMember(admin, 'doctor', { email: doctorEmail, password, first: 'Paula', last: doctorLast })
  doctorId = doctor._id as string
  const hours = [{ start: '00:00', end: '23:59' }]
  await admin.service('users').patch(doctorId, {
    acceptsAppointments: true,
    percentOfRevenue: 30,
    schedule: { week: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((key) => [key, hours])) }
  })
  await addMember(admin, 'finance', { email: financeEmail, password, first: 'Frank', last: `Ledger${tag}` })

  const zone = (await admin.service('my-company').get('mine')).timezone as string
  const patient = (await admin.service('customers').create({ first_name: 'Pat', last_name: `Payer${tag}`, phone: uniquePhone() })) as { _id: string }
  const [mainBranch] = (await admin.service('branches').find({ query: { isMain: true } })).data as Array<{ _id: string }>
  const services = (await admin.service('service').find({ query: { $limit: 50 } })).data as Array<{ _id: string; name: string; duration: number; price: number }>
  const service = services.find((candidate) => candidate.price >= 1_000)!
  total = service.price
  const today = companyToday(zone)
  const [free] = (
    await admin.service('appointment-slots').find({
      query: { serviceIds: [service._id], staffId: doctorId, branchId: mainBranch._id, dateFrom: today, dateTo: addDays(today, 2), $limit: 1 }
    })
  ).data as Array<{ start: string; branchId: string }>
  const visit = (await admin.service('appointment').create({
    customerId: patient._id, staffId: doctorId, branchId: free.branchId, start: free.start, duration: service.duration, status: 'planned',
    services: [{ serviceId: service._id, name: service.name, duration: service.duration, price: service.price, quantity: 1 }]
  })) as { _id: string }
  await admin.service('appointment').patch(visit._id, { status: 'started' })
  await admin.service('treatment').create({ customerId: patient._id, appointmentId: visit._id, serviceId: service._id })
  const invoice = await admin.service('invoices').create({ customerId: patient._id, appointmentId: visit._id })
  await admin.service('transactions').create({
    customerId: patient._id, method: 'cash', amount: invoice.total as number, clientKey: `payouts-e2e-${tag}`, allocations: [{ invoiceId: invoice._id as string, amount: invoice.total as number }]
  })
})

test.afterAll(() => {
  admin?.close()
})

test('the doctor signs in and sees their 30 % share on My earnings, on a desktop and a phone', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 800 } })
  await useEnglish(page)
  await signIn(page, doctorEmail, password)
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My earnings' }).click()
  await expect(page).toHaveURL(/\/my-earnings$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My earnings' })).toBeVisible()
  await expect.poll(() => digits(page.getByTestId('payouts-total-share'))).toBe(shown(percentOf(total, 30)))
  await expect.poll(() => digits(page.getByTestId('payouts-total-base'))).toBe(shown(total))
  await expect(page.getByTestId('payouts-lines')).toContainText(`Payer${tag} Pat`)
  await expect(page.getByTestId('payouts-lines')).toContainText('30%')
  await shot(page, 'my-earnings', 'desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByTestId('payouts-total-share')).toBeVisible()
  await shot(page, 'my-earnings', 'phone')
  await page.close()
})

test('finance opens the doctor from the team list, closes the period and records a payout', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 800 } })
  await useEnglish(page)
  await signIn(page, financeEmail, password)
  await page.goto('/people/team')
  await page.getByPlaceholder(/search/i).first().fill(doctorLast)
  const row = page.locator('tr').filter({ hasText: doctorLast })
  await row.getByTestId('member-balance').click()
  await expect(page).toHaveURL(new RegExp(`/people/${doctorId}/balanceHistory$`))
  await expect(page.getByRole('heading', { level: 1, name: `Earnings of ${doctorLast} Paula` })).toBeVisible()
  const share = percentOf(total, 30)
  await expect.poll(() => digits(page.getByTestId('payouts-total-balance'))).toBe(shown(share))

  await page.getByTestId('payouts-close').click()
  await page.getByTestId('payouts-close-confirm').click()
  await expect(page.getByText('Period closed: 1 line locked')).toBeVisible()
  await expect(page.getByTestId('payouts-lines')).toContainText('Closed')
  await expect(page.getByTestId('payouts-meta')).toContainText('Closed up to')

  await page.getByTestId('payouts-record').click()
  // The share in whole currency units: typed without decimals.
  const paid = share - (share % 100)
  await page.getByTestId('payout-amount').fill(String(paid / 100))
  await page.getByTestId('payout-note').fill('November')
  await page.getByTestId('payout-save').click()
  await expect(page.getByText('Payout recorded')).toBeVisible()
  await expect.poll(() => digits(page.getByTestId('payouts-total-paidOut'))).toBe(shown(paid))
  await expect.poll(() => digits(page.getByTestId('payouts-total-balance'))).toBe(shown(share - paid))
  await expect(page.getByTestId('payouts-lines')).toContainText('Payout (Cash)')
  await shot(page, 'balance-history', 'desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByTestId('payouts-total-balance')).toBeVisible()
  await shot(page, 'balance-history', 'phone')
  await page.close()
})
