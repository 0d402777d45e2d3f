import { expect as baseExpect, test, type Page } from '@playwright/test'
import { demoAdmin } from './support/app'
import { uniqueLetters, uniquePhone } from './support/api'
import { shoot } from './support/shots'
import { addMember, signInApi, type Api } from './support/socket-api'
import { companyToday, addDays } from '../../renderer/src/features/appointments/zoned-time'

/**
 * Issue 16, item 9, in Russian: a clinic with a Payme merchant account (set through the socket
 * API); an invoice with something to pay shows "Ссылка на оплату" in its drawer; the dialog shows
 * the checkout link (merchant, invoice, amount in tiyin, language) to copy. Screenshots at
 * 1366×800 and 390×844.
 */
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя', 5)
const MERCHANT = '6a1b2c3d4e5f60718293a4b5'

let admin: Api
let page: Page
let patientId: string
let invoice: { _id: string; number: string; total: number }

test.beforeAll(async ({ browser }) => {
  admin = await signInApi(demoAdmin.email, demoAdmin.password)
  await admin.service('online-payments').patch('payme', { merchantId: MERCHANT, key: `e2e-key-${Date.now()}` })
  const patient = (await admin.service('customers').create({ first_name: 'Дилноза', last_name: `Онлайн${tag}`, phone: uniquePhone() })) as { _id: string }
  patientId = patient._id
  const doctor = await addMember(admin, 'doctor', { email: `payme-doctor-${Date.now().toString(36)}@e2e.test`, password: 'Clinic-pass-2026!', first: 'Ирина', last: `Ссылкина${tag}` })
  const hours = [{ start: '00:00', end: '23:59' }]
  await admin.service('users').patch(doctor._id as string, { acceptsAppointments: true, schedule: { week: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((key) => [key, hours])) } })
  const zone = (await admin.service('my-company').get('mine')).timezone as string
  const [mainBranch] = (await admin.service('branches').find({ query: { isMain: true } })).data as Array<{ _id: string }>
  const services = (await admin.service('service').find({ query: { $limit: 50 } })).data as Array<{ _id: string; name: string; duration: number; price: number }>
  const service = services.find((candidate) => candidate.price >= 1_000)!
  const today = companyToday(zone)
  const [free] = (
    await admin.service('appointment-slots').find({
      query: { serviceIds: [service._id], staffId: doctor._id as string, branchId: mainBranch._id, dateFrom: today, dateTo: addDays(today, 2), $limit: 1 }
    })
  ).data as Array<{ start: string; branchId: string }>
  const visit = (await admin.service('appointment').create({
    customerId: patientId, staffId: doctor._id as string, branchId: free.branchId, start: free.start, duration: service.duration, status: 'planned',
    services: [{ serviceId: service._id, name: service.name, duration: service.duration, price: service.price, quantity: 1 }]
  })) as { _id: string }
  await admin.service('appointment').patch(visit._id, { status: 'started' })
  const line = (await admin.service('treatment').create({ customerId: patientId, appointmentId: visit._id, serviceId: service._id })) as { _id: string }
  await admin.service('appointment').patch(visit._id, { status: 'completed' })
  invoice = (await admin.service('invoices').create({ customerId: patientId, treatmentIds: [line._id] })) as typeof invoice

  page = await browser.newPage({ viewport: { width: 1366, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] })
  await page.addInitScript(() => localStorage.setItem('locale', 'ru'))
  await page.goto('/login')
  await page.locator('input[type=email]').fill(demoAdmin.email)
  await page.locator('input[type=password]').fill(demoAdmin.password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible()
})

test.afterAll(async () => {
  await page?.close()
  admin?.close()
})

test('an invoice with something to pay offers its Payme link to copy', async () => {
  test.setTimeout(120_000)
  await page.goto(`/customer/${patientId}/billing`)
  await page.getByTestId('invoice-row').first().click()
  const detail = page.getByTestId('invoice-detail')
  await expect(detail).toBeVisible()
  await detail.getByTestId('invoice-pay-link').click()
  const dialog = page.getByRole('dialog', { name: 'Онлайн-оплата через Payme' })
  await expect(dialog).toBeVisible()
  const url = (await dialog.getByTestId('pay-link-url').textContent()) ?? ''
  expect(url.startsWith('https://checkout.paycom.uz/')).toBe(true)
  expect(Buffer.from(url.slice('https://checkout.paycom.uz/'.length), 'base64').toString('utf8')).toBe(`m=${MERCHANT};ac.invoice=${invoice._id};a=${invoice.total};l=ru`)
  await shoot(page, 'billing-pay-link', 'desktop')
  await dialog.getByTestId('pay-link-copy').click()
  await expect(page.getByText('Ссылка скопирована')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'billing-pay-link', 'phone')
})

test('the administrator keeps the Payme account on the company profile: a wrong merchant id is refused, the key stays unseen', async () => {
  await page.setViewportSize({ width: 1366, height: 800 })
  await page.goto('/company/profile/general')
  const card = page.getByTestId('payme-settings')
  await expect(card.getByTestId('payme-merchant')).toHaveValue(MERCHANT)
  // The stored key is never sent back: the field is empty and says one is stored.
  await expect(card.getByTestId('payme-key')).toHaveValue('')
  await expect(card).toContainText('Ключ сохранён')
  await expect(card.getByTestId('payme-hook')).toContainText(`/hooks/payme/${MERCHANT}`)

  await card.getByTestId('payme-merchant').fill('12345')
  await card.getByTestId('payme-save').click()
  await expect(card.getByText('24 символа: цифры и буквы a–f')).toBeVisible()
  await expect(card.getByTestId('payme-hook')).toBeHidden()

  await card.getByTestId('payme-merchant').fill(MERCHANT)
  await card.getByTestId('payme-test-mode').click()
  await card.getByTestId('payme-callback').fill('http://clinic.example/paid')
  await card.getByTestId('payme-save').click()
  // The return address must be https (the server's rule, said before it is asked).
  await expect(card.getByText('Адрес должен начинаться с https://')).toBeVisible()
  await card.getByTestId('payme-callback').fill('https://clinic.example/paid')
  await card.getByTestId('payme-save').click()
  await expect(page.getByText('Сохранено')).toBeVisible()
  const [account] = (await admin.service('online-payments').find()) as unknown as Array<{ merchantId: string; keySet: boolean; testMode: boolean; callbackUrl: string }>
  expect(account).toMatchObject({ merchantId: MERCHANT, keySet: true, testMode: true, callbackUrl: 'https://clinic.example/paid' })
  await card.scrollIntoViewIfNeeded()
  await shoot(page, 'company-payme', 'desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await card.scrollIntoViewIfNeeded()
  await shoot(page, 'company-payme', 'phone')
  await page.setViewportSize({ width: 1366, height: 800 })
})
