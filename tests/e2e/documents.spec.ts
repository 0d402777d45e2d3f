import fs from 'node:fs'
import path from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { chooseFromAccountMenu, demoAdmin, openInApp, russianPage } from './support/app'
import { uniqueLetters, uniquePhone } from './support/api'
import { shoot, shotsDir } from './support/shots'
import { signInApi, type Api } from './support/socket-api'
import { pageSizes, pdfText } from '../server/support/pdf-reader'
import { addDays, companyToday, instantOfWallTime } from '../../renderer/src/features/appointments/zoned-time'

/**
 * Issue 17's printing, as the demo administrator in Russian: for a charted patient the medical
 * card 043/у and a consent in Russian and in Uzbek from the card's documents, the treatment plan
 * from the plan tab in both languages, and a receipt on 80 mm paper from the transactions tab.
 * Each print opens the PDF in a new tab; the test reads that PDF's text (patient, teeth, ICD-10
 * codes, totals in words) and keeps it beside the screenshots for a person to look at.
 */
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя', 5)
const pdfDir = path.join(shotsDir, 'documents')

let admin: Api
let page: Page

test.beforeAll(async ({ browser }) => {
  admin = await signInApi(demoAdmin.email, demoAdmin.password)
  page = await russianPage(browser)
  fs.mkdirSync(pdfDir, { recursive: true })
})

test.afterAll(async () => {
  await page?.close()
  admin?.close()
})

/** What a print button opened: the PDF's bytes, kept as `<name>.pdf`, and its text. */
async function printed(name: string, click: () => Promise<void>) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), click()])
  await popup.waitForURL(/\/documents\/[0-9a-f-]{36}\/file\?/)
  const url = popup.url()
  await popup.close()
  const bytes = Buffer.from(await (await page.request.get(url)).body())
  fs.writeFileSync(path.join(pdfDir, `${name}.pdf`), bytes)
  return { bytes, text: await pdfText(bytes) }
}

