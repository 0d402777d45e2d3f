import fs from 'node:fs'
import ExcelJS from 'exceljs'
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test'
import { demoAdmin, russianPage } from './support/app'
import { uniqueLetters } from './support/api'
import { shoot } from './support/shots'
import { chooseOption } from './support/select'
import { readPdfs } from '../server/support/pdf-reader'
import { addMember, signInApi, type Api } from './support/socket-api'
import { addDays, companyToday } from '../../renderer/src/features/appointments/zoned-time'

/**
 * Issue 19, the summary report: in Russian, the demo clinic's administrator opens /reports (it
 * goes to /reports/summary), sees the month's figures with their formulas (a cash payment taken
 * through the API today makes "Получено" non-zero), opens the payments behind the cash figure and
 * finds that their sum is the figure, and downloads the CSV: UTF-8 with a byte order mark,
 * Russian headers, and the totals row equal to the screen. Then the reports' tabs open the
 * appointments report (a figure with its formula, its rows as many as the figure, its CSV's totals
 * row) and, with the period chosen there carried along, the summary again, the payments report
 * (the cash taken is in its methods, the total opens rows adding up to it) and the debtors report
 * (an unpaid invoice of a visit is debt of 0–30 days; the cash top-up is a prepaid balance).
 * Screenshots of each at 1366×800 and 390×844.
 * Then issue 19 item 3, as the demo clinic's director on a 390×844 phone: the home shows today
 * and the month against the previous periods, "Получено" for the month opens the month's summary
 * with that figure marked and its formula, and a day's bar opens that day's payments; the load
 * tile opens the appointments report's load section (doctors and chairs, formulas), whose
 * booked and available minutes open rows that add up to them.
 */
test.describe.configure({ mode: 'serial' })
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя', 5)
const PAID = 123_450

let admin: Api
let page: Page
let owed = 0

/** Digits only, so checks do not depend on the currency sign or the kind of space Intl puts. */
const digits = (locator: Locator) => locator.evaluate((node) => (node.textContent ?? '').replace(/\D/g, ''))

test.beforeAll(async ({ browser }) => {
  admin = await signInApi(demoAdmin.email, demoAdmin.password)
  const patient = (await admin.service('customers').create({ first_name: 'Отчёт', last_name: `Сводкин${tag}` })) as { _id: string }
  await admin.service('transactions').create({ clientKey: `reports-${Date.now()}`, customerId: patient._id, method: 'cash', amount: PAID })
  // An unpaid invoice of a completed visit: the debtors report's debt.
  const doctor = await addMember(admin, 'doctor', { email: `reports-doctor-${Date.now().toString(36)}@e2e.test`, password: 'Clinic-pass-2026!', first: 'Ирина', last: `Долгова${tag}` })
  const hours = [{ start: '00:00', end: '23:59' }]
  await admin.service('users').patch(doctor._id as string, { acceptsAppointments: true, schedule: { week: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((key) => [key, hours])) } })
  const today = companyToday((await admin.service('my-company').get('mine')).timezone as string)
  const [mainBranch] = (await admin.service('branches').find({ query: { isMain: true } })).data as Array<{ _id: string }>
  const service = ((await admin.service('service').find({ query: { $limit: 50 } })).data as Array<{ _id: string; name: string; duration: number; price: number }>).find((candidate) => candidate.price >= 1_000)!
  const [free] = (await admin.service('appointment-slots').find({ query: { serviceIds: [service._id], staffId: doctor._id as string, branchId: mainBranch._id, dateFrom: today, dateTo: addDays(today, 2), $limit: 1 } })).data as Array<{ start: string; branchId: string }>
  const visit = (await admin.service('appointment').create({
    customerId: patient._id, staffId: doctor._id as string, branchId: free.branchId, start: free.start, duration: service.duration, status: 'planned',
    services: [{ serviceId: service._id, name: service.name, duration: service.duration, price: service.price, quantity: 1 }]
  })) as { _id: string }
  await admin.service('appointment').patch(visit._id, { status: 'started' })
  const line = (await admin.service('treatment').create({ customerId: patient._id, appointmentId: visit._id, serviceId: service._id })) as { _id: string }
  await admin.service('appointment').patch(visit._id, { status: 'completed' })
  owed = ((await admin.service('invoices').create({ customerId: patient._id, treatmentIds: [line._id] })) as { total: number }).total
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

test('the PDF has the title, the period, the Russian headers and the totals on the screen', async () => {
  const downloading = page.waitForEvent('download')
  await page.getByTestId('reports-export-pdf').click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^сводка-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/)
  const [pdf] = await readPdfs([fs.readFileSync((await download.path())!)])
  expect(pdf.title).toBe('Сводный отчёт')
  const text = pdf.text.replace(/\s+/g, ' ')
  for (const words of ['Сводный отчёт', 'Выставлено счетов', 'Новые пациенты', 'Итого', 'Страница 1 из']) expect(text).toContain(words)
  // The period as the header writes it.
  const period = ((await page.locator('.page-subtitle').first().textContent()) ?? '').replace(/\s+/g, ' ').trim()
  expect(period).toMatch(/\d{4}/)
  expect(text).toContain(period)
  // The totals line: the collected money and the visits as on the screen.
  const totals = pdf.text.slice(pdf.text.lastIndexOf('Итого')).replace(/\D/g, '')
  expect(totals).toContain(await digits(page.getByTestId('reports-total-collected')))
  expect(totals).toContain(await digits(page.getByTestId('reports-total-visits')))
})

