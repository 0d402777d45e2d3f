import { expect as baseExpect, test, type Page } from '@playwright/test'
import { demoAdmin } from './support/app'
import { connectApi, uniqueLetters, uniquePhone, type Api } from './support/api'
import { shoot } from './support/shots'
import { addDays, companyToday, dayKey, toFloating } from '../../renderer/src/features/appointments/zoned-time'

/**
 * Issue 13's front-desk morning, in Russian at 1366x800: the doctor's day with hours, a break and
 * buffers drawn; a visit opened with Enter and the form's finder filling a free time; the first free slot for a 60-minute service in any branch, booked in one click;
 * the card from the visit's drawer; a patient found with Ctrl+K; an arrival marked on the board
 * in one click; a duplicate patient warned of; a screen of a later issue that says it is not there yet.
 */
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя', 5)

interface Member { _id: string; schedule?: unknown }
interface Appointment { _id: string; start: string; status: string; staffId: string; customerId: string; services: Array<{ serviceId: string }> }

let api: Api
let page: Page
let doctor: Member
let savedSchedule: unknown

test.beforeAll(async ({ browser }) => {
  api = await connectApi(`http://localhost:${process.env.E2E_PORT}`)
  const doctors = (await api.service<Member>('my-team').find({ query: { acceptsAppointments: true, $sort: { last_name: 1 }, $limit: 50 } })).data
  doctor = doctors[0]
  savedSchedule = doctor.schedule
  // Mornings and afternoons with a lunch break every day: the calendar has something to shade.
  const hours = [{ start: '07:00', end: '13:00' }, { start: '14:00', end: '21:00' }]
  await api.service('users').patch(doctor._id, { schedule: { week: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((key) => [key, hours])) } })
  page = await browser.newPage({ viewport: { width: 1366, height: 800 } })
  await page.addInitScript(() => localStorage.setItem('locale', 'ru'))
  await page.goto('/login')
  await page.locator('input[type=email]').fill(demoAdmin.email)
  await page.locator('input[type=password]').fill(demoAdmin.password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible()
})

test.afterAll(async () => {
  await api?.service('users').patch(doctor._id, { schedule: savedSchedule ?? {} })
  await page?.close()
  api?.close()
})

