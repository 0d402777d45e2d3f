import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { demoAdmin, openInApp, signIn, useEnglish } from './support/app'
import { shoot, shotsDir, widths } from './support/shots'
import { signInApi, type Api, type Remote } from './support/socket-api'

/**
 * Issue 4: screenshots of the settings screens (tags, sources, custom fields, trash, activity
 * log) at desktop and phone widths, in English and the other languages, with some data in them.
 */
const screens = [
  { name: 'company-tags', url: '/company/tags', heading: 'Tags' },
  { name: 'company-sources', url: '/company/sources', heading: 'Sources' },
  { name: 'company-configurator', url: '/company/configurator', heading: 'Custom fields' },
  { name: 'company-trash', url: '/company/trash', heading: 'Trash' },
  { name: 'company-userActivities', url: '/company/userActivities', heading: 'User activities' }
]

/** Creates a record unless one with that name exists (the server may be reused between runs). */
async function ensure(remote: Remote, data: Record<string, unknown>) {
  const found = await remote.find({ query: { name: data.name } })
  return found.data[0] ?? remote.create(data)
}

async function arrange(api: Api) {
  const tags = api.service('tags')
  for (const [name, color] of [
    ['VIP', '#d4380d'],
    ['Orthodontics', '#1677ff'],
    ['Insurance', '#52c41a'],
    ['Child', '#faad14'],
    ['Needs follow-up', '#722ed1']
  ]) {
    await ensure(tags, { name, color })
  }
  for (const name of ['Instagram', 'Google Maps', 'Friend recommended', 'Walk-in', 'Telegram channel']) await ensure(api.service('sources'), { name })
  const fields = api.service('fields')
  const insurance = await ensure(fields, { name: 'Insurance company', type: 'select', values: ['None', 'Private', 'State'], useInProfileCard: true })
  await ensure(fields, { name: 'Policy number', type: 'text', showIf: { fieldId: insurance._id, equals: 'Private' } })
  await ensure(fields, { name: 'Allergies', type: 'text', useInProfileCard: true })
  await ensure(fields, { name: 'First visit', type: 'date' })
  await ensure(fields, { name: 'Consent signed', type: 'checkbox' })
  // Some things in the trash, and changes for the log.
  if ((await api.service('trash').find({ query: { $limit: 1 } })).total === 0) {
    const branchId = api.auth.branchIds[0]
    const customers = api.service('customers')
    for (const [first_name, last_name, email] of [
      ['Aziza', 'Karimova', 'aziza@example.com'],
      ['Иван', 'Смирнов', 'ivan@example.com'],
      ['Mikko', 'Virtanen', 'mikko@example.com']
    ]) {
      const customer = await customers.create({ first_name, last_name, phone: '998901112233', branchId })
      await customers.patch(customer._id as string, { email, discount: 10 })
      if (first_name !== 'Mikko') await customers.remove(customer._id as string)
    }
    const old = await tags.create({ name: 'Old promo' })
    await tags.patch(old._id as string, { name: 'Old promo 2025', color: '#13c2c2' })
    await tags.remove(old._id as string)
    await api.service('sources').remove((await ensure(api.service('sources'), { name: 'Newspaper' }))._id as string)
  }
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

for (const size of widths) {
  test(`settings screens at ${size.name} width`, async ({ page }) => {
    await useEnglish(page)
    await page.setViewportSize({ width: size.width, height: size.height })
    await signedIn(page)
    for (const screen of screens) {
      await openInApp(page, screen.url)
      await expect.soft(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible()
      await shoot(page, screen.name, size.name)
    }
    await openInApp(page, '/settings')
    await shoot(page, 'settings-issue4', size.name)
    await openInApp(page, '/company/configurator')
    await page.getByRole('row').filter({ hasText: 'Policy number' }).getByRole('button', { name: 'Edit' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await shoot(page, 'company-configurator-edit', size.name)
    await openInApp(page, '/company/trash')
    await page.getByRole('button', { name: 'Delete permanently' }).first().click()
    await expect(page.locator('.ant-popconfirm')).toBeVisible()
    await shoot(page, 'company-trash-confirm', size.name)
  })
}

const otherLanguages = [
  { code: 'ru', signIn: 'Войти' },
  { code: 'fi', signIn: 'Kirjaudu' },
  { code: 'uz', signIn: 'Kirish' }
]

for (const language of otherLanguages) {
  test(`settings screens in ${language.code} at both widths`, async ({ page }) => {
    await page.addInitScript((code) => localStorage.setItem('locale', code), language.code)
    for (const size of widths) {
      await page.setViewportSize({ width: size.width, height: size.height })
      await page.goto('/login')
      // The director: a person without a saved language, so the device's choice shows.
      await page.locator('input[type=email]').fill('petrov@demo.clinic')
      await page.locator('input[type=password]').fill(demoAdmin.password)
      await page.getByRole('button', { name: language.signIn }).click()
      await expect(page.getByTestId('user-menu')).toBeVisible()
      for (const screen of screens) {
        await openInApp(page, screen.url)
        await shoot(page, `${screen.name}-${language.code}`, size.name)
      }
      await page.evaluate(() => {
        localStorage.removeItem('feathers-jwt')
        document.cookie = 'feathers-jwt=; Max-Age=0; Path=/'
      })
    }
  })
}
