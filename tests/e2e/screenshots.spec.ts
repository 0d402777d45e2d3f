import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { demoAdmin, openInApp, signIn, useEnglish } from './support/app'
import { shoot, shotsDir, widths } from './support/shots'
import { connectApi, uniquePhone } from './support/api'

/**
 * Issue 3: a screenshot of every screen at desktop and phone widths, for a person to look at.
 * Written to SHOTS_DIR (default /tmp/shots); asserts only that each screen rendered its title.
 */
const publicScreens = [
  { name: 'login', url: '/login', heading: 'Sign in' },
  { name: 'forgot-password', url: '/login/forgot-password', heading: 'Reset your password' },
  { name: 'reset-password', url: '/login/reset-password?token=example', heading: 'Set a new password' },
  { name: 'welcome', url: '/welcome', heading: 'Register your clinic' }
]

const signedInScreens = [
  { name: 'home', url: '/', heading: /Good (morning|afternoon|evening)/ },
  { name: 'settings', url: '/settings', heading: 'Settings' },
  { name: 'profile-me', url: '/profile/me', heading: 'My profile' },
  { name: 'profile-security', url: '/profile/security', heading: 'Security' },
  { name: 'people-team', url: '/people/team', heading: 'Team' },
  { name: 'company-roles', url: '/company/roles', heading: 'Roles' },
  { name: 'company-profile-general', url: '/company/profile/general', heading: 'Company' },
  { name: 'company-profile-branches', url: '/company/profile/branches', heading: 'Company' },
  { name: 'company-session', url: '/company/session', heading: 'Sessions' },
  { name: 'company-specialty', url: '/company/specialty', heading: 'Specialties' },
  { name: 'not-found', url: '/no/such/page', heading: 'Page not found' }
]

// Each test walks every screen of the app (more with every issue): minutes, not one.
test.describe.configure({ timeout: 240_000 })

test.beforeAll(() => fs.mkdirSync(shotsDir, { recursive: true }))

