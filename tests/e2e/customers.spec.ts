import { expect, test, type Browser, type Page } from '@playwright/test'
import { formatPhone } from '../../domain/validation/phone'
import { demoAdmin, fieldError, signIn, useEnglish } from './support/app'
import { connectApi, uniqueLetters, uniquePhone, type Api } from './support/api'

/**
 * The customer journeys of issue 4: find people by name in any word order and by a phone
 * fragment, create one (a bad phone is refused at the field), take notes, merge two records,
 * delete. Records a journey only looks at are put in place through the socket API first.
 */
test.describe.configure({ mode: 'serial' })

interface Customer {
  _id: string
  first_name: string
  last_name: string
  phone: string
}

const tag = uniqueLetters()
const cyrillicTag = uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя')
let api: Api
let page: Page
let latin: Customer
let namesake: Customer

const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name })
const search = () => page.getByRole('textbox', { name: 'Search by name or phone' })
const rows = () => page.locator('.ant-table-tbody tr.ant-table-row')

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  api = await connectApi(`http://localhost:${process.env.E2E_PORT}`)
  const customers = api.service<Customer>('customers')
  latin = await customers.create({ first_name: 'Dilnoza', last_name: `Rahimova${tag}`, phone: uniquePhone() })
  await customers.create({ first_name: 'Мадина', last_name: `Ёлкина${cyrillicTag}`, middle_name: 'Рустамовна', phone: uniquePhone() })
  // Same first name, other last name: a search by both words must leave her out.
  namesake = await customers.create({ first_name: 'Dilnoza', last_name: `Karimova${tag}`, phone: uniquePhone() })
  const context = await browser.newContext()
  page = await context.newPage()
  await useEnglish(page)
  await signIn(page, demoAdmin.email, demoAdmin.password)
})

test.afterAll(async () => {
  await page?.context().close()
  api?.close()
})

test('the sidebar leads to the customers list', async () => {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Customers' }).click()
  await expect(page).toHaveURL(/\/people\/customers$/)
  await expect(heading('Customers')).toBeVisible()
  await expect(search()).toBeFocused()
})

test('finds a customer by two words typed in reverse order, Latin and Cyrillic', async () => {
  await page.goto('/people/customers')
  // Shown "Rahimova… Dilnoza"; typed first name first, both words cut short, lower case.
  await search().fill(`dilno rahimova${tag.slice(0, 3)}`)
  await expect(rows()).toHaveCount(1)
  await expect(rows().first()).toContainText(`Rahimova${tag} Dilnoza`)
  await expect(page).toHaveURL(new RegExp(`q=dilno\\+rahimova${tag.slice(0, 3)}`))

  // "мадина елкина…": any order, ё typed as е, across the middle name too.
  await search().fill(`рустам мадина елкина${cyrillicTag.slice(0, 2)}`)
  await expect(rows()).toHaveCount(1)
  await expect(rows().first()).toContainText(`Ёлкина${cyrillicTag} Мадина Рустамовна`)

  // A word that starts no name matches nobody; every word must match.
  await search().fill(tag)
  await expect(page.getByText('Nobody matches this search')).toBeVisible()
  await search().fill(`dilnoza zz${tag}`)
  await expect(page.getByText('Nobody matches this search')).toBeVisible()
  await search().fill(`Dilnoza Karimova${tag}`)
  await expect(rows()).toHaveCount(1)
  await expect(rows().first()).toContainText(namesake.last_name)
})

test('finds a customer by a phone fragment typed with punctuation', async () => {
  await page.goto('/people/customers')
  const shown = formatPhone(latin.phone) // +998(97) 123-45-67
  // The last seven digits as people say them: "123-45-67", with a space thrown in.
  const fragment = shown.slice(-9).replace('-', ' - ')
  await search().fill(fragment)
  await expect(rows().filter({ hasText: latin.last_name })).toHaveCount(1)
  await expect(rows().filter({ hasText: latin.last_name })).toContainText(shown)
  // The start of the number in the display format works too.
  await search().fill(shown.slice(0, 12))
  await expect(rows().filter({ hasText: latin.last_name })).toHaveCount(1)
})

