import { expect as baseExpect, test, type Page } from '@playwright/test'
import { demoAdmin } from './support/app'
import { uniqueLetters, uniquePhone } from './support/api'
import { shoot } from './support/shots'
import { signInApi, type Api } from './support/socket-api'
import { addDays, companyToday, dayKey, timeKey, toFloating } from '../../renderer/src/features/appointments/zoned-time'
import { itemAmount } from '../../domain/clinical/treatment-plans'
import { chooseOption } from './support/select'

/**
 * Issue 15's plan journey, in Russian, as the demo doctor: on the chart 36 and then 46 are added
 * to a new plan (two visits, 46 with two alternatives: an implant or a crown), the plan is
 * presented, the patient accepts the crown, visit 1 is booked from the plan, the visit is
 * completed with what was done (the plan's items, linked) and the plan reads partially done.
 * Then the administrator invoices the plan's crown in advance (issue 16: an invoice from plan items).
 */
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя', 5)
const doctorEmail = 'karimov@demo.clinic'

interface Plan { _id: string; status: string; phases: Array<{ _id: string; appointmentId: string | null; items: Array<{ _id: string; serviceId: string; status: string; alternative: string | null; treatmentId: string | null; price: number; quantity: number; discount: number }> }> }

let admin: Api
let doctorApi: Api
let page: Page