test('over two months of both branches: the day table, the branch table, and a CSV of each day and branch', async () => {
  const today = companyToday((await admin.service('my-company').get('mine')).timezone as string)
  const from = addDays(today, -59)
  await page.goto(`/reports/summary?period=custom&from=${from}&to=${today}`)
  // The answer leaves out the day × branch cells: each day over both branches, then each branch.
  await expect(page.getByTestId('reports-cells-left-out')).toBeVisible()
  await expect(page.getByTestId('reports-table')).toContainText('Все филиалы')
  const branches = page.getByTestId('reports-branch-table')
  await expect(branches).toContainText('Филиал')
  const summary = (await admin.service('reports-summary').find({ query: { from, to: addDays(today, 1) } })) as unknown as { cells: unknown; byBranch: Array<{ collected: number }>; totals: { collected: number } }
  expect(summary.cells).toBeNull()
  expect(summary.byBranch.reduce((sum, branch) => sum + branch.collected, 0)).toBe(summary.totals.collected)
  await expect.poll(() => digits(page.getByTestId('reports-total-collected'))).not.toBe('')
  // The export asks for the cells: each line a day and a branch, the totals as on the screen.
  const downloading = page.waitForEvent('download')
  await page.getByTestId('reports-export-csv').click()
  const download = await downloading
  const lines = fs.readFileSync((await download.path())!).toString('utf8').slice(1).trimEnd().split('\r\n').map((line) => line.split(';'))
  expect(lines[0]!.slice(0, 2)).toEqual(['День', 'Филиал'])
  const body = lines.slice(1, -1)
  expect(body.length).toBeGreaterThan(0)
  expect(body.every((line) => line[1] !== '' && line[1] !== 'Все филиалы')).toBe(true)
  expect(lines[lines.length - 1]![6]!.replace(/\D/g, '')).toBe(await digits(page.getByTestId('reports-total-collected')))
  // Back to this month, where the next steps start.
  await page.goto('/reports/summary')
  await expect(page.getByTestId('reports-table')).toBeVisible()
})

test('the tabs open the appointments report; a figure states its formula and opens its rows; its CSV has the totals', async () => {
  await page.getByTestId('reports-nav').getByRole('tab', { name: 'Записи' }).click()
  await expect(page).toHaveURL(/\/reports\/appointments/)
  await expect(page.getByRole('heading', { level: 1, name: 'Отчёт по записям' })).toBeVisible()
  await expect(page.getByTestId('appointments-tile-completed')).toContainText('Записи в статусе «завершён»')
  const completed = page.getByTestId('appointments-total-completed')
  await expect(completed).toBeVisible()
  await completed.click()
  const count = page.getByTestId('reports-rows-sum')
  await expect(count).toBeVisible()
  expect(await digits(count)).toBe(await digits(completed))
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('reports-rows')).toBeHidden()
  const downloading = page.waitForEvent('download')
  await page.getByTestId('reports-export-csv').click()
  const csv = fs.readFileSync((await (await downloading).path())!)
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = csv.toString('utf8').slice(1).trimEnd().split('\r\n').map((line) => line.split(';'))
  expect(lines[0].slice(0, 3)).toEqual(['Врач', 'Завершены', 'Отменены'])
  expect(lines[lines.length - 1].slice(0, 2)).toEqual(['Итого', await digits(completed)])
  for (const size of [{ name: 'desktop', width: 1366, height: 800 }, { name: 'phone', width: 390, height: 844 }]) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await expect(completed).toBeVisible()
    await shoot(page, 'reports-appointments', size.name)
  }
  await page.getByTestId('appointments-total-cancelled').click()
  await expect(count).toBeVisible()
  await shoot(page, 'reports-appointments-rows', 'phone')
  await page.keyboard.press('Escape')
  await page.setViewportSize({ width: 1366, height: 800 })
  // The period chosen here travels with the tabs.
  // Chosen until the select shows it (a click on the list while it opens after the resize was lost in CI).
  await chooseOption(page.getByTestId('reports-period'), 'Эта неделя')
  await expect(page).toHaveURL(/period=thisWeek/)
  await page.getByTestId('reports-nav').getByRole('tab', { name: 'Сводный' }).click()
  await expect(page).toHaveURL(/\/reports\/summary\?period=thisWeek$/)
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

