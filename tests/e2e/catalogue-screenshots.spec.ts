import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { demoAdmin, openInApp, signIn, useEnglish } from './support/app'
import { shoot, shotsDir, widths } from './support/shots'
import { signInApi, type Api, type Remote } from './support/socket-api'

/**
 * Issue 5: screenshots of the catalogue screens (services, a service, work places, my schedule,
 * the company schedule tab) at desktop and phone widths, with data arranged through the API.
 */
let serviceId = ''

async function ensure(remote: Remote, data: Record<string, unknown>) {
  const found = await remote.find({ query: { name: data.name } })
  return found.data[0] ?? remote.create(data)
}

/** Demo data first (the seed has a catalogue and chairs); what it lacks is added once. */
async function arrange(api: Api) {
  const services = api.service('service')
  if ((await services.find({ query: { $limit: 1 } })).total === 0) {
    const categories = api.service('service-categories')
    const therapy = await ensure(categories, { name: 'Therapy' })
    const surgery = await ensure(categories, { name: 'Surgery' })
    await ensure(services, { name: 'Consultation', duration: 30, price: 150_000_00, code: 'C-01', color: '#1677ff' })
    await ensure(services, { name: 'Composite filling', categoryId: therapy._id, duration: 60, bufferTime: 10, price: 450_000_00, code: 'T-01' })
    await ensure(services, { name: 'Wisdom tooth removal', categoryId: surgery._id, duration: 75, bufferTime: 15, price: 1_200_000_00, public: false })
  }
  serviceId = (await services.find({ query: { bufferTime: { $gt: 0 }, $limit: 1 } })).data[0]._id as string
  const places = api.service('work-place')
  if ((await places.find({ query: { $limit: 1 } })).total === 0) {
    const branchId = api.auth.branchIds[0]
    for (const [name, kind, color] of [
      ['Chair 1', 'chair', '#1677ff'],
      ['Chair 2', 'chair', '#52c41a'],
      ['X-ray room', 'room', '#722ed1']
    ]) {
      await places.create({ name, kind, color, branchId })
    }
  }
  const templates = api.service('time-templates')
  if ((await templates.find({ query: { $limit: 1 } })).total === 0) {
    await templates.create({ name: 'Morning shift', intervals: [{ start: '08:00', end: '14:00' }] })
    await templates.create({ name: 'Evening shift', intervals: [{ start: '14:00', end: '20:00' }] })
    await templates.create({ name: 'Full day with lunch', intervals: [{ start: '09:00', end: '13:00' }, { start: '14:00', end: '18:00' }] })
  }
  const day = [{ start: '09:00', end: '13:00' }, { start: '14:00', end: '18:00' }]
  const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)
  await api.service('profile').patch('me', {
    schedule: { week: { '1': day, '2': day, '3': day, '4': day, '5': [{ start: '09:00', end: '15:00' }], '6': [], '7': [] }, dates: { [later]: [] } }
  })
}

/** The shot once the screen's title shows, from the top of the page. */
async function shootScreen(page: Page, name: string, width: string) {
  await expect.soft(page.locator('h1')).toBeVisible({ timeout: 30_000 })
  await page.evaluate(() => window.scrollTo(0, 0))
  await shoot(page, name, width)
}

test.beforeAll(async () => {
  fs.mkdirSync(shotsDir, { recursive: true })
  const api = await signInApi(demoAdmin.email, demoAdmin.password)
  await arrange(api)
  api.close()
})

async function signedIn(page: Page) {
  await signIn(page, demoAdmin.email, demoAdmin.password).catch(async () => {
    await expect(page.getByTestId('user-menu')).toBeVisible()
  })
}

// The machine running these is often busy: a screen may take a while to settle.
test.describe.configure({ timeout: 180_000 })

for (const size of widths) {
  test(`catalogue screens at ${size.name} width`, async ({ page }) => {
    await useEnglish(page)
    await page.setViewportSize({ width: size.width, height: size.height })
    await signedIn(page)
    const screens = [
      { name: 'company-services', url: '/company/services', heading: 'Services' },
      { name: 'company-service', url: `/company/services/${serviceId}`, heading: /./ },
      { name: 'company-work-places', url: '/company/work-places', heading: 'Work places' },
      { name: 'profile-schedule', url: '/profile/schedule', heading: 'My schedule' },
      { name: 'company-profile-schedule', url: '/company/profile/schedule', heading: 'Company' }
    ]
    for (const screen of screens) {
      await openInApp(page, screen.url)
      await expect.soft(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible()
      await shootScreen(page, screen.name, size.name)
    }
    await openInApp(page, '/company/services')
    await page.getByTestId('add-service').click()
    await expect(page.getByTestId('service-form')).toBeVisible()
    await shootScreen(page, 'company-services-add', size.name)
    await openInApp(page, '/company/profile/schedule')
    await page.getByLabel('Choose a team member').click()
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click()
    await expect(page.getByTestId('team-schedule').getByTestId('week-editor')).toBeVisible()
    await shootScreen(page, 'company-profile-schedule-team', size.name)
    await openInApp(page, '/settings')
    await shootScreen(page, 'settings-issue5', size.name)
  })
}

test('catalogue screens in Russian at desktop width', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'ru'))
  await page.goto('/login')
  await page.locator('input[type=email]').fill('petrov@demo.clinic')
  await page.locator('input[type=password]').fill(demoAdmin.password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByTestId('user-menu')).toBeVisible()
  for (const [name, url] of [
    ['company-services-ru', '/company/services'],
    ['company-work-places-ru', '/company/work-places'],
    ['profile-schedule-ru', '/profile/schedule'],
    ['company-profile-schedule-ru', '/company/profile/schedule']
  ]) {
    await openInApp(page, url)
    await shootScreen(page, name, 'desktop')
  }
})
