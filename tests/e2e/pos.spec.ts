import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test'
import { uniqueLetters, uniquePhone } from './support/api'
import { shoot } from './support/shots'
import { addMember, signInApi, type Api } from './support/socket-api'
import { companyToday } from '../../renderer/src/features/appointments/zoned-time'
import { zonedToUtcMs } from '../../domain/appointments/zoned-time'
import { percentOf } from '../../domain/billing/money'
import { demoAdmin, signIn, useEnglish } from './support/app'
import { chooseOption } from './support/select'

/**
 * Issue 16, item 5, the front desk's checkout (/pos): a patient with a finished visit of today and
 * three treatments (set up through the socket API); the administrator opens /pos, picks the visit,
 * pays part in cash (with change of the cash handed over) and part by card by keyboard (Enter pays),
 * sees the receipt, and finds the rest as the patient's debt on the card's billing tab.
 * Then the rest of issue 16's day ("Done when"): a top-up by card goes to the prepaid balance and
 * pays the next visit at the desk; the first visit's card payment is cancelled with a reason and
 * its part is owed again; the shift (opened through the API before the day) closes and its Z-report
 * holds the desk's cash; the doctor (30 % of what is billed) sees the share on My earnings.
 * Screenshots at 1366×800 and 390×844 go to SHOTS_DIR.
 */
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('abcdefghijklmnopqrstuvwxyz', 5)
const password = 'Clinic-pass-2026!'
/** Minor units as typed in English (150050 → "1500.50"). */
const typed = (minor: number) => `${(minor - (minor % 100)) / 100}.${String(minor % 100).padStart(2, '0')}`
const shown = (minor: number) => String(minor).padStart(3, '0')
const digits = (locator: Locator) => locator.evaluate((node) => (node.textContent ?? '').replace(/\D/g, ''))

let admin: Api
let page: Page
let patientId: string
let patientName: string
let price = 0
let zone: string
let mainBranch: { _id: string }
let service: { _id: string; name: string; duration: number; price: number }
let doctorEmail: string
let doctorId: string
/** The doctor's share of revenue (percent of the billed amount, the company's default base). */
const SHARE_PERCENT = 30

/** Visits booked so far: each next one starts after the last, from the company's midnight. */
let booked = 0

/**
 * A visit of today that the doctor finished with `lines` treatments (through the socket API). It is
 * booked at a fixed time of today rather than at the first free slot: late in the company's day
 * the first free slot is tomorrow's, and the cash desk lists today's visits only.
 */
async function finishedVisit(lines: number) {
  const start = zonedToUtcMs(companyToday(zone), '00:00', zone) + booked++ * service.duration * 60_000
  const visit = (await admin.service('appointment').create({
    customerId: patientId, staffId: doctorId, branchId: mainBranch._id, start: new Date(start).toISOString(), duration: service.duration, status: 'planned',
    overrideWorkingHours: true,
    services: [{ serviceId: service._id, name: service.name, duration: service.duration, price: service.price, quantity: 1 }]
  })) as { _id: string }
  await admin.service('appointment').patch(visit._id, { status: 'started' })
  for (let line = 0; line < lines; line++) await admin.service('treatment').create({ customerId: patientId, appointmentId: visit._id, serviceId: service._id })
  await admin.service('appointment').patch(visit._id, { status: 'completed' })
}

/** Picks an option of an antd select; picked again until the select shows it. */
async function shots(name: string) {
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('.ant-notification-notice-close').forEach((button) => button.click()))
  await page.setViewportSize({ width: 1366, height: 800 })
  await shoot(page, name, 'desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, name, 'phone')
  await page.setViewportSize({ width: 1366, height: 800 })
}

test.beforeAll(async ({ browser }) => {
  admin = await signInApi(demoAdmin.email, demoAdmin.password)
  doctorEmail = `pos-doctor-${Date.now().toString(36)}@e2e.test`
  const doctor = await addMember(admin, 'doctor', { email: doctorEmail, password, first: 'Irina', last: `Kassova${tag}` })
  doctorId = doctor._id as string
  const hours = [{ start: '00:00', end: '23:59' }]
  await admin.service('users').patch(doctor._id as string, {
    acceptsAppointments: true,
    percentOfRevenue: SHARE_PERCENT,
    schedule: { week: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((key) => [key, hours])) }
  })
  zone = (await admin.service('my-company').get('mine')).timezone as string
  patientName = `Kassov${tag}`
  const patient = (await admin.service('customers').create({ first_name: 'Oleg', last_name: patientName, phone: uniquePhone(), birthdate: '1980-04-05' })) as { _id: string }
  patientId = patient._id
  ;[mainBranch] = (await admin.service('branches').find({ query: { isMain: true } })).data as Array<{ _id: string }>
  const services = (await admin.service('service').find({ query: { $limit: 50 } })).data as Array<{ _id: string; name: string; duration: number; price: number }>
  service = services.find((candidate) => candidate.price >= 1_000)!
  price = service.price
  // The day's cash desk: a shift left open by an earlier run is closed, a new one opens with no float,
  // so its Z-report holds exactly this journey's payments.
  const open = await admin.service('z-payments').find({ query: { branchId: mainBranch._id, status: 'open' } })
  for (const shift of open.data) await admin.service('z-payments').patch(shift._id as string, { action: 'close', countedCash: (shift.report as { expectedCash: number }).expectedCash })
  await admin.service('z-payments').create({ branchId: mainBranch._id, openingFloat: 0 })
  await finishedVisit(3)

  page = await browser.newPage({ viewport: { width: 1366, height: 800 } })
  await page.addInitScript(() => localStorage.setItem('locale', 'en'))
  await page.goto('/login')
  await page.locator('input[type=email]').fill(demoAdmin.email)
  await page.locator('input[type=password]').fill(demoAdmin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible()
})

