import { expect, test, type Page } from '@playwright/test'
import { chooseFromAccountMenu, goodPassword, signIn, uniqueEmail, useEnglish } from './support/app'
import { addMember, type Api } from './support/socket-api'
import { closeFreshClinic, openFreshClinic } from './support/fresh-clinic'
import { chooseOption } from './support/select'

/**
 * Issue 5, the catalogue screens on a fresh clinic: services with categories, chairs, working
 * hours from a time template, and what a person without edit rights sees.
 */
test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const owner = { email: uniqueEmail('catalogue'), password: goodPassword, first: 'Nodira', last: `Catalogue${run}`, clinic: `Catalogue ${run}` }
const doctor = { email: uniqueEmail('doctor'), password: goodPassword, first: 'Sardor', last: `Doctor${run}` }
let page: Page
let api: Api

test.beforeAll(async ({ browser }) => {
  const clinic = await openFreshClinic(browser, owner)
  page = clinic.page
  api = clinic.api
})
test.afterAll(() => closeFreshClinic({ page, api }))

/**
 * Picks an option of an antd select found by its label (typing first narrows a long searchable
 * list). A click on an option while the dropdown is still opening, or while a live list
 * re-renders under it, can be lost: the pick is made again until the select shows it.
 */
test('adds a category and a service with duration, buffer and price; it shows in the list', async () => {
  await page.goto('/settings')
  await page.getByTestId('settings-services').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible()
  await expect(page.getByText('No services yet')).toBeVisible()

  await page.getByLabel('New category').fill('Therapy')
  await page.getByRole('button', { name: 'Add category' }).click()
  await expect(page.getByTestId('category-item').filter({ hasText: 'Therapy' })).toBeVisible()

  await page.getByTestId('add-service').click()
  const form = page.getByTestId('service-form')
  // The new service starts in the category selected in the list.
  await expect(form.getByText('Therapy')).toBeVisible()
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Composite filling')
  await form.getByRole('textbox', { name: 'Code', exact: true }).fill('T-01')
  await form.getByRole('spinbutton', { name: 'Duration' }).fill('90')
  await form.getByRole('spinbutton', { name: /^Buffer time/ }).fill('10')
  await form.getByRole('spinbutton', { name: 'Price, UZS' }).fill('150000')
  await page.getByTestId('save-service').click()

  const row = page.getByRole('row').filter({ hasText: 'Composite filling' })
  await expect(row).toContainText('1 h 30 min')
  await expect(row).toContainText('+ 10 min buffer')
  await expect(row).toContainText(/UZS\s?150,000\.00/)
  const stored = await api.service('service').find({ query: { name: 'Composite filling' } })
  expect(stored.data[0]).toMatchObject({ code: 'T-01', duration: 90, bufferTime: 10, price: 15_000_000, public: true, archived: false })

  // Its own page edits it; the list follows.
  await row.getByRole('link', { name: 'Composite filling' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Composite filling' })).toBeVisible()
  await page.getByRole('spinbutton', { name: 'Price, UZS' }).fill('175000')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved').last()).toBeVisible()
  await page.getByRole('link', { name: 'All services' }).click()
  await expect(page.getByRole('row').filter({ hasText: 'Composite filling' })).toContainText(/UZS\s?175,000\.00/)

  // Search finds it by code; a miss says so.
  await page.getByLabel('Search by name or code').fill('t-0')
  await expect(page.getByRole('row').filter({ hasText: 'Composite filling' })).toBeVisible()
  await page.getByLabel('Search by name or code').fill('crown')
  await expect(page.getByText('No services match the search')).toBeVisible()
})

test('archives a service and deletes it to the trash', async () => {
  const service = await api.service('service').create({ name: 'Old whitening', duration: 60, price: 50_000_00 })
  await page.goto('/company/services')
  const row = page.getByRole('row').filter({ hasText: 'Old whitening' })
  await row.getByRole('button', { name: 'Archive' }).click()
  await expect(row).toHaveCount(0)
  await page.getByText('Archived', { exact: true }).click()
  await expect(page.getByRole('row').filter({ hasText: 'Old whitening' })).toBeVisible()
  await page.getByRole('row').filter({ hasText: 'Old whitening' }).getByRole('button', { name: 'Delete' }).click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('No archived services')).toBeVisible()
  const trash = await api.service('trash').find({ query: { recordId: service._id } })
  expect(trash.total).toBe(1)
})

test('adds a chair to the current branch', async () => {
  await page.goto('/settings')
  await page.getByTestId('settings-workPlaces').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Work places' })).toBeVisible()
  await expect(page.getByText('No chairs or rooms in this branch yet')).toBeVisible()
  await page.getByTestId('add-work-place').click()
  await page.getByTestId('work-place-form').getByLabel('Name').fill('Chair 1')
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  const row = page.getByRole('row').filter({ hasText: 'Chair 1' })
  await expect(row).toContainText('Chair')
  const stored = await api.service('work-place').find({ query: { name: 'Chair 1' } })
  expect(stored.data[0]).toMatchObject({ kind: 'chair', active: true, branchId: api.auth.branchIds[0] })

  // A room, then the chair taken out of use with the switch.
  await page.getByTestId('add-work-place').click()
  await page.getByTestId('work-place-form').getByLabel('Name').fill('X-ray room')
  await page.getByTestId('work-place-form').getByText('Room', { exact: true }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('row').filter({ hasText: 'X-ray room' })).toContainText('Room')
  await page.getByLabel('In use: Chair 1').click()
  await expect(row).toContainText('Not in use')
  expect((await api.service('work-place').find({ query: { name: 'Chair 1' } })).data[0].active).toBe(false)
})

test('sets my working hours from a time template; they are there after a reload', async () => {
  // The template, from the company's schedule tab.
  await page.goto('/company/profile/schedule')
  await expect(page.getByTestId('calendar-settings')).toBeVisible()
  await page.getByTestId('add-time-template').click()
  const templateForm = page.getByTestId('time-template-form')
  await templateForm.getByLabel('Name').fill('Morning shift')
  await chooseOption(page.getByLabel('Hours: start', { exact: true }), '09:00', { search: true })
  await chooseOption(page.getByLabel('Hours: end', { exact: true }), '13:00', { search: true })
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('time-templates').getByText('Morning shift')).toBeVisible()
  await expect(page.getByTestId('time-templates')).toContainText('09:00–13:00')

  await chooseFromAccountMenu(page, 'My schedule', '/profile/schedule')
  await expect(page.getByRole('heading', { level: 1, name: 'My schedule' })).toBeVisible()
  await expect(page.getByText('Your working hours are not set yet')).toBeVisible()
  await page.getByTestId('apply-template').click()
  // The clinic's working days (Monday to Saturday) are chosen already: Apply waits only for the template.
  const apply = page.getByRole('dialog').getByRole('button', { name: 'Apply' })
  await chooseOption(page.getByLabel('Template', { exact: true }), 'Morning')
  await expect(apply).toBeEnabled()
  await apply.click()
  await expect(page.getByTestId('day-1')).toContainText('09:00')
  await expect(page.getByTestId('day-1')).toContainText('13:00')
  // Saturday off, by hand.
  await page.getByLabel('Saturday: Working').click()
  await expect(page.getByTestId('day-6')).toContainText('Day off')
  await page.getByTestId('save-schedule').click()
  await expect(page.getByText('Saved').last()).toBeVisible()

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'My schedule' })).toBeVisible()
  await expect(page.getByTestId('day-5')).toContainText('13:00')
  await expect(page.getByTestId('day-6')).toContainText('Day off')
  await expect(page.getByText('Your working hours are not set yet')).toHaveCount(0)
  const me = await api.service('profile').get('me')
  const schedule = me.schedule as { week: Record<string, unknown[]> }
  expect(schedule.week['1']).toEqual([{ start: '09:00', end: '13:00' }])
  expect(schedule.week['6']).toEqual([])
  expect(schedule.week['7']).toEqual([])
})