test('the reports\' tabs open payments and debtors; their numbers open rows that add up to them', async () => {
  await page.keyboard.press('Escape')
  await page.setViewportSize({ width: 1366, height: 800 })
  await page.getByTestId('reports-nav').getByRole('tab', { name: 'Платежи' }).click()
  await expect(page).toHaveURL(/\/reports\/payments\?period=thisWeek$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Платежи' })).toBeVisible()
  await expect(page.getByTestId('reports-tile-cancelled')).toContainText('получено + отменено')
  const cash = page.getByTestId('reports-by-method').getByRole('row', { name: /Наличные/ })
  expect(Number(await digits(cash.locator('td').nth(1)))).toBeGreaterThanOrEqual(PAID)
  const collected = page.getByTestId('reports-total-collected')
  await collected.click()
  await expect(page.getByTestId('reports-rows').getByText(`Сводкин${tag} Отчёт`)).toBeVisible()
  expect((await digits(page.getByTestId('reports-rows-sum'))).startsWith(await digits(collected))).toBe(true)
  await page.keyboard.press('Escape')
  // Phone last-but-one: eleven tabs do not fit a phone's width, and the next tab is clicked on the desktop.
  for (const size of [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1366, height: 800 }]) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await shoot(page, 'reports-payments', size.name)
  }

  await page.getByTestId('reports-nav').getByRole('tab', { name: 'Должники' }).click()
  await expect(page).toHaveURL(/\/reports\/payments2_0\?period=thisWeek$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Должники' })).toBeVisible()
  expect(Number(await digits(page.getByTestId('reports-total-d0_30')))).toBeGreaterThanOrEqual(owed)
  expect(Number(await digits(page.getByTestId('reports-total-prepaid')))).toBeGreaterThanOrEqual(PAID)
  for (const size of [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1366, height: 800 }]) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await shoot(page, 'reports-debtors', size.name)
  }
  const debt = page.getByTestId('reports-total-debt')
  await debt.click()
  await expect(page.getByTestId('reports-rows').getByText(`Сводкин${tag} Отчёт`)).toBeVisible()
  expect((await digits(page.getByTestId('reports-rows-sum'))).startsWith(await digits(debt))).toBe(true)
  await shoot(page, 'reports-debtors-rows', 'desktop')
})

test('as a director on a 390×844 phone: the home, revenue for the month, its summary with the formula, one day\'s payments', async ({ browser }) => {
  const director = await russianPage(browser, { email: 'petrov@demo.clinic', password: demoAdmin.password })
  try {
    await director.setViewportSize({ width: 390, height: 844 })
    await director.goto('/')
    const month = director.getByTestId('home-collected-month-value')
    // '…' until the figures arrive.
    await expect(month).toHaveText(/\d/)
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

    // The load tile opens the appointments report's load section: both loads with their formulas,
    // and a number opens the rows that add up to it.
    await director.goto('/')
    await expect(director.getByTestId('home-figure-chairLoad')).toContainText('Загрузка кресел')
    await expect(director.getByTestId('home-load-month-value')).toHaveText(/^(\d+ %|—)$/)
    await director.getByTestId('home-load-month').click()
    await expect(director).toHaveURL(/\/reports\/appointments\?period=thisMonth&figure=load$/)
    const section = director.getByTestId('appointments-load')
    await expect(section).toContainText('Занятые минуты ÷ рабочие минуты показанных врачей')
    await expect(section).toContainText('Занятые минуты кресел ÷ минуты, когда кресла открыты')
    await expect(section).toHaveClass(/reports-tile-chosen/)
    const booked = director.getByTestId('load-total-doctors-booked')
    await expect(booked).toBeVisible()
    await shoot(director, 'reports-load', 'phone')
    await booked.click()
    const sum = director.getByTestId('reports-rows-sum')
    await expect(sum).toBeVisible()
    expect((await digits(sum)).startsWith(await digits(booked))).toBe(true)
    await director.keyboard.press('Escape')
    await director.setViewportSize({ width: 1366, height: 800 })
    await director.getByTestId('load-groupings').getByRole('tab', { name: 'По креслам' }).click()
    const open = director.getByTestId('load-total-chairs-available')
    await open.click()
    await expect(director.getByTestId('reports-rows').getByRole('columnheader', { name: 'Часы работы кресла' })).toBeVisible()
    expect((await digits(sum)).startsWith(await digits(open))).toBe(true)
    await director.keyboard.press('Escape')
    await shoot(director, 'reports-load', 'desktop')

    await director.goto('/')
    await expect(director.getByTestId('home-collected-month-value')).toBeVisible()
    await shoot(director, 'director-home', 'desktop')
  } finally {
    await director.close()
  }
})
