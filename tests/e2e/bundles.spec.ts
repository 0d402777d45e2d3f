import { expect, test, type Page } from '@playwright/test'
import { demoAdmin } from './support/app'
import { signInApi, type Api } from './support/socket-api'
import { chooseOption } from './support/select'

/**
 * Issue 15, bundles: in Russian, the demo clinic's administrator makes a bundle of two services
 * on /company/bundles, then books a visit choosing the bundle in the booking form, and sees its
 * services, their total and the visit's length follow; the booked visit holds them.
 */
test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const bundleName = `Гигиена ${run}`
const hygiene = 'Профессиональная гигиена (ультразвук, Air Flow)'
const varnish = 'Покрытие зубов фторлаком'
let page: Page
let api: Api

interface Named {
  _id: string
  last_name?: string
  name?: string
}
interface Visit {
  _id: string
  duration: number
  services: Array<{ name: string; quantity: number }>
}

/**
 * A Monday three weeks or more ahead, as the clinic's day (Tashkent, UTC+5, no daylight saving);
 * a week later for each retry or repeat of the test, whose earlier run may have booked the slot.
 */
function freeMonday(): string {
  const { retry, repeatEachIndex } = test.info()
  const day = new Date(Date.now() + 5 * 3_600_000 + (21 + 7 * (retry + 2 * repeatEachIndex)) * 86_400_000)
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1)
  return day.toISOString().slice(0, 10)
}

test.beforeAll(async ({ browser }) => {
  api = await signInApi(demoAdmin.email, demoAdmin.password)
  page = await browser.newPage({ viewport: { width: 1366, height: 800 } })
  await page.addInitScript(() => localStorage.setItem('locale', 'ru'))
  await page.goto('/login')
  await page.locator('input[type=email]').fill(demoAdmin.email)
  await page.locator('input[type=password]').fill(demoAdmin.password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible()
})
test.afterAll(async () => {
  await page.close()
  api.close()
})

test('an administrator makes a bundle of two services; its total duration and price show', async () => {
  await page.goto('/settings')
  await page.getByTestId('settings-bundles').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Комплексы и шаблоны лечения' })).toBeVisible()
  await page.getByTestId('bundle-add').click()
  const drawer = page.getByRole('dialog', { name: 'Новый комплекс' })
  await expect(drawer).toBeVisible()
  await page.getByTestId('bundle-name').fill(bundleName)
  const lines = page.getByTestId('bundle-lines')
  await chooseOption(lines.locator('.ant-select').nth(0), hygiene, { search: hygiene.slice(0, 12) })
  await lines.getByRole('button', { name: 'Добавить услугу' }).click()
  await chooseOption(lines.locator('.ant-select').nth(1), varnish, { search: varnish.slice(0, 12) })
  // 60 + 15 minutes, 450 000 + 80 000 sum at today's catalogue prices.
  await expect(page.getByTestId('bundle-total')).toContainText('1 ч 15 мин')
  await expect(page.getByTestId('bundle-total')).toContainText('530 000,00')
  await page.getByTestId('bundle-save').click()
  await expect(drawer).toBeHidden()
  const row = page.locator('tr').filter({ hasText: bundleName })
  await expect(row).toContainText(`${hygiene}, ${varnish}`)
  await expect(row).toContainText('530 000,00')
})

test('a second bundle of the same name is refused at the name field', async () => {
  await page.getByTestId('bundle-add').click()
  await page.getByTestId('bundle-name').fill(bundleName.toUpperCase())
  await chooseOption(page.getByTestId('bundle-lines').locator('.ant-select').nth(0), varnish, { search: varnish.slice(0, 12) })
  await page.getByTestId('bundle-save').click()
  const nameField = page.locator('.ant-form-item').filter({ has: page.getByTestId('bundle-name') })
  await expect(nameField.locator('.ant-form-item-explain-error')).toHaveText('Такое название уже есть')
  await page.getByRole('button', { name: 'Отмена' }).click()
})

test('the booking form takes the bundle in one click: its services, total and length follow, and the visit holds them', async () => {
  const doctor = ((await api.service('my-team').find({ query: { acceptsAppointments: true, $limit: 50 } })) as unknown as { data: Named[] }).data.find((member) => member.last_name === 'Karimov')!
  const customer = ((await api.service('customers').find({ query: { $limit: 1, $sort: { createdAt: 1 } } })) as unknown as { data: Named[] }).data[0]
  const start = `${freeMonday()}T05:00:00.000Z`
  await page.goto(`/appointments/calendar?book=1&start=${encodeURIComponent(start)}&staffId=${doctor._id}&customerId=${customer._id}`)
  const form = page.getByTestId('booking-form')
  await expect(form).toBeVisible()
  // Clicked once the form has its patient and catalogue, as a person would: a menu item is not
  // clicked while the form still settles around it.
  await expect(page.getByTestId('booking-patient')).toContainText('Следующий визит')
  const addBundle = page.getByTestId('booking-add-bundle')
  await expect(addBundle).not.toHaveClass(/ant-btn-loading/)
  await addBundle.click()
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: bundleName }).click()
  const summary = page.getByTestId('booking-services-summary')
  await expect(summary).toContainText(hygiene)
  await expect(summary).toContainText(varnish)
  await expect(summary).toContainText('530 000,00')
  await expect(page.getByTestId('booking-duration')).toContainText('1 ч 15 мин')
  await page.getByTestId('booking-save').click()
  await expect(form).toBeHidden()
  const visits = async () => ((await api.service('appointment').find({ query: { customerId: customer._id, start, $limit: 5 } })) as unknown as { data: Visit[] }).data
  await expect.poll(async () => (await visits()).length).toBe(1)
  const [visit] = await visits()
  expect(visit.duration).toBe(75)
  expect(visit.services.map((service) => service.name)).toEqual([hygiene, varnish])
})