for (const size of widths) {
  test(`screenshots of every screen at ${size.name} width`, async ({ page }) => {
    await useEnglish(page)
    await page.setViewportSize({ width: size.width, height: size.height })
    for (const screen of publicScreens) {
      await page.goto(screen.url)
      await expect(page.getByRole('heading', { name: screen.heading })).toBeVisible()
      await shoot(page, screen.name, size.name)
    }
    await signIn(page, demoAdmin.email, demoAdmin.password).catch(async () => {
      // On a phone the sidebar is a drawer: signing in is proven by the account menu instead.
      await expect(page.getByTestId('user-menu')).toBeVisible()
    })
    for (const screen of signedInScreens) {
      await openInApp(page, screen.url)
      await expect.soft(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible()
      await shoot(page, screen.name, size.name)
    }
    await openInApp(page, '/people/team')
    await page.getByTestId('add-member').click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await shoot(page, 'people-team-drawer', size.name)
    if (size.name === 'phone') {
      await openInApp(page, '/')
      await page.getByRole('button', { name: 'Open menu' }).click()
      await shoot(page, 'menu-drawer', size.name)
    }
  })
}

/** Customers to look at: a full record with tags, a source, a debt and notes, and a few more for the list. */
async function customerScreensData() {
  const api = await connectApi(`http://localhost:${process.env.E2E_PORT}`)
  try {
    const customers = api.service<{ _id: string }>('customers')
    const existing = await customers.find({ query: { email: 'malika.karimova@example.uz', $limit: 1 } })
    if (existing.data[0]) return existing.data[0]._id
    // The demo seed may have them already.
    const named = async (path: string, data: { name: string; color?: string }) => {
      const found = await api.service<{ _id: string }>(path).find({ query: { name: data.name, $limit: 1 } })
      return found.data[0] ?? api.service<{ _id: string }>(path).create(data)
    }
    const vip = await named('tags', { name: 'VIP', color: '#722ed1' })
    const ortho = await named('tags', { name: 'Orthodontics', color: '#13c2c2' })
    const instagram = await named('sources', { name: 'Instagram' })
    const main = await customers.create({
      first_name: 'Malika', last_name: 'Karimova', middle_name: 'Anvarovna', gender: 'female', birthdate: '1991-04-12',
      phone: '998901234567', email: 'malika.karimova@example.uz', address: 'Tashkent, Chilonzor 9, 14',
      passportNumber: 'AB1234567', passportIssuer: 'Chilonzor district', profession: 'Teacher', sourceId: instagram._id,
      tagIds: [vip._id, ortho._id], serviceLanguage: 'uz', notificationChannels: ['sms', 'telegram'], telegramAccount: 'malika_k',
      discount: 10, color: '#eb2f96'
    })
    await api.service('notes').create({ customerId: main._id, text: 'Prefers appointments after 17:00. Allergic to penicillin.', pinned: true })
    await api.service('notes').create({ customerId: main._id, text: 'Asked about clear aligners; send the price list by Telegram.' })
    const others = [
      ['Ivanov', 'Sergey', 'Petrovich'], ['Алиева', 'Нигора', 'Шавкатовна'], ['Virtanen', 'Aino', ''], ['Юсупов', 'Рустам', 'Алишерович'],
      ['Tashkentova', 'Dilfuza', ''], ['Смирнова', 'Ольга', 'Викторовна'], ['Nazarov', 'Otabek', 'Ilhomovich']
    ]
    for (const [last_name, first_name, middle_name] of others) {
      await customers.create({ last_name, first_name, middle_name, phone: uniquePhone(), tagIds: last_name === 'Ivanov' ? [vip._id] : [] })
    }
    return main._id
  } finally {
    api.close()
  }
}

for (const size of widths) {
  test(`screenshots of the customer screens at ${size.name} width`, async ({ page }) => {
    const customerId = await customerScreensData()
    await useEnglish(page)
    await page.setViewportSize({ width: size.width, height: size.height })
    await signIn(page, demoAdmin.email, demoAdmin.password).catch(async () => {
      await expect(page.getByTestId('user-menu')).toBeVisible()
    })
    await openInApp(page, '/people/customers')
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()
    await expect(page.locator('.ant-table-row, .compact-item').first()).toBeVisible()
    await shoot(page, 'people-customers', size.name)
    await page.getByRole('textbox', { name: 'Search by name or phone' }).fill('malika kari')
    await expect(page.getByText('Karimova Malika Anvarovna')).toBeVisible()
    await shoot(page, 'people-customers-search', size.name)
    await page.getByTestId('add-customer').click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await shoot(page, 'customer-new-drawer', size.name)
    await page.getByTestId('save-customer').click()
    await shoot(page, 'customer-new-drawer-errors', size.name)

    await openInApp(page, `/customer/${customerId}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Karimova Malika Anvarovna' })).toBeVisible()
    await expect(page.getByTestId('pinned-notes')).toBeVisible()
    await shoot(page, 'customer-overview', size.name)
    await page.getByRole('tab', { name: 'Notes' }).click()
    await expect(page.getByTestId('note').first()).toBeVisible()
    await shoot(page, 'customer-notes', size.name)
    await page.getByTestId('edit-customer').click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await shoot(page, 'customer-edit-drawer', size.name)
    await page.keyboard.press('Escape')
    await page.getByTestId('customer-more').click()
    await shoot(page, 'customer-actions', size.name)
    await page.getByRole('menuitem', { name: 'Merge with another customer…' }).click()
    await page.getByTestId('merge-picker').click()
    await page.keyboard.type('nazarov otabek')
    await page.locator('.ant-select-item-option').first().click()
    await expect(page.getByTestId('merge-summary')).toBeVisible()
    await shoot(page, 'customer-merge', size.name)
  })
}

/** The other languages are longer (Finnish, Russian) or differ in script: look for overflow. */
const otherLanguages = [
  { code: 'ru', signIn: 'Войти', home: /Доброе утро|Добрый (день|вечер)/ },
  { code: 'fi', signIn: 'Kirjaudu', home: /Hyvää (huomenta|päivää|iltaa)/ },
  { code: 'uz', signIn: 'Kirish', home: /Xayrli (tong|kun|kech)/ }
]

for (const language of otherLanguages) {
  test(`screenshots in ${language.code} at both widths`, async ({ page }) => {
    await page.addInitScript((code) => localStorage.setItem('locale', code), language.code)
    for (const size of widths) {
      await page.setViewportSize({ width: size.width, height: size.height })
      await page.goto('/welcome')
      await shoot(page, `welcome-${language.code}`, size.name)
      await page.goto('/login')
      // The director: a person without a saved language, so the device's choice shows.
      await page.locator('input[type=email]').fill('petrov@demo.clinic')
      await page.locator('input[type=password]').fill(demoAdmin.password)
      await page.getByRole('button', { name: language.signIn }).click()
      await expect(page.getByRole('heading', { level: 1, name: language.home })).toBeVisible()
      await shoot(page, `home-${language.code}`, size.name)
      for (const [name, url] of [
        ['team', '/people/team'],
        ['roles', '/company/roles'],
        ['security', '/profile/security'],
        ['session', '/company/session'],
        ['customers', '/people/customers']
      ]) {
        await openInApp(page, url)
        await shoot(page, `${name}-${language.code}`, size.name)
      }
      await page.evaluate(() => {
        localStorage.removeItem('feathers-jwt')
        document.cookie = 'feathers-jwt=; Max-Age=0; Path=/'
      })
    }
  })
}