test('a new customer with a bad phone is refused at the field with "Invalid phone number"', async () => {
  await page.goto('/people/customers')
  await page.getByTestId('add-customer').click()
  const drawer = page.getByRole('dialog')
  await drawer.getByLabel('Last name').fill(`Tursunov${tag}`)
  await drawer.getByLabel('First name').fill('Jamshid')
  await drawer.getByLabel('Phone').fill('(90) 12-3')
  await page.getByTestId('save-customer').click()
  await expect(fieldError(page, 'Phone')).toHaveText('Invalid phone number')
  await drawer.getByLabel('Phone').fill('90 12 ab 45')
  await expect(fieldError(page, 'Phone')).toHaveText('Invalid phone number')
  // Nothing was saved: the drawer is still open and nobody by that name exists.
  await expect(drawer).toBeVisible()
  const found = await api.service('customers').find({ query: { $search: `Tursunov${tag}` } })
  expect(found.total).toBe(0)
})

test('the required names say so', async () => {
  const drawer = page.getByRole('dialog')
  await drawer.getByLabel('Last name').fill('')
  await drawer.getByLabel('First name').fill('')
  await page.getByTestId('save-customer').click()
  await expect(fieldError(page, 'First name')).toHaveText('First name is required')
  await expect(fieldError(page, 'Last name')).toHaveText('Last name is required')
})

const newPhone = uniquePhone()

test('creates a valid customer and opens their page', async () => {
  const drawer = page.getByRole('dialog')
  await drawer.getByLabel('Last name').fill(`Tursunov${tag}`)
  await drawer.getByLabel('First name').fill('Jamshid')
  // Another customer's phone, typed without the country code: the form says who has it.
  await drawer.getByLabel('Phone').fill(formatPhone(latin.phone).slice(4))
  await expect(page.getByTestId('duplicate-warning')).toContainText(`Rahimova${tag} Dilnoza`)
  await drawer.getByLabel('Phone').fill(formatPhone(newPhone))
  await drawer.getByRole('textbox', { name: 'E-mail' }).fill(`jamshid.${tag}@example.com`)
  await page.getByTestId('save-customer').click()
  await expect(drawer).toBeHidden()
  await expect(page).toHaveURL(/\/customer\/[0-9a-f-]{36}$/)
  await expect(heading(`Tursunov${tag} Jamshid`)).toBeVisible()
  const card = page.getByTestId('profile-card')
  await expect(card).toContainText(formatPhone(newPhone))
  await expect(card).toContainText(`jamshid.${tag}@example.com`)
  await expect(page.getByTestId('customer-status')).toHaveText('Active')
})

test('edits the customer: the page shows the change at once', async () => {
  await page.getByTestId('edit-customer').click()
  const drawer = page.getByRole('dialog')
  await expect(drawer.getByLabel('Phone')).toHaveValue(formatPhone(newPhone))
  await drawer.getByLabel('Profession').fill('Architect')
  await drawer.getByLabel('Discount').fill('15')
  await page.getByTestId('save-customer').click()
  await expect(drawer).toBeHidden()
  const card = page.getByTestId('profile-card')
  await expect(card).toContainText('Architect')
  await expect(card).toContainText('15%')
})

test('adds a note, pins it, and sees it on the overview', async () => {
  await page.getByRole('tab', { name: 'Notes' }).click()
  await expect(page).toHaveURL(/\/notes$/)
  await page.getByTestId('note-text').fill('Allergic to lidocaine; prefers morning visits.')
  await page.getByTestId('note-save').click()
  const note = page.getByTestId('note').filter({ hasText: 'Allergic to lidocaine' })
  await expect(note).toBeVisible()
  await expect(page.getByTestId('note-text')).toHaveValue('')
  await note.getByTestId('note-pin').click()
  await expect(note).toHaveClass(/note-pinned/)
  await page.getByRole('tab', { name: 'Overview' }).click()
  await expect(page.getByTestId('pinned-notes')).toContainText('Allergic to lidocaine')
})

