import path from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { demoAdmin } from './support/app'
import { uniqueLetters } from './support/api'
import { shotsDir } from './support/shots'
import { signInApi, type Api } from './support/socket-api'
import { chooseOption } from './support/select'

/**
 * Issue 15's X-rays, in Russian as the demo doctor (Анна Смирнова): a new patient's X-rays tab
 * shows no dose yet; an orthopantomogram is recorded with the clinic's dose for it, an intraoral
 * X-ray is refused until its tooth is chosen, then recorded on 36; the year's dose adds both up.
 */
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя', 5)
const doctor = { email: 'smirnova@demo.clinic', password: demoAdmin.password }

let api: Api
let page: Page
let customerId: string

/** Picks an option of an antd select by the option's text. */
test.beforeAll(async ({ browser }) => {
  api = await signInApi(doctor.email, doctor.password)
  const customer = (await api.service('customers').create({ first_name: 'Лучевой', last_name: `Пациент${tag}`, branchId: api.auth.branchIds[0] })) as { _id: string }
  customerId = customer._id
  page = await browser.newPage({ viewport: { width: 1366, height: 800 } })
  await page.addInitScript(() => localStorage.setItem('locale', 'ru'))
  await page.goto('/login')
  await page.locator('input[type=email]').fill(doctor.email)
  await page.locator('input[type=password]').fill(doctor.password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible()
})

test.afterAll(async () => {
  await page?.close()
  api?.close()
})

test('a doctor records an orthopantomogram and an intraoral X-ray of 36 and sees the year\'s dose', async () => {
  await page.goto(`/customer/${customerId}/xrays`)
  await expect(page.getByRole('tab', { name: 'Рентген' })).toHaveAttribute('aria-selected', 'true')
  const year = page.getByTestId('xray-year-dose')
  await expect(year).toHaveText('0 мкЗв')
  await expect(page.getByText('Снимков пока нет')).toBeVisible()

  // An orthopantomogram: the clinic's dose for it (20 µSv) is filled in.
  await page.getByTestId('xray-add').click()
  const dialog = page.getByRole('dialog', { name: 'Добавить снимок' })
  await expect(dialog.getByRole('combobox', { name: 'Вид снимка' })).toBeVisible()
  await expect(dialog.getByRole('spinbutton', { name: 'Доза одной экспозиции' })).toHaveValue('20,0')
  await dialog.getByRole('textbox', { name: 'Заключение' }).fill('Кариес 36, периапикальных изменений нет')
  await dialog.getByRole('button', { name: 'Сохранить' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('xray-row')).toHaveCount(1)
  await expect(page.getByTestId('xray-row').first()).toContainText('Ортопантомограмма (ОПТГ)')
  await expect(year).toHaveText('20 мкЗв')

  // An intraoral X-ray: refused without its tooth, then taken of 36 at the clinic's 5 µSv.
  await page.getByTestId('xray-add').click()
  await chooseOption(page.getByRole('combobox', { name: 'Вид снимка' }), 'Внутриротовой (прицельный)')
  await expect(dialog.getByRole('spinbutton', { name: 'Доза одной экспозиции' })).toHaveValue('5,0')
  await dialog.getByRole('button', { name: 'Сохранить' }).click()
  await expect(dialog.getByText('Зубы не выбраны')).toBeVisible()
  const teeth = dialog.getByRole('combobox', { name: 'Зубы' })
  await teeth.click()
  await teeth.fill('36')
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^36$/ }).click()
  await page.keyboard.press('Escape')
  await dialog.getByRole('button', { name: 'Сохранить' }).click()
  await expect(dialog).toBeHidden()

  const rows = page.getByTestId('xray-row')
  await expect(rows).toHaveCount(2)
  const intraoral = rows.filter({ hasText: 'Внутриротовой (прицельный)' })
  await expect(intraoral.getByLabel('Зубы')).toHaveText('36')
  await expect(intraoral).toContainText('5 мкЗв')
  await expect(year).toHaveText('25 мкЗв')
  await expect(page.getByTestId('xray-dose-totals')).toContainText('2 экспозиции')
  await expect(page.getByTestId('xray-12-month-dose')).toHaveText('25 мкЗв')

  // The server agrees: the year's total is the two doses.
  const found = (await api.service('xrays').find({ query: { customerId, $doseTotals: true, $limit: 0 } })) as unknown as { doseTotals: { year: { dose: number } } }
  expect(found.doseTotals.year.dose).toBe(250)

  await page.screenshot({ path: path.join(shotsDir, 'xrays-tab-1366.png'), fullPage: true })
  await intraoral.click()
  await expect(page.getByTestId('xray-detail')).toBeVisible()
  await page.screenshot({ path: path.join(shotsDir, 'xrays-detail-1366.png') })
  await page.keyboard.press('Escape')
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(year).toHaveText('25 мкЗв')
  await page.screenshot({ path: path.join(shotsDir, 'xrays-tab-390.png'), fullPage: true })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.getByTestId('xray-add').click()
  await page.screenshot({ path: path.join(shotsDir, 'xrays-form-390.png'), fullPage: true })
})
