import { expect as baseExpect, test, type Page } from '@playwright/test'
import { demoAdmin } from './support/app'
import { uniqueLetters, uniquePhone } from './support/api'
import { shoot } from './support/shots'
import { addMember, signInApi, type Api } from './support/socket-api'
import { companyToday, dayKey, toFloating, addDays } from '../../renderer/src/features/appointments/zoned-time'

/**
 * Issue 14's doctor's day, in Russian at 1366x800: today's patient opened from the calendar, the
 * chart entered with the keyboard, an exam with complaints from the list and a final diagnosis
 * K02.1 on 36 signed, a perio quadrant probed by keyboard, the visit completed with what was done,
 * the company switched to American numbering (36 reads 19), the chart as it was yesterday; a
 * receptionist's socket meanwhile receives none of it.
 */
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя', 5)
const password = 'Clinic-pass-2026!'

interface Appointment { _id: string; start: string }

let admin: Api
let doctorApi: Api
let receptionApi: Api
let page: Page
const receptionSaw: Array<{ event: string; path: string; data: unknown }> = []

/** The finds the page sends over its socket ("42<id>["find","<path>",...]"), in order. */
const findsSent: string[] = []
function recordFinds(page: Page) {
  page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => {
    const call = /^42\d*\["find","([^"]+)"/.exec(String(payload))
    if (call) findsSent.push(call[1])
  }))
}
const clinicalLists = ['tooth', 'exam', 'perio', 'treatment', 'treatment-plan']

/** Keys pressed on the focused tooth, one by one (what a doctor types). */
async function press(page: Page, ...keys: string[]) {
  for (const key of keys) await page.keyboard.press(key)
}

test.beforeAll(async ({ browser }) => {
  admin = await signInApi(demoAdmin.email, demoAdmin.password)
  const doctorEmail = `doctor-${Date.now().toString(36)}@e2e.test`
  const doctor = await addMember(admin, 'doctor', { email: doctorEmail, password, first: 'Анна', last: `Зубова${tag}` })
  const hours = [{ start: '00:00', end: '23:59' }]
  await admin.service('users').patch(doctor._id as string, {
    acceptsAppointments: true,
    schedule: { week: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((key) => [key, hours])) }
  })
  doctorApi = await signInApi(doctorEmail, password)

  // A receptionist: visits and patients, nothing clinical.
  const role = (await admin.service('roles').create({
    name: `Регистратура ${tag}`,
    permissions: [
      { resource: 'customers', view: true, create: true, edit: true, seeAll: true },
      { resource: 'appointment', view: true, create: true, edit: true, seeAll: true }
    ]
  })) as { _id: string }
  const receptionEmail = `reception-${Date.now().toString(36)}@e2e.test`
  await admin.service('users').create({
    email: receptionEmail, first_name: 'Ольга', last_name: `Регистратор${tag}`, roleId: role._id,
    branchIds: admin.auth.branchIds, password, allowLogin: true
  })
  receptionApi = await signInApi(receptionEmail, password)
  for (const path of ['tooth', 'exam', 'treatment', 'perio', 'health-card']) {
    for (const event of ['created', 'patched', 'updated', 'removed']) {
      ;(receptionApi as unknown as { service(path: string): { on(event: string, listener: (data: unknown) => void): void } })
        .service(path).on(event, (data) => receptionSaw.push({ event, path, data }))
    }
  }

  // The doctor's computer is set to Honolulu, 15 hours behind the clinic: for most of the day its
  // date is not the clinic's, and "today" and "yesterday" on the screen must still be the clinic's.
  page = await browser.newPage({ viewport: { width: 1366, height: 800 }, timezoneId: 'Pacific/Honolulu' })
  recordFinds(page)
  await page.addInitScript(() => localStorage.setItem('locale', 'ru'))
  await page.goto('/login')
  await page.locator('input[type=email]').fill(doctorEmail)
  await page.locator('input[type=password]').fill(password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible()
})

test.afterAll(async () => {
  await admin?.service('my-company').patch('mine', { settings: { toothNumbering: 'FDI' } }).catch(() => undefined)
  await page?.close()
  doctorApi?.close()
  receptionApi?.close()
  admin?.close()
})