test.afterAll(async () => {
  await page?.close()
  admin?.close()
})

test('the front desk pays a finished visit part in cash and part by card, prints the receipt, and the rest is the debt', async () => {
  test.setTimeout(180_000)
  const total = price * 3
  const cash = (total - (total % 3)) / 3
  const card = cash
  const rest = total - cash - card
  const given = cash + 1_000

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Checkout' }).click()
  await expect(page).toHaveURL(/\/pos$/)
  const visit = page.getByTestId('pos-visit').filter({ hasText: patientName })
  await expect(visit).toHaveCount(1)
  expect(await digits(visit.locator('.pos-visit-money .pos-money'))).toBe(shown(total))
  await shots('pos-list')

  // The visit's cart: its three lines ticked, the first row offering the whole total.
  await visit.click()
  const cart = page.getByTestId('pos-cart')
  await expect(cart.getByTestId('pos-line')).toHaveCount(3)
  await expect(cart.locator('.pos-lines .ant-checkbox-checked')).toHaveCount(3)
  expect(await digits(cart.getByTestId('pos-total'))).toBe(shown(total))
  await expect(cart.getByTestId('pos-amount').first()).toHaveValue(typed(total))

  // Part in cash (the cash handed over gives change), part by card; the rest stays as debt.
  await cart.getByTestId('pos-amount').first().fill(typed(cash))
  await cart.getByTestId('pos-add-row').click()
  await expect(cart.getByTestId('pos-amount')).toHaveCount(2)
  await expect(cart.getByTestId('pos-method').nth(1)).toContainText('Card')
  await cart.getByTestId('pos-amount').nth(1).fill(typed(card))
  await cart.getByTestId('pos-cash-given').fill(typed(given))
  await expect.poll(() => digits(cart.getByTestId('pos-change'))).toBe(shown(1_000))
  await expect(cart.getByText('Left as debt')).toBeVisible()
  await shots('pos-cart')

  // A refused amount shows at its row (letters are not an amount), then Enter pays.
  await cart.getByTestId('pos-amount').nth(1).fill('12,345')
  await expect(cart.locator('.pos-field-error').first()).toBeVisible()
  await expect(cart.getByTestId('pos-pay')).toBeDisabled()
  await cart.getByTestId('pos-amount').nth(1).fill(typed(card))
  await chooseOption(cart.getByTestId('pos-method').nth(1), 'Card')
  await cart.getByTestId('pos-cash-given').press('Enter')

  const receipt = page.getByTestId('pos-receipt')
  await expect(receipt).toBeVisible()
  await expect(receipt).toContainText(patientName)
  expect(await digits(receipt.getByTestId('receipt-due'))).toBe(shown(total))
  expect(await digits(receipt.getByTestId('receipt-paid-cash'))).toBe(shown(cash))
  expect(await digits(receipt.getByTestId('receipt-paid-card'))).toBe(shown(card))
  expect(await digits(receipt.getByTestId('receipt-change'))).toBe(shown(1_000))
  // A new patient: their whole debt is this visit's rest.
  expect(await digits(receipt.getByTestId('receipt-debt'))).toBe(shown(rest))
  await expect(page.getByTestId('pos-print')).toBeFocused()
  await shots('pos-receipt')
  // The print stylesheet leaves the receipt alone on the page.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden()
  await expect(receipt).toBeVisible()
  await page.emulateMedia({ media: 'screen' })

  // Esc closes the receipt; the visit still waits for the rest.
  await page.keyboard.press('Escape')
  await expect(receipt).toBeHidden()
  await expect(visit).toHaveCount(1)
  expect(await digits(visit.locator('.pos-visit-money .pos-money'))).toBe(shown(rest))

  // The patient card's billing tab shows the rest as debt.
  await page.goto(`/customer/${patientId}/billing`)
  await expect.poll(() => digits(page.getByTestId('billing-debt')), { timeout: 60_000 }).toBe(shown(rest))
  await expect(page.getByTestId('invoice-row').first().getByTestId('invoice-state')).toHaveText('Partly paid')
})