test.beforeAll(async ({ browser }) => {
  admin = await signInApi(demoAdmin.email, demoAdmin.password)
  doctorApi = await signInApi(doctorEmail, demoAdmin.password)
  page = await browser.newPage({ viewport: { width: 1366, height: 800 } })
  await page.addInitScript(() => localStorage.setItem('locale', 'ru'))
  await page.goto('/login')
  await page.locator('input[type=email]').fill(doctorEmail)
  await page.locator('input[type=password]').fill(demoAdmin.password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible()
})

test.afterAll(async () => {
  await page?.close()
  doctorApi?.close()
  admin?.close()
})

/** Selects one tooth on the chart and adds it to a plan, in a visit, with a service. */
async function addToPlan(page: Page, tooth: number, service: string, phase?: string) {
  const chart = page.getByRole('group', { name: 'Зубная формула' })
  await chart.locator(`[data-fdi="${tooth}"]`).click()
  await page.getByTestId('chart-add-to-plan').click()
  const dialog = page.getByRole('dialog', { name: 'Добавить выбранные зубы в план' })
  await expect(dialog).toBeVisible()
  if (phase) await chooseOption(page.getByTestId('add-to-plan-phase'), phase, { search: true })
  await chooseOption(page.getByTestId('add-to-plan-service'), service, { search: true })
  await dialog.getByTestId('add-to-plan-confirm').click()
  await expect(dialog).toBeHidden()
}

test('a doctor builds a plan from the chart, presents it, the patient accepts an alternative, visit 1 is booked and done: the plan is partially done', async ({ browser }) => {
  test.setTimeout(240_000)
  const zone = (await admin.service('my-company').get('mine')).timezone as string
  const patient = (await admin.service('customers').create({ first_name: 'Вера', last_name: `Планова${tag}`, phone: uniquePhone(), discount: 5 })) as { _id: string }
  const services = (await admin.service('service').find({ query: { $limit: 200, archived: false } })).data as Array<{ _id: string; name: string; code: string | null; duration: number; price: number }>
  // The demo catalogue's composite filling, implant and metal-ceramic crown.
  const [filling, implant, crown] = ['T-01', 'S-04', 'O-01'].map((code) => services.find((service) => service.code === code)!)
  expect(crown, 'the demo catalogue has a filling, an implant and a crown').toBeTruthy()

  // The chart: 36 into a new plan; 46 twice into a second visit (the two alternatives).
  await page.goto(`/customer/${patient._id}/treatment?section=chart`)
  await addToPlan(page, 36, filling.name)
  await expect.poll(async () => ((await doctorApi.service('treatment-plan').find({ query: { customerId: patient._id } })).data as unknown as Plan[]).length).toBe(1)
  await addToPlan(page, 46, implant.name, 'Новый визит')
  await addToPlan(page, 46, crown.name, 'Визит 2')
  await expect(page.getByTestId('chart-planned')).toContainText(implant.name)
  await expect(page.locator('[data-testid="planned-46"]')).toHaveCount(1)
  await shoot(page, 'plan-chart', 'desktop')

  // The plan tab: the two items on 46 become alternatives "Имплант" and "Мост".
  await page.getByRole('tab', { name: 'План лечения' }).click()
  const editor = page.getByTestId('plan-editor')
  await expect(editor).toBeVisible()
  const second = editor.getByTestId('plan-phase-2')
  for (const [name, option] of [[implant.name, 'Имплант'], [crown.name, 'Коронка']] as const) {
    await second.getByRole('button', { name: `Изменить ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Изменить пункт' })
    await dialog.getByTestId('plan-item-group').locator('input').fill('46')
    await dialog.getByTestId('plan-item-option').fill(option)
    await dialog.getByRole('button', { name: 'Сохранить' }).click()
    await expect(dialog).toBeHidden()
    await expect(second).toContainText(`46: ${option}`)
  }
  await shoot(page, 'plan-editor', 'desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'plan-editor', 'phone')
  await page.setViewportSize({ width: 1366, height: 800 })

  // Presented, then accepted with the crown: the implant is not chosen.
  await editor.getByTestId('plan-present').click()
  await expect(editor.getByTestId('plan-status')).toHaveAttribute('data-status', 'presented')
  await editor.getByTestId('plan-accept').click()
  const accept = page.getByRole('dialog', { name: 'Согласование плана' })
  // Checked until it is: on a slowed CI machine a click while the dialog opened was lost, and the
  // confirm button stayed disabled until the test's time ran out.
  const crownChoice = accept.getByTestId('plan-choice-46-Коронка')
  await expect(async () => crownChoice.check({ timeout: 2_000 })).toPass({ timeout: 20_000 })
  await accept.getByTestId('plan-accept-confirm').click()
  await expect(editor.getByTestId('plan-status')).toHaveAttribute('data-status', 'accepted')
  await expect(second).toContainText('Не выбрано')

  // Visit 1 booked from the plan: the drawer comes with the patient, the doctor and the service.
  const [mainBranch] = (await admin.service('branches').find({ query: { isMain: true } })).data as Array<{ _id: string }>
  const today = companyToday(zone)
  const [free] = (await admin.service('appointment-slots').find({
    query: { serviceIds: [filling._id], staffId: doctorApi.auth.user._id, branchId: mainBranch._id, dateFrom: addDays(today, 1), dateTo: addDays(today, 14), $limit: 1 }
  })).data as Array<{ start: string }>
  expect(free, 'a free slot of the demo doctor').toBeTruthy()
  const start = toFloating(free.start, zone)
  await editor.getByTestId('plan-book-1').click()
  const drawer = page.getByTestId('booking-form')
  await expect(drawer).toBeVisible()
  await expect(drawer).toContainText(filling.name)
  const date = drawer.getByTestId('booking-date')
  await date.click()
  await page.keyboard.press('Control+A')
  await page.keyboard.type(dayKey(start))
  await page.keyboard.press('Enter')
  await chooseOption(page.getByTestId('booking-time'), timeKey(start), { search: true })
  await page.getByTestId('booking-save').click()
  await expect(drawer).toBeHidden()
  await expect(editor.getByTestId('plan-phase-1')).toContainText('Записан')
  const booked = (await doctorApi.service('treatment-plan').find({ query: { customerId: patient._id } })).data[0] as unknown as Plan
  const visitId = booked.phases[0].appointmentId!
  expect(visitId).toBeTruthy()
  expect(await admin.service('appointment').get(visitId)).toMatchObject({ customerId: patient._id, staffId: doctorApi.auth.user._id })

  // The visit happens: completing it offers the phase's items, linked to the plan.
  await admin.service('appointment').patch(visitId, { status: 'started' })
  await page.goto(`/appointments/calendar?date=${dayKey(start)}&view=day&columns=staff`)
  await page.locator('.rbc-event').filter({ has: page.locator(`[data-testid="calendar-event"][data-id="${visitId}"]`) }).click()
  // Checked before saving: on a busy machine a click on the list as it opened was lost, and the
  // visit was saved still started (no "What was done?").
  await chooseOption(page.getByTestId('booking-status'), 'Завершён', { search: true })
  await page.getByTestId('booking-save').click()
  const done = page.getByRole('dialog', { name: 'Что было сделано?' })
  await expect(done).toBeVisible()
  await expect(done.getByTestId('treatment-draft-plan-1')).toContainText(filling.name)
  await shoot(page, 'plan-complete', 'desktop')
  await done.getByRole('button', { name: 'Сохранить и завершить' }).click()
  await expect(done).toBeHidden()

  // The plan is partially done: the filling done by the treatment, the crown still planned.
  await page.goto(`/customer/${patient._id}/treatment-plan`)
  await expect(page.getByTestId('plan-editor').getByTestId('plan-status')).toHaveAttribute('data-status', 'partially-done')
  const plan = (await doctorApi.service('treatment-plan').find({ query: { customerId: patient._id } })).data[0] as unknown as Plan
  expect(plan.phases.flatMap((phase) => phase.items.map((item) => item.status))).toEqual(['done', 'rejected', 'planned'])
  const [line] = (await doctorApi.service('treatment').find({ query: { customerId: patient._id } })).data as Array<{ _id: string; planItemId: string }>
  expect(line.planItemId).toBe(plan.phases[0].items[0]._id)
  await shoot(page, 'plan-tab', 'desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'plan-tab', 'phone')
  await page.setViewportSize({ width: 1366, height: 800 })
  // The administrator invoices what is left of the plan in advance: the crown alone (the filling
  // was done and its visit invoices it; the implant was not chosen).
  const crownItem = plan.phases[1].items.find((item) => item.status === 'planned')!
  const desk = await browser.newPage({ viewport: { width: 1366, height: 800 } })
  await desk.addInitScript(() => localStorage.setItem('locale', 'ru'))
  await desk.goto('/login')
  await desk.locator('input[type=email]').fill(demoAdmin.email)
  await desk.locator('input[type=password]').fill(demoAdmin.password)
  await desk.getByRole('button', { name: 'Войти' }).click()
  await expect(desk.getByRole('navigation', { name: 'Главное меню' })).toBeVisible()
  await desk.goto(`/customer/${patient._id}/treatment-plan`)
  await desk.getByTestId('plan-editor').getByTestId('plan-advance-invoice').click()
  const advance = desk.getByRole('dialog', { name: 'Счёт авансом' })
  const items = advance.getByTestId('advance-invoice-items')
  await expect(items.locator('.advance-item .ant-checkbox-wrapper')).toHaveCount(1)
  await expect(items).toContainText('46')
  const expected = itemAmount(crownItem)
  expect(Number((await advance.getByTestId('advance-invoice-total').textContent())!.replace(/\D/g, ''))).toBe(expected)
  await shoot(desk, 'plan-advance-invoice', 'desktop')
  await advance.getByTestId('advance-invoice-create').click()
  await expect(desk.getByText(/Счёт .+ выставлен/)).toBeVisible()
  await expect(advance).toBeHidden()
  const invoices = (await admin.service('invoices').find({ query: { customerId: patient._id } })).data as Array<{ subtotal: number; lines: Array<{ planItemId: string | null }> }>
  expect(invoices).toHaveLength(1)
  expect(invoices[0].lines.map((invoiceLine) => invoiceLine.planItemId)).toEqual([crownItem._id])
  expect(invoices[0].subtotal).toBe(expected)
  // Asked once: nothing is left to invoice in advance.
  await desk.getByTestId('plan-editor').getByTestId('plan-advance-invoice').click()
  await expect(advance.getByText('Все запланированные позиции уже есть в счетах.')).toBeVisible()
  await desk.close()
})
