import { expect, test, type Page } from '@playwright/test'
import { goodPassword, signIn, uniqueEmail, useEnglish } from './support/app'
import { addMember, type Api } from './support/socket-api'
import { closeFreshClinic, openFreshClinic } from './support/fresh-clinic'

/**
 * Issue 4, the company lists: tags and sources (add, rename, live updates, permissions) and
 * custom field settings (options, show-if condition, order), on a fresh clinic.
 */
test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const owner = { email: uniqueEmail('lists'), password: goodPassword, first: 'Lola', last: `Lists${run}`, clinic: `Lists ${run}` }
const doctor = { email: uniqueEmail('doctor'), password: goodPassword, first: 'Dilshod', last: `Doctor${run}` }
let page: Page
let api: Api

test.beforeAll(async ({ browser }) => {
  const clinic = await openFreshClinic(browser, owner)
  page = clinic.page
  api = clinic.api
})
test.afterAll(() => closeFreshClinic({ page, api }))

const row = (target: Page, name: string | RegExp) => target.getByRole('row').filter({ hasText: name })
/** A custom field's row by the field's own name (other rows may mention it in their condition). */
const fieldRow = (target: Page, name: string) => target.getByRole('row').filter({ has: target.locator('strong').getByText(name, { exact: true }) })

test('adds and renames a tag from the settings hub; another screen sees it at once', async ({ browser }) => {
  const other = await (await browser.newContext()).newPage()
  await useEnglish(other)
  await signIn(other, owner.email, owner.password)
  await other.goto('/company/tags')
  await expect(other.getByText('No tags yet')).toBeVisible()

  await page.goto('/settings')
  await page.getByTestId('settings-tags').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible()
  // An empty name is refused at the field.
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByText('This field is required')).toBeVisible()
  await page.getByLabel('New tag, e.g. VIP').fill('VIP')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(row(page, 'VIP')).toBeVisible()
  // Live: the other screen shows it without a reload.
  await expect(row(other, 'VIP')).toBeVisible()

  await row(page, 'VIP').getByRole('button', { name: 'Edit' }).click()
  await page.getByRole('row').getByLabel('New tag, e.g. VIP').fill('VIP client')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(row(page, 'VIP client')).toBeVisible()
  await expect(row(other, 'VIP client')).toBeVisible()
  const stored = await api.service('tags').find({ query: { name: 'VIP client' } })
  expect(stored.data).toHaveLength(1)
  expect(stored.data[0].color).toMatch(/^#[0-9a-f]{6}$/i)
  await other.context().close()
})

test('a duplicate tag name is refused with the server message at the field', async () => {
  await page.goto('/company/tags')
  await page.getByLabel('New tag, e.g. VIP').fill('VIP client')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.locator('.ant-form-item-explain-error')).toHaveText('This record already exists')
  expect((await api.service('tags').find({ query: { name: 'VIP client' } })).total).toBe(1)
})

test('adds and renames a source', async () => {
  await page.goto('/settings')
  await page.getByTestId('settings-sources').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sources' })).toBeVisible()
  await page.getByLabel('New source, e.g. Instagram').fill('Instagram')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(row(page, 'Instagram')).toBeVisible()
  await row(page, 'Instagram').getByRole('button', { name: 'Edit' }).click()
  await page.getByRole('row').getByLabel('New source, e.g. Instagram').fill('Instagram ads')
  await page.getByRole('row').getByLabel('New source, e.g. Instagram').press('Enter')
  await expect(row(page, 'Instagram ads')).toBeVisible()
  await expect(row(page, /^Instagram$/)).toHaveCount(0)
})

test('custom fields: a select with options, a field shown only for one of them, order, delete', async () => {
  await page.goto('/settings')
  await page.getByTestId('settings-customFields').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Custom fields' })).toBeVisible()

  await page.getByTestId('add-field').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name').fill('Insurance')
  await dialog.getByLabel('Type').click()
  await page.getByTitle('One of a list').click()
  // A select needs options.
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Add at least one option')).toBeVisible()
  const options = dialog.getByTestId('field-options').locator('input')
  for (const option of ['None', 'Private', 'State']) {
    await options.fill(option)
    await options.press('Enter')
  }
  await dialog.getByLabel('Show in the profile card').click()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(fieldRow(page, 'Insurance')).toContainText('None, Private, State')
  await expect(fieldRow(page, 'Insurance')).toContainText('In profile card')

  await page.getByTestId('add-field').click()
  await dialog.getByLabel('Name').fill('Policy number')
  await dialog.getByLabel('Show only if').click()
  await page.locator('.ant-select-item-option').filter({ hasText: 'Insurance' }).click()
  await dialog.getByLabel('has the value').click()
  await page.locator('.ant-select-item-option').filter({ hasText: 'Private' }).click()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(fieldRow(page, 'Policy number')).toContainText('Shown when Insurance is Private')

  // The field a condition depends on cannot go while the condition stands.
  await fieldRow(page, 'Insurance').getByRole('button', { name: 'Delete' }).click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText("Another field's condition depends on this field")).toBeVisible()

  // Order: Policy number moves above Insurance.
  const names = () => page.locator('.custom-field-summary strong').allInnerTexts()
  expect(await names()).toEqual(['Insurance', 'Policy number'])
  await fieldRow(page, 'Policy number').getByRole('button', { name: 'Move up' }).click()
  await expect.poll(names).toEqual(['Policy number', 'Insurance'])
  await page.reload()
  await expect.poll(names).toEqual(['Policy number', 'Insurance'])

  await fieldRow(page, 'Policy number').getByRole('button', { name: 'Delete' }).click()
  await expect(page.locator('.ant-popconfirm')).toContainText('It goes to the trash')
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click()
  await expect(fieldRow(page, 'Policy number')).toHaveCount(0)
})

test('someone who may only read the lists sees no add, edit or delete buttons', async ({ browser }) => {
  await addMember(api, 'doctor', doctor)
  const reader = await (await browser.newContext()).newPage()
  await useEnglish(reader)
  await signIn(reader, doctor.email, doctor.password)
  for (const [url, sample] of [
    ['/company/tags', 'VIP client'],
    ['/company/sources', 'Instagram ads']
  ]) {
    await reader.goto(url)
    await expect(row(reader, sample)).toBeVisible()
    await expect(reader.getByRole('button', { name: 'Create' })).toHaveCount(0)
    await expect(reader.getByRole('button', { name: 'Edit' })).toHaveCount(0)
    await expect(reader.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  }
  await reader.goto('/company/configurator')
  await expect(fieldRow(reader, 'Insurance')).toBeVisible()
  await expect(reader.getByTestId('add-field')).toHaveCount(0)
  await expect(reader.getByRole('button', { name: 'Edit' })).toHaveCount(0)
  await reader.context().close()
})