test('the day goes on: a top-up pays the next visit, a cancelled payment brings its debt back, the Z-report matches, the doctor sees the share', async ({ browser }) => {
  test.setTimeout(300_000)
  const total = price * 3
  const cash = (total - (total % 3)) / 3
  const card = cash
  const rest = total - cash - card

  // A top-up by card goes to the prepaid balance.
  await page.goto(`/customer/${patientId}/transactions`)
  await page.getByTestId('balance-top-up').click()
  const topUp = page.getByRole('dialog', { name: 'Top up balance' })
  await chooseOption(topUp.getByTestId('payment-method'), 'Card')
  await topUp.getByTestId('payment-amount').fill(typed(price))
  await topUp.getByTestId('payment-save').click()
  await expect(topUp).toBeHidden()
  await expect.poll(() => digits(page.getByTestId('billing-balance'))).toBe(shown(price))

  // The next visit (one treatment) is paid at the desk from that balance.
  await finishedVisit(1)
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Checkout' }).click()
  const visits = page.getByTestId('pos-visit').filter({ hasText: patientName })
  await expect(visits).toHaveCount(2)
  // The later visit is the new one: its treatment is not invoiced yet.
  await visits.last().click()
  const cart = page.getByTestId('pos-cart')
  await expect(cart.getByTestId('pos-line')).toHaveCount(1)
  expect(await digits(cart.getByTestId('pos-total'))).toBe(shown(price))
  await chooseOption(cart.getByTestId('pos-method').first(), 'From balance')
  await cart.getByTestId('pos-pay').click()
  const receipt = page.getByTestId('pos-receipt')
  await expect(receipt).toBeVisible()
  expect(await digits(receipt.getByTestId('receipt-due'))).toBe(shown(price))
  // The balance is spent; the first visit's rest is still owed.
  expect(await digits(receipt.getByTestId('receipt-debt'))).toBe(shown(rest))
  await page.keyboard.press('Escape')
  await expect(visits).toHaveCount(1)

  // The card payment of the first visit is cancelled with a reason and a note: its part is owed again.
  await page.goto(`/customer/${patientId}/transactions`)
  const cardPayment = page.getByTestId('payment-row').filter({ hasText: 'Card' }).filter({ hasNotText: 'balance' })
  await expect(cardPayment).toHaveCount(1)
  await cardPayment.getByTestId('payment-actions').click()
  // The menu just opened: the previous row's menu may still be closing (two items of that name).
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last().getByRole('menuitem', { name: 'Cancel payment' }).click()
  const cancel = page.getByRole('dialog', { name: 'Cancel payment' })
  await chooseOption(cancel.getByTestId('reason-select'), 'Mistake')
  await cancel.getByTestId('reason-note').fill('Card terminal declined after all')
  await cancel.getByTestId('reason-save').click()
  await expect(cancel).toBeHidden()
  await expect.poll(() => digits(page.getByTestId('billing-debt'))).toBe(shown(rest + card))

  // The shift closes: its Z-report holds the cash of the desk (the cancelled card payment is out).
  await page.goto('/company/z-payments')
  await page.getByTestId('close-shift').click()
  const closing = page.getByRole('dialog', { name: 'Close the shift: count the cash' })
  await expect.poll(() => digits(closing.getByTestId('close-expected'))).toBe(shown(cash))
  await closing.getByTestId('close-counted').fill(typed(cash))
  await page.getByTestId('close-save').click()
  const z = page.getByTestId('z-report')
  await expect(z).toBeVisible()
  await expect.poll(() => digits(z.getByTestId('report-cash-paid'))).toBe(shown(cash))
  await expect.poll(() => digits(z.getByTestId('report-expected'))).toBe(shown(cash))
  await expect(z.getByTestId('report-methods')).toContainText('Card')
  await expect(z.getByTestId('report-methods')).toContainText('Cash')

  // The doctor sees the share of both visits' four invoice lines (billed, each line's share) on My earnings.
  const doctorPage = await browser.newPage({ viewport: { width: 1366, height: 800 } })
  await useEnglish(doctorPage)
  await signIn(doctorPage, doctorEmail, password)
  // On the doctor's phone.
  await doctorPage.setViewportSize({ width: 390, height: 844 })
  await doctorPage.goto('/my-earnings')
  await expect(doctorPage.getByRole('heading', { level: 1, name: 'My earnings' })).toBeVisible()
  await expect.poll(() => digits(doctorPage.getByTestId('payouts-total-base'))).toBe(shown(total + price))
  await expect.poll(() => digits(doctorPage.getByTestId('payouts-total-share'))).toBe(shown(4 * percentOf(price, SHARE_PERCENT)))
  await doctorPage.close()
})