test("a doctor's day in Russian: the chart by keyboard, a signed exam, a perio quadrant, what was done, American numbering, yesterday's chart", async () => {
  test.setTimeout(240_000)
  const zone = (await admin.service('my-company').get('mine')).timezone as string
  const patient = (await admin.service('customers').create({ first_name: 'Пётр', last_name: `Кариесов${tag}`, phone: uniquePhone(), birthdate: '1985-04-12' })) as { _id: string }
  const [mainBranch] = (await admin.service('branches').find({ query: { isMain: true } })).data as Array<{ _id: string }>
  const [service] = (await admin.service('service').find({ query: { $limit: 1 } })).data as Array<{ _id: string; name: string; duration: number; price: number }>
  // Today, in a free half hour of the new doctor's day (the whole day is free; just before
  // midnight the first free time is tomorrow's).
  const today = companyToday(zone)
  const [free] = (
    await admin.service('appointment-slots').find({
      query: { serviceIds: [service._id], staffId: doctorApi.auth.user._id, branchId: mainBranch._id, dateFrom: today, dateTo: addDays(today, 2), $limit: 1 }
    })
  ).data as Array<{ start: string; branchId: string }>
  expect(free, 'a free slot today').toBeTruthy()
  const visit = (await admin.service('appointment').create({
    customerId: patient._id, staffId: doctorApi.auth.user._id, branchId: free.branchId, start: free.start, duration: service.duration, status: 'planned',
    services: [{ serviceId: service._id, name: service.name, duration: service.duration, price: service.price, quantity: 1 }]
  })) as unknown as Appointment
  // The patient is in the chair.
  await admin.service('appointment').patch(visit._id, { status: 'started' })

  // Today's patient from the calendar: the visit's drawer leads to the card, the card to the chart.
  const day = dayKey(toFloating(visit.start, zone))
  await page.goto(`/appointments/calendar?date=${day}&view=day&columns=staff`)
  await page.locator('.rbc-event').filter({ has: page.locator(`[data-testid="calendar-event"][data-id="${visit._id}"]`) }).click()
  await page.getByTestId('booking-patient-card').click()
  await expect(page).toHaveURL(new RegExp(`/customer/${patient._id}`))
  // The tab opens with one read of all its lists (treatment-record), not one per list.
  const beforeTab = findsSent.length
  await page.getByRole('tab', { name: 'Лечение' }).click()
  const chart = page.getByRole('group', { name: 'Зубная формула' })
  await expect(chart).toBeVisible()
  const tabFinds = findsSent.slice(beforeTab)
  expect(tabFinds.filter((path) => path === 'treatment-record')).toHaveLength(1)
  expect(tabFinds.filter((path) => clinicalLists.includes(path))).toEqual([])

  // Caries on the mesial and occlusal surfaces of 36, by keyboard: into the chart, down to the
  // lower row (48 first), right along it to 36, M and O, then 1 for caries.
  await chart.getByRole('button', { name: /^Зуб 18\b/ }).focus()
  await press(page, 'ArrowDown')
  await expect(chart.getByRole('button', { name: /^Зуб 48\b/ })).toBeFocused()
  // 48 is missing: select it, 0 charts the code M (missing).
  await press(page, 'Space', 'Digit0')
  // Charted once the tooth says so (the selected tooth's empty history, "ещё ничего не отмечено",
  // holds the toast's word too, so the toast is not what is waited for).
  await expect(chart.getByRole('button', { name: /^Зуб 48\b/ })).toHaveAttribute('aria-label', /отсутствует/)
  for (let step = 0; step < 13; step += 1) await press(page, 'ArrowRight')
  await expect(chart.getByRole('button', { name: /^Зуб 36\b/ })).toBeFocused()
  await press(page, 'KeyM', 'KeyO', 'Digit1')
  await expect.poll(async () => (await doctorApi.service('tooth').find({ query: { customerId: patient._id } })).data.length).toBe(2)
  const events = (await doctorApi.service('tooth').find({ query: { customerId: patient._id } })).data as Array<{ tooth: number; code: string; surfaces?: string[] }>
  expect(events.map((event) => [event.tooth, event.code, [...(event.surfaces ?? [])].sort()])).toEqual(
    expect.arrayContaining([[48, 'M', []], [36, 'C', ['M', 'O']]])
  )
  await expect(chart.getByRole('button', { name: /^Зуб 36\b/ })).toHaveAttribute('aria-label', /кариес/)
  await shoot(page, 'doctor-chart', 'desktop')

  // The exam: a complaint from the list, a final diagnosis K02.1 on 36, signed. The exams came
  // with the tab: the section shows them without reading them again.
  const beforeExams = findsSent.length
  await page.getByRole('tab', { name: 'Осмотры' }).click()
  await expect(page.getByRole('button', { name: 'Новый осмотр' })).toBeVisible()
  expect(findsSent.slice(beforeExams).filter((path) => path === 'exam' || path === 'treatment-record')).toEqual([])
  await page.getByRole('button', { name: 'Новый осмотр' }).click()
  const drawer = page.getByRole('dialog')
  await drawer.getByLabel('Из справочника жалоб').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click()
  await page.keyboard.press('Escape')
  await drawer.getByRole('button', { name: 'Добавить диагноз' }).click()
  await drawer.getByLabel('Вид диагноза').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Окончательный' }).click()
  await drawer.getByLabel('Код МКБ-10').click()
  await page.keyboard.type('K02.1')
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'K02.1' }).first().click()
  await drawer.getByLabel('Зубы', { exact: true }).click()
  await page.keyboard.type('36')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Escape')
  await shoot(page, 'doctor-exam', 'desktop')
  await drawer.getByRole('button', { name: 'Подписать' }).click()
  await expect(page.getByText('Осмотр подписан')).toBeVisible()
  const [exam] = (await doctorApi.service('exam').find({ query: { customerId: patient._id } })).data as Array<{ status: string; diagnoses: Array<{ kind: string; icdCode: string; teeth: number[] }>; complaints: { cdbIds: string[] } }>
  expect(exam.status).toBe('signed')
  expect(exam.diagnoses).toEqual([expect.objectContaining({ kind: 'final', icdCode: 'K02.1', teeth: [36] })])
  expect(exam.complaints.cdbIds).toHaveLength(1)

  // A full perio chart of the first quadrant by keyboard: buccal 18 to 11, then palatal back,
  // a digit per site (48 sites), a bleeding mark on the first.
  await page.getByRole('tab', { name: 'Пародонтальная карта' }).click()
  await page.getByRole('button', { name: 'Новая пародонтальная карта' }).click()
  const grid = page.getByLabel('Пародонтальная карта, ввод с клавиатуры')
  await grid.focus()
  const depths = Array.from({ length: 48 }, (_, index) => (index * 7) % 6 + 1)
  await press(page, `Digit${depths[0]}`, 'KeyB')
  for (const depth of depths.slice(1)) await press(page, `Digit${depth}`)
  await shoot(page, 'doctor-perio', 'desktop')
  interface PerioTooth { tooth: number; sites: Record<string, { depth: number | null; bleeding: boolean }> }
  const probed = async () => {
    const [chart] = (await doctorApi.service('perio').find({ query: { customerId: patient._id } })).data as Array<{ teeth: PerioTooth[] }>
    return (chart?.teeth ?? []).flatMap((tooth) => Object.entries(tooth.sites).filter(([, site]) => site.depth !== null).map(([site]) => `${tooth.tooth}${site}`))
  }
  await expect.poll(async () => (await probed()).length).toBe(48)
  expect(new Set((await probed()).map((site) => Number(site.slice(0, 2))))).toEqual(new Set([11, 12, 13, 14, 15, 16, 17, 18]))

  // The visit ends: completing it asks what was done, prefilled with the booked service.
  await page.goto(`/appointments/calendar?date=${day}&view=day&columns=staff`)
  await page.locator('.rbc-event').filter({ has: page.locator(`[data-testid="calendar-event"][data-id="${visit._id}"]`) }).click()
  await page.getByTestId('booking-status').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Завершён' }).click()
  await expect(page.getByTestId('booking-status')).toContainText('Завершён')
  await page.getByTestId('booking-save').click()
  const done = page.getByRole('dialog', { name: 'Что было сделано?' })
  await expect(done).toBeVisible()
  await done.getByLabel('Зубы 1').fill('36МО')
  await shoot(page, 'doctor-complete', 'desktop')
  await done.getByRole('button', { name: 'Сохранить и завершить' }).click()
  await expect(done).toBeHidden()
  await expect.poll(async () => (await admin.service('appointment').get(visit._id)).status).toBe('completed')
  const lines = (await doctorApi.service('treatment').find({ query: { customerId: patient._id } })).data as Array<{ appointmentId: string; serviceId: string; teeth: Array<{ tooth: number; surfaces: string[] }>; price: number }>
  expect(lines).toEqual([expect.objectContaining({ appointmentId: visit._id, serviceId: service._id, teeth: [{ tooth: 36, surfaces: ['M', 'O'] }], price: service.price })])
  await page.goto(`/customer/${patient._id}/treatment?section=chart`)
  await expect(chart).toBeVisible()

  // The company switches to American numbering: the open chart follows at once, 36 reads 19.
  await admin.service('company').patch('mine', { settings: { toothNumbering: 'American' } })
  await expect(chart).toHaveAttribute('data-numbering', 'American')
  await expect(chart.getByRole('button', { name: /^Зуб 19\b/ })).toHaveAttribute('aria-label', /кариес/)
  await admin.service('company').patch('mine', { settings: { toothNumbering: 'FDI' } })
  await expect(chart).toHaveAttribute('data-numbering', 'FDI')

  // Yesterday's chart: none of today's entries, read only.
  // Typed, not picked: on the first of a month yesterday may not be in the calendar's grid.
  await page.getByLabel('Формула на дату').fill(addDays(today, -1))
  await page.keyboard.press('Enter')
  await expect(page.getByText(/Зубная формула на конец дня/)).toBeVisible()
  await expect(chart.getByRole('button', { name: /^Зуб 36\b/ })).not.toHaveAttribute('aria-label', /кариес/)
  await page.getByRole('button', { name: 'Вернуться к сегодня' }).click()
  await expect(chart.getByRole('button', { name: /^Зуб 36\b/ })).toHaveAttribute('aria-label', /кариес/)

  // The receptionist's socket was connected all along and received nothing clinical.
  expect(receptionSaw).toEqual([])
})