test('prints a plan, a consent and a 043/у card in Russian and Uzbek, and a receipt on 80 mm paper', async () => {
  test.setTimeout(180_000)
  const patient = (await admin.service('customers').create({ first_name: 'Дилноза', last_name: `Печатная${tag}`, phone: uniquePhone() })) as { _id: string }
  const services = (await admin.service('service').find({ query: { $limit: 200, archived: false } })).data as Array<{ _id: string; code: string | null; name: string }>
  const filling = services.find((service) => service.code === 'T-01')!
  await admin.service('treatment-plan').create({ customerId: patient._id, title: 'Санация', phases: [{ title: 'Терапия', items: [{ serviceId: filling._id, teeth: [{ tooth: 36, surfaces: ['O'] }], quantity: 2 }] }] })
  await admin.service('exam').create({ customerId: patient._id, complaints: { cdbIds: [], text: 'Боль от холодного' }, toothCodes: [{ tooth: 36, code: 'C' }], diagnoses: [{ kind: 'final', icdCode: 'K02.1', teeth: [36] }] })
  await admin.service('transactions').create({ clientKey: `documents-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, customerId: patient._id, method: 'cash', amount: 5_000_000 })

  // The card's documents: the 043/у card and a consent, in the patient's language (the clinic's: Russian), then in Uzbek.
  await openInApp(page, `/customer/${patient._id}`)
  const card = page.getByTestId('patient-documents')
  await expect(card).toBeVisible()
  await shoot(page, 'documents-card', 'desktop')
  for (const language of ['ru', 'uz'] as const) {
    if (language === 'uz') {
      await card.getByTestId('document-language').click()
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Узбекский' }).click()
    }
    const medical = await printed(`043-${language}`, () => card.getByTestId('print-medical-card-043').click())
    for (const expected of [`Печатная${tag}`, 'K02.1', '36', language === 'ru' ? 'Медицинская карта стоматологического больного' : 'Stomatologik bemorning tibbiy kartasi']) expect(medical.text).toContain(expected)
    await card.getByTestId('print-consent').click()
    await page.getByTestId('document-procedure').fill('Удаление зуба 38')
    const consent = await printed(`consent-${language}`, () => page.getByRole('dialog').getByRole('button', { name: 'Печать' }).click())
    expect(consent.text).toContain('Удаление зуба 38')
    expect(consent.text).toContain(`Печатная${tag}`)
  }
  await expect(card.getByTestId('printed-documents').locator('.ant-list-item')).toHaveCount(4)
  await shoot(page, 'documents-card-printed', 'desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'documents-card-printed', 'phone')
  await page.setViewportSize({ width: 1366, height: 800 })

  // The plan tab prints the plan with its estimate; in Uzbek once the patient's language is Uzbek.
  for (const language of ['ru', 'uz'] as const) {
    if (language === 'uz') await admin.service('customers').patch(patient._id, { serviceLanguage: 'uz' })
    await openInApp(page, `/customer/${patient._id}/treatment-plan`)
    const plan = await printed(`plan-${language}`, () => page.getByTestId('print-treatment-plan').locator('button').first().click())
    for (const expected of [`Печатная${tag}`, '36 O', filling.name]) expect(plan.text).toContain(expected)
    expect(plan.text).toMatch(language === 'ru' ? /Сумма прописью: [А-Я][а-я]+/ : /soʻm/)
  }

  // The transactions tab prints the payment's receipt on the front desk's 80 mm printer.
  await openInApp(page, `/customer/${patient._id}/transactions`)
  await page.getByTestId('transactions-tab').getByTestId('print-menu').first().click()
  const receipt = await printed('receipt-80', () => page.getByText('Чек 80 мм').click())
  expect(pageSizes(receipt.bytes)[0][0]).toBeCloseTo(226.77, 1)
  expect(receipt.text).toContain('50 000,00')
})

test('the clinic words its own consent, previews it and goes back to the standard text', async () => {
  await openInApp(page, '/company/documents')
  await page.getByTestId('template-kind-consent').click()
  const title = page.getByTestId('template-title')
  await expect(title).not.toHaveValue('')
  await title.fill(`Согласие клиники ${tag}`)
  await page.getByTestId('template-intro').fill('Я, {{patient.fullName}}, согласен на {{procedure.name}}. {{unknown.thing}}')
  await expect(page.locator('.ant-alert')).toContainText('{{unknown.thing}}')
  await shoot(page, 'print-templates', 'desktop')
  const [preview] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('template-preview').click()])
  await preview.waitForURL(/^blob:/)
  await preview.close()
  await page.getByTestId('template-save').click()
  await expect(page.getByTestId('template-reset')).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'print-templates', 'phone')
  await page.setViewportSize({ width: 1366, height: 800 })
  await page.getByTestId('template-reset').click()
  await page.getByRole('button', { name: 'OK' }).click()
  await expect(page.getByTestId('template-reset')).toBeHidden()
  await expect(title).not.toHaveValue(`Согласие клиники ${tag}`)
})

test('the calendar prints a doctor\'s day as the daily log 037/у, and a visit prints its patient\'s card', async () => {
  test.setTimeout(120_000)
  const { timezone } = (await admin.service('my-company').get('mine')) as { timezone: string }
  // A day of its own, far from the other journeys' days; a rerun clears it first.
  const day = addDays(companyToday(timezone), 47)
  const [year, month, dayOfMonth] = day.split('-').map(Number)
  const doctors = (await admin.service('my-team').find({ query: { acceptsAppointments: true, $sort: { last_name: 1 }, $limit: 50 } })).data as Array<{ _id: string }>
  const doctor = doctors[0]
  const hours = [{ start: '07:00', end: '21:00' }]
  await admin.service('users').patch(doctor._id, { schedule: { week: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((key) => [key, hours])) } })
  const leftovers = (await admin.service('appointment').find({ query: { staffId: doctor._id, date: day, $limit: 100 } })).data as Array<{ _id: string }>
  for (const leftover of leftovers) await admin.service('appointment').remove(leftover._id)
  const patient = (await admin.service('customers').create({ first_name: 'Равшан', last_name: `Журнальный${tag}`, phone: uniquePhone() })) as { _id: string }
  const start = instantOfWallTime({ year, month, day: dayOfMonth, hour: 9, minute: 0 }, timezone).toISOString()
  const visit = (await admin.service('appointment').create({ customerId: patient._id, staffId: doctor._id, start, duration: 30, status: 'arrived' })) as { _id: string }

  await openInApp(page, `/appointments/calendar?date=${day}&view=day&columns=staff&colour=staff&doctor=${doctor._id}`)
  const log = await printed('daily-log-037', () => page.getByTestId('print-daily-log-037').locator('button').first().click())
  for (const expected of [`Журнальный${tag} Равшан`, '09:00']) expect(log.text).toContain(expected)
  await shoot(page, 'calendar-daily-log', 'desktop')

  // The visit's drawer prints the patient's medical card.
  await page.locator(`.rbc-event:has([data-id="${visit._id}"])`).click()
  await page.getByTestId('visit-print').click()
  await shoot(page, 'visit-print-menu', 'desktop')
  const card = await printed('visit-043', () => page.getByTestId('visit-print-medical-card-043').click())
  expect(card.text).toContain(`Журнальный${tag} Равшан`)
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'visit-print-drawer', 'phone')
  await page.setViewportSize({ width: 1366, height: 800 })
})

/**
 * Issue 20: the same web app inside the desktop shell. The shell's preload cannot run here, so a
 * stand-in `window.clinicDesktop` answers its verbs (printers, choices, prints) in the page; the
 * app's real desktop platform talks to it. The receipt goes to the 80 mm printer, no tab opens.
 */
test('in the desktop shell, printers are chosen by role and a receipt prints silently on the 80 mm one', async ({ browser }) => {
  const desk = await browser.newPage({ viewport: { width: 1366, height: 800 } })
  await desk.addInitScript(() => {
    localStorage.setItem('locale', 'ru')
    const choices: Record<string, string | null> = { documents: 'HP_LaserJet_M404', receipt80: null, receipt58: null, label: 'Old_Zebra_GK420' }
    const calls: Array<{ verb: string; role: string; head?: string; heading?: string }> = []
    Object.assign(window, {
      desktopCalls: calls,
      clinicDesktop: {
        printDocument: async () => true,
        dial: async () => true,
        appInfo: async () => ({ version: '0.1.0', platform: 'linux' }),
        listPrinters: async () => [
          { name: 'HP_LaserJet_M404', displayName: 'HP LaserJet Pro M404dn', description: 'Регистратура', isDefault: true },
          { name: 'XP-80C', displayName: 'Xprinter XP-80C', description: 'Чеки', isDefault: false }
        ],
        printerChoices: async () => ({ ...choices }),
        choosePrinter: async (role: string, printer: string | null) => {
          choices[role] = printer
          return { ...choices }
        },
        printPdf: async (role: string, bytes: Uint8Array) => {
          calls.push({ verb: 'printPdf', role, head: String.fromCharCode(...bytes.subarray(0, 5)) })
          return choices[role] ? { ok: true } : { ok: false, reason: 'noPrinter' }
        },
        testPrint: async (role: string, heading: string) => {
          calls.push({ verb: 'testPrint', role, heading })
          return { ok: true }
        }
      }
    })
  })
  await desk.goto('/login')
  await desk.locator('input[type=email]').fill(demoAdmin.email)
  await desk.locator('input[type=password]').fill(demoAdmin.password)
  await desk.getByRole('button', { name: 'Войти' }).click()
  await expect(desk.getByRole('navigation', { name: 'Главное меню' })).toBeVisible({ timeout: 20_000 })

  // The account menu leads to the printers (the browser's has no such entry).
  await chooseFromAccountMenu(desk, 'Принтеры', '/profile/printers')
  await expect(desk.getByTestId('printer-role-label')).toContainText('не найден на этом компьютере')
  await desk.getByTestId('printer-select-receipt80').click()
  await desk.locator('.ant-select-item-option').filter({ hasText: 'Xprinter XP-80C' }).click()
  await expect(desk.getByText('Сохранено')).toBeVisible()
  await desk.getByTestId('printer-test-receipt80').click()
  await expect(desk.getByText('Пробная страница отправлена на принтер')).toBeVisible()
  expect(await desk.evaluate(() => (window as unknown as { desktopCalls: unknown[] }).desktopCalls)).toEqual([{ verb: 'testPrint', role: 'receipt80', heading: 'Пробная печать: Чеки 80 мм' }])
  await shoot(desk, 'desktop-printers', 'desktop')
  await desk.setViewportSize({ width: 390, height: 844 })
  await shoot(desk, 'desktop-printers', 'phone')
  await desk.setViewportSize({ width: 1366, height: 800 })

  // A payment's receipt prints on the 80 mm printer, with no tab; a 58 mm one says why it cannot.
  const patient = (await admin.service('customers').create({ first_name: 'Азиз', last_name: `Настольный${tag}`, phone: uniquePhone() })) as { _id: string }
  await admin.service('transactions').create({ clientKey: `desktop-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, customerId: patient._id, method: 'cash', amount: 1_000_000 })
  await openInApp(desk, `/customer/${patient._id}/transactions`)
  let tabs = 0
  desk.on('popup', () => (tabs += 1))
  await desk.getByTestId('transactions-tab').getByTestId('print-menu').first().click()
  await desk.getByText('Чек 80 мм').click()
  await expect.poll(() => desk.evaluate(() => (window as unknown as { desktopCalls: unknown[] }).desktopCalls.length)).toBe(2)
  expect(await desk.evaluate(() => (window as unknown as { desktopCalls: unknown[] }).desktopCalls[1])).toEqual({ verb: 'printPdf', role: 'receipt80', head: '%PDF-' })
  await desk.getByTestId('transactions-tab').getByTestId('print-menu').first().click()
  await desk.getByText('Чек 58 мм').click()
  await expect(desk.getByText('Для такого документа не выбран принтер', { exact: false })).toBeVisible()
  expect(tabs).toBe(0)
  await desk.close()
})