test('a dated exception: a day off on a date', async () => {
  await page.goto('/profile/schedule')
  // Next week's Monday: a working day (09:00–13:00) since the previous test.
  const next = new Date()
  next.setDate(next.getDate() + 7 + ((8 - next.getDay()) % 7))
  const date = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}`
  await page.getByLabel('Add a date').fill(date)
  await page.keyboard.press('Enter')
  const exception = page.getByTestId(`exception-${date}`)
  await expect(exception).toBeVisible()
  // It starts as that weekday's hours.
  await expect(exception).toContainText('09:00')
  await exception.getByRole('switch').click()
  await expect(exception).toContainText('Day off')
  await page.getByTestId('save-schedule').click()
  await expect(page.getByText('Saved').last()).toBeVisible()
  const me = await api.service('profile').get('me')
  expect((me.schedule as { dates: Record<string, unknown[]> }).dates[date]).toEqual([])
})

test('a person without edit rights sees the catalogue but no buttons that change it', async ({ browser }) => {
  await addMember(api, 'doctor', doctor)
  const other = await (await browser.newContext()).newPage()
  await useEnglish(other)
  await signIn(other, doctor.email, doctor.password)

  await other.goto('/settings')
  await expect(other.getByTestId('settings-services')).toBeVisible()
  await expect(other.getByTestId('settings-workPlaces')).toBeVisible()
  // The company's calendar settings are the company's: a doctor has no view on `company`.
  await expect(other.getByTestId('settings-calendar')).toHaveCount(0)

  await other.goto('/company/services')
  const row = other.getByRole('row').filter({ hasText: 'Composite filling' })
  await expect(row).toBeVisible()
  await expect(other.getByTestId('add-service')).toHaveCount(0)
  await expect(row.getByRole('button')).toHaveCount(0)
  await expect(other.getByLabel('New category')).toHaveCount(0)
  await expect(other.getByRole('button', { name: 'Rename category' })).toHaveCount(0)
  await row.getByRole('link', { name: 'Composite filling' }).click()
  await expect(other.getByRole('heading', { level: 1, name: 'Composite filling' })).toBeVisible()
  await expect(other.getByText('1 h 30 min')).toBeVisible()
  await expect(other.getByRole('button', { name: 'Save' })).toHaveCount(0)
  await expect(other.getByRole('button', { name: 'Archive' })).toHaveCount(0)
  await expect(other.getByRole('button', { name: 'Delete' })).toHaveCount(0)

  await other.goto('/company/work-places')
  await expect(other.getByRole('row').filter({ hasText: 'X-ray room' })).toBeVisible()
  await expect(other.getByTestId('add-work-place')).toHaveCount(0)
  await expect(other.getByRole('button', { name: 'Edit' })).toHaveCount(0)
  await expect(other.getByLabel('In use: X-ray room')).toBeDisabled()

  // Own working hours: a doctor may edit their profile.
  await other.goto('/profile/schedule')
  await expect(other.getByTestId('save-schedule')).toBeVisible()
  await other.context().close()
})
