import fs from 'node:fs'
import ExcelJS from 'exceljs'
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test'
import { demoAdmin, russianPage } from './support/app'
import { uniqueLetters } from './support/api'
import { shoot } from './support/shots'
import { companyToday } from '../../renderer/src/features/appointments/zoned-time'
import { signInApi, type Api } from './support/socket-api'

/**
 * Issue 19, the summary report: in Russian, the demo clinic's administrator opens /reports (it
 * goes to /reports/summary), sees the month's figures with their formulas (a cash payment taken
 * through the API today makes "Получено" non-zero), opens the payments behind the cash figure and
 * finds that their sum is the figure, and downloads the CSV: UTF-8 with a byte order mark,
 * Russian headers, and the totals row equal to the screen. Screenshots at 1366×800 and 390×844.
 * Then issue 19 item 3, as the demo clinic's director on a 390×844 phone: the home shows today
 * and the month against the previous periods, "Получено" for the month opens the month's summary
 * with that figure marked and its formula, and a day's bar opens that day's payments.
 */
test.describe.configure({ mode: 'serial' })
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя', 5)
const PAID = 123_450

let admin: Api
let page: Page

/** Digits only, so checks do not depend on the currency sign or the kind of space Intl puts. */
const digits = (locator: Locator) => locator.evaluate((node) => (node.textContent ?? '').replace(/\D/g, ''))

test.beforeAll(async ({ browser }) => {
  admin = await signInApi(demoAdmin.email, demoAdmin.password)
  const patient = (await admin.service('customers').create({ first_name: 'Отчёт', last_name: `Сводкин${tag}` })) as { _id: string }
  await admin.service('transactions').create({ clientKey: `reports-${Date.now()}`, customerId: patient._id, method: 'cash', amount: PAID })
  page = await russianPage(browser)
})
test.afterAll(async () => {
  await page.close()
  admin.close()
})

test('the reports base opens the summary; each figure shows its formula; a number opens the rows that add up to it', async () => {
  await page.goto('/reports')
  await expect(page).toHaveURL(/\/reports\/summary$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Сводный отчёт' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Главное меню' }).getByText('Отчёты')).toBeVisible()
  await expect(page.getByTestId('reports-tile-collected')).toContainText('Принятые платежи по способам оплаты')
  await expect(page.getByTestId('reports-tile-visits')).toContainText('Записи, на которые пациент пришёл')
  const cash = page.getByTestId('reports-method-cash')
  await expect(cash).toBeVisible()
  expect(Number(await digits(cash))).toBeGreaterThanOrEqual(PAID)

  await cash.click()
  const drawer = page.getByTestId('reports-rows')
  await expect(drawer.getByText('Наличные').first()).toBeVisible()
  await expect(drawer.getByText(`Сводкин${tag} Отчёт`)).toBeVisible()
  await expect(page.getByTestId('reports-rows-sum')).toBeVisible()
  const sum = page.getByTestId('reports-rows-sum')
  expect((await digits(sum)).startsWith(await digits(cash))).toBe(true)
  await shoot(page, 'reports-rows', 'desktop')
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
})

test('the CSV has a byte order mark, Russian headers and the totals on the screen', async () => {
  const downloading = page.waitForEvent('download')
  await page.getByTestId('reports-export-csv').click()
  const download = await downloading
  const bytes = fs.readFileSync((await download.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n').map((line) => line.split(';'))
  expect(lines[0]).toEqual(['День', 'Филиал', 'Визиты', 'Новые пациенты', 'Неявки', 'Выставлено счетов', 'Получено', 'Возвраты', 'Предоплаты', 'Новый долг'])
  const total = lines[lines.length - 1]
  expect(total[0]).toBe('Итого')
  expect(total[6].replace(/\D/g, '')).toBe(await digits(page.getByTestId('reports-total-collected')))
  expect(total[2]).toBe(await digits(page.getByTestId('reports-total-visits')))
  expect(total[8].replace(/\D/g, '')).toBe(await digits(page.getByTestId('reports-total-prepayments')))
  expect(download.suggestedFilename()).toMatch(/^сводка-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)
})

test('the xlsx opens with Russian headers and the totals on the screen', async () => {
  const downloading = page.waitForEvent('download')
  await page.getByTestId('reports-export-xlsx').click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^сводка-.*\.xlsx$/)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile((await download.path())!)
  const sheet = workbook.worksheets[0]
  expect(sheet.name).toBe('Сводный отчёт')
  expect(sheet.getRow(1).values).toEqual([undefined, 'День', 'Филиал', 'Визиты', 'Новые пациенты', 'Неявки', 'Выставлено счетов', 'Получено', 'Возвраты', 'Предоплаты', 'Новый долг'])
  const total = sheet.getRow(sheet.rowCount)
  expect(total.getCell(1).value).toBe('Итого')
  expect(String(Math.round(Number(total.getCell(7).value) * 100))).toBe(await digits(page.getByTestId('reports-total-collected')))
  expect(String(total.getCell(3).value)).toBe(await digits(page.getByTestId('reports-total-visits')))
})

test('screenshots at 1366×800 and 390×844', async () => {
  for (const size of [{ name: 'desktop', width: 1366, height: 800 }, { name: 'phone', width: 390, height: 844 }]) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await expect(page.getByTestId('reports-total-collected')).toBeVisible()
    await shoot(page, 'reports-summary', size.name)
  }
  await page.getByTestId('reports-method-cash').click()
  await expect(page.getByTestId('reports-rows-sum')).toBeVisible()
  await shoot(page, 'reports-rows', 'phone')
})

test('as a director on a 390×844 phone: the home, revenue for the month, its summary with the formula, one day\'s payments', async ({ browser }) => {
  const director = await russianPage(browser, { email: 'petrov@demo.clinic', password: demoAdmin.password })
  try {
    await director.setViewportSize({ width: 390, height: 844 })
    await director.goto('/')
    const month = director.getByTestId('home-collected-month-value')
    await expect(month).toBeVisible()
    // The cash taken today (123.45, shown in whole units) is in today's and the month's figure.
    expect(Number(await digits(director.getByTestId('home-collected-today-value')))).toBeGreaterThanOrEqual(123)
    expect(Number(await digits(month))).toBeGreaterThanOrEqual(Number(await digits(director.getByTestId('home-collected-today-value'))))
    await expect(director.getByTestId('home-figure-noShows')).toContainText('Неявки')
    expect(await director.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await shoot(director, 'director-home', 'phone')

    await director.getByTestId('home-collected-month').click()
    await expect(director).toHaveURL(/\/reports\/summary\?period=thisMonth&figure=collected$/)
    const tile = director.getByTestId('reports-tile-collected')
    await expect(tile).toHaveClass(/reports-tile-chosen/)
    await expect(tile).toContainText('Принятые платежи по способам оплаты')
    await shoot(director, 'director-summary', 'phone')

    const zone = (await admin.service('my-company').get('mine')).timezone as string
    await director.getByTestId(`reports-bar-${companyToday(zone)}`).dispatchEvent('click')
    const drawer = director.getByTestId('reports-rows')
    await expect(drawer.getByText(`Сводкин${tag} Отчёт`)).toBeVisible()
    await expect(drawer.getByText('Наличные').first()).toBeVisible()
    await shoot(director, 'director-day-payments', 'phone')

    await director.setViewportSize({ width: 1366, height: 800 })
    await director.goto('/')
    await expect(director.getByTestId('home-collected-month-value')).toBeVisible()
    await shoot(director, 'director-home', 'desktop')
  } finally {
    await director.close()
  }
})