test('a front-desk morning in Russian', async () => {
  // One journey of eight steps and five screenshots: longer than a single check.
  test.setTimeout(180_000)
  const zone = ((await api.service<{ timezone: string }>('my-company').get('mine')) as { timezone: string }).timezone
  const service = await api.service<{ _id: string; name: string }>('service').create({ name: `Имплантация ${tag}`, duration: 60, bufferTime: 15, price: 100_000_00 })
  const patientPhone = uniquePhone()
  const patient = await api.service<{ _id: string }>('customers').create({ first_name: 'Ирина', last_name: `Тестова${tag}`, phone: patientPhone })
  // The doctor's first free hour from tomorrow on (other journeys book that day too): a visit
  // whose buffer the calendar draws.
  // In the branch the screens open on (the administrator's first, the main one).
  const [mainBranch] = (await api.service<{ _id: string }>('branches').find({ query: { isMain: true } })).data
  const [free] = (
    await api.service<{ start: string; branchId: string }>('appointment-slots').find({
      query: { serviceIds: [service._id], staffId: doctor._id, branchId: mainBranch._id, dateFrom: addDays(companyToday(zone), 1), $limit: 1 }
    })
  ).data
  const day = dayKey(toFloating(free.start, zone))
  const first = await api.service<Appointment>('appointment').create({
    customerId: patient._id, staffId: doctor._id, branchId: free.branchId, start: free.start, duration: 60, status: 'planned',
    services: [{ serviceId: service._id, name: service.name, duration: 60, price: 100_000_00, quantity: 1 }]
  })

  // The doctor's day: the lunch break shaded with its reason, the visit's buffer drawn.
  await page.goto(`/appointments/calendar?date=${day}&view=day&columns=staff`)
  await expect(page.locator(`[data-id="${first._id}"] [data-testid="calendar-event-buffer"]`)).toBeVisible()
  await expect(page.locator('.rbc-time-slot.calendar-break').first()).toBeAttached()
  await expect(page.locator('.rbc-time-slot[title="У врача перерыв 13:00–14:00"]').first()).toBeAttached()
  await shoot(page, 'front-desk-day', 'desktop')

  // Enter on the focused visit opens its drawer.
  await page.locator('.rbc-event').filter({ has: page.locator(`[data-testid="calendar-event"][data-id="${first._id}"]`) }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('booking-patient')).toBeVisible()

  // The form's own finder fills the doctor, day and time of a free slot (saving stays a step).
  await page.getByTestId('booking-find-slot').click()
  const finder = page.getByTestId('slot-finder')
  await expect(finder.getByTestId('slot').first()).toBeVisible()
  const slotTime = (await finder.locator('.slot-finder-time').first().innerText()).slice(0, 5)
  await finder.getByTestId('slot-book').first().click()
  await expect(finder).toBeHidden()
  await expect(page.getByTestId('booking-time')).toContainText(slotTime)
  await expect(page.getByTestId('booking-problem')).toBeHidden()

  // The visit's drawer leads to the patient's card.
  await page.getByTestId('booking-patient-card').click()
  await expect(page).toHaveURL(new RegExp(`/customer/${patient._id}`))

  // From the card: the first free slot for the 60-minute service in any branch, one click books it.
  await page.getByTestId('customer-find-slot').click()
  await page.getByTestId('slot-services').click()
  await page.keyboard.type(`Имплантация ${tag}`)
  await page.locator('.ant-select-item-option').filter({ hasText: `Имплантация ${tag}` }).click()
  await page.keyboard.press('Escape')
  await page.getByTestId('slot-branches').getByText('Любой филиал').click()
  await expect(page.getByTestId('slot').first()).toBeVisible()
  await shoot(page, 'front-desk-slots', 'desktop')
  await page.getByTestId('slot-book').first().click()
  await expect(page.getByText('Записано')).toBeVisible()
  const booked = await api.service<Appointment>('appointment').find({ query: { customerId: patient._id, $sort: { start: 1 }, $limit: 10 } })
  expect(booked.data).toHaveLength(2)
  const fromSlot = booked.data.find((item) => item._id !== first._id)!
  expect(fromSlot.services.map((item) => item.serviceId)).toEqual([service._id])

  // Ctrl+K from any screen finds the patient; Enter opens the card.
  await page.goto('/board')
  await expect(page.getByTestId('board')).toBeVisible()
  await page.keyboard.press('Control+k')
  await page.getByTestId('patient-search-input').fill(`Тестова${tag}`)
  await expect(page.getByTestId('patient-search-result').first()).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/customer/${patient._id}`))

  // The board marks an arrival in one click.
  await page.goto(`/board?date=${day}`)
  const card = page.locator(`[data-testid="board-card"][data-id="${first._id}"]`)
  await card.getByTestId('board-mark-arrived').click()
  await expect(page.getByTestId('board-column-arrived').locator(card)).toBeVisible()
  await expect.poll(async () => (await api.service<Appointment>('appointment').get(first._id)).status).toBe('arrived')
  await expect(card.getByTestId('board-card-waiting')).toContainText('Ждёт')
  await shoot(page, 'front-desk-board', 'desktop')

  // A new patient with the same phone as one on file: the form says who has it.
  await page.goto('/people/customers')
  await page.getByTestId('add-customer').click()
  const drawer = page.getByRole('dialog')
  await drawer.getByLabel('Фамилия').fill(`Повторова${tag}`)
  await drawer.getByLabel('Имя', { exact: true }).fill('Ирина')
  await drawer.getByLabel('Телефон').fill(patientPhone.slice(3))
  await expect(page.getByTestId('duplicate-warning')).toContainText(`Тестова${tag} Ирина`)
  await shoot(page, 'front-desk-duplicate', 'desktop')
  await page.keyboard.press('Escape')

  // A screen of a later issue typed by hand says so.
  await page.goto('/reports/feedback')
  await expect(page.getByRole('heading', { name: 'Раздел пока недоступен' })).toBeVisible()
})