test('merges two records after saying what happens, and the merged one shows a banner', async () => {
  const customers = api.service<Customer>('customers')
  const kept = await customers.create({ first_name: 'Otabek', last_name: `Nazarov${tag}`, phone: uniquePhone() })
  const duplicate = await customers.create({ first_name: 'Otabek', last_name: `Nazarov${tag}`, middle_name: 'Ilhomovich', phone: '' })
  await api.service('notes').create({ customerId: duplicate._id, text: 'Written on the duplicate record' })

  await page.goto(`/customer/${kept._id}`)
  await page.getByTestId('customer-more').click()
  await page.getByRole('menuitem', { name: 'Merge with another customer…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Merge customers' })
  await dialog.getByTestId('merge-picker').click()
  await page.keyboard.type(`ilhom nazarov${tag}`)
  await page.locator('.ant-select-item-option').filter({ hasText: 'Ilhomovich' }).click()

  const summary = dialog.getByTestId('merge-summary')
  await expect(dialog).toContainText('Merging cannot be undone')
  await expect(summary).toContainText(`Nazarov${tag} Otabek is kept.`)
  await expect(summary).toContainText(`Notes, history, balance and debt of Nazarov${tag} Otabek Ilhomovich move to Nazarov${tag} Otabek.`)
  await expect(summary).toContainText('goes to the archive, marked as merged')
  const confirm = dialog.getByTestId('confirm-merge')
  await expect(confirm).toBeDisabled()
  await dialog.getByTestId('merge-understood').check()
  await confirm.click()

  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/customer/${kept._id}$`))
  await page.getByRole('tab', { name: 'Notes' }).click()
  await expect(page.getByTestId('note').filter({ hasText: 'Written on the duplicate record' })).toBeVisible()

  await page.goto(`/customer/${duplicate._id}`)
  await expect(page.getByTestId('merged-banner')).toContainText('This record was merged')
  await expect(page.getByTestId('customer-status')).toHaveText('Merged')
  // A merged record cannot be edited or merged again.
  await expect(page.getByTestId('edit-customer')).toHaveCount(0)
  await page.getByTestId('merged-kept-link').click()
  await expect(page).toHaveURL(new RegExp(`/customer/${kept._id}$`))
  await expect(heading(`Nazarov${tag} Otabek`)).toBeVisible()
})

test('blacklists a customer, who then shows under the blacklist filter', async () => {
  await page.goto(`/customer/${namesake._id}`)
  await page.getByTestId('customer-more').click()
  await page.getByRole('menuitem', { name: 'Add to blacklist' }).click()
  await expect(page.getByTestId('customer-status')).toHaveText('Blacklisted')
  await page.goto('/people/customers/filter/blacklisted?q=dilnoza')
  await expect(rows().filter({ hasText: namesake.last_name })).toHaveCount(1)
  await expect(rows().filter({ hasText: latin.last_name })).toHaveCount(0)
})

test('a customer created elsewhere appears in an open list at once', async () => {
  await page.goto(`/people/customers?q=${encodeURIComponent(`Live${tag}`)}`)
  await expect(page.getByText('Nobody matches this search')).toBeVisible()
  await api.service('customers').create({ first_name: 'Sardor', last_name: `Live${tag}` })
  await expect(rows().filter({ hasText: `Live${tag} Sardor` })).toHaveCount(1)
})

test('under phone protection a role without customer-phone sees "Hidden" instead of the number', async ({ browser }) => {
  await api.service('company').patch('mine', { settings: { phoneProtection: true } })
  const context = await browser.newContext()
  try {
    const finance = await context.newPage()
    await useEnglish(finance)
    // The finance manager reads customers but has no seeAll on customer-phone.
    await signIn(finance, 'yusupova@demo.clinic', demoAdmin.password)
    await finance.goto(`/people/customers?q=${encodeURIComponent(`rahimova${tag}`)}`)
    const row = finance.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: latin.last_name })
    await expect(row.getByTestId('phone-hidden')).toHaveText('Hidden')
    await expect(row).not.toContainText(formatPhone(latin.phone))
    await row.click()
    await expect(finance.getByTestId('profile-card').getByTestId('phone-hidden')).toBeVisible()
    // The administrator still sees it.
    await page.goto(`/customer/${latin._id}`)
    await expect(page.getByTestId('profile-card')).toContainText(formatPhone(latin.phone))
  } finally {
    await context.close()
    await api.service('company').patch('mine', { settings: { phoneProtection: false } })
  }
})

test('deleting moves the customer to the trash after saying so', async () => {
  await page.goto(`/customer/${latin._id}`)
  await page.getByTestId('customer-more').click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('moves to the trash')
  await dialog.getByTestId('confirm-delete').click()
  await expect(page).toHaveURL(/\/people\/customers$/)
  await search().fill(latin.last_name)
  await expect(page.getByText('Nobody matches this search')).toBeVisible()
})
