import { expect, test, type Page } from '@playwright/test'
import { goodPassword, signIn, uniqueEmail, useEnglish } from './support/app'
import { addMember, type Api } from './support/socket-api'
import { closeFreshClinic, openFreshClinic } from './support/fresh-clinic'

/**
 * Issue 4, item 7: delete and restore from trash. A tag deleted from its list and a customer
 * deleted through the API both show in the trash screen with who and when, come back exactly
 * with Restore, and can be deleted for good behind a confirmation, by those allowed to.
 */
test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const owner = { email: uniqueEmail('trash'), password: goodPassword, first: 'Tamara', last: `Trash${run}`, clinic: `Trash ${run}` }
const doctor = { email: uniqueEmail('trash-doctor'), password: goodPassword, first: 'Doniyor', last: `Reader${run}` }
const tagName = `Trash me ${run}`
let page: Page
let api: Api

test.beforeAll(async ({ browser }) => {
  const clinic = await openFreshClinic(browser, owner)
  page = clinic.page
  api = clinic.api
})
test.afterAll(() => closeFreshClinic({ page, api }))

const row = (target: Page, text: string | RegExp) => target.getByRole('row').filter({ hasText: text })
const confirmBox = () => page.locator('.ant-popconfirm')

test('a tag deleted from its list is in the trash with who and when, and Restore brings it back', async () => {
  await page.goto('/company/tags')
  await page.getByLabel('New tag, e.g. VIP').fill(tagName)
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(row(page, tagName)).toBeVisible()
  const [before] = (await api.service('tags').find({ query: { name: tagName } })).data

  await row(page, tagName).getByRole('button', { name: 'Delete' }).click()
  await expect(confirmBox()).toContainText('It goes to the trash, where it can be restored.')
  await confirmBox().getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Moved to the trash')).toBeVisible()
  await expect(row(page, tagName)).toHaveCount(0)

  await page.getByRole('link', { name: 'Deleted items are in the trash.' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible()
  const item = row(page, tagName)
  await expect(item).toContainText('Tag')
  await expect(item).toContainText(`${owner.first} ${owner.last}`)
  await expect(item).toContainText(String(new Date().getFullYear()))

  await item.getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByText('Restored', { exact: true })).toBeVisible()
  await expect(row(page, tagName)).toHaveCount(0)
  await expect(page.getByText('The trash is empty')).toBeVisible()

  // Back exactly as it was: same id, name and colour.
  expect(await api.service('tags').get(before._id as string)).toEqual(before)
  await page.goto('/company/tags')
  await expect(row(page, tagName)).toBeVisible()
})

test('a customer deleted through the API shows in the trash, the kind filter works, restore is exact', async () => {
  const customer = await api.service('customers').create({ first_name: 'Zarina', last_name: `Deleted${run}`, phone: '998901234567', branchId: api.auth.branchIds[0] })
  const stored = await api.service('customers').get(customer._id as string)
  await api.service('customers').remove(customer._id as string)
  const otherTag = await api.service('tags').create({ name: `Second ${run}` })
  await api.service('tags').remove(otherTag._id as string)

  await page.goto('/company/trash')
  await expect(row(page, `Deleted${run} Zarina`)).toBeVisible()
  await expect(row(page, `Second ${run}`)).toBeVisible()
  await page.getByTestId('trash-kind').click()
  await page.locator('.ant-select-item-option').filter({ hasText: 'Patient' }).click()
  await expect(row(page, `Second ${run}`)).toHaveCount(0)
  const item = row(page, `Deleted${run} Zarina`)
  await expect(item).toContainText('Patient')

  await item.getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByText('Restored', { exact: true })).toBeVisible()
  await expect(page.getByText('Nothing of this kind in the trash')).toBeVisible()
  expect(await api.service('customers').get(customer._id as string)).toEqual(stored)
})

test('a restore that would clash with a record made since says so and keeps the item', async () => {
  const clash = await api.service('tags').create({ name: `Clash ${run}` })
  await api.service('tags').remove(clash._id as string)
  await api.service('tags').create({ name: `Clash ${run}` })

  await page.goto('/company/trash')
  await row(page, `Clash ${run}`).getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByText('Cannot restore: a record with the same id or unique value already exists')).toBeVisible()
  await expect(row(page, `Clash ${run}`)).toBeVisible()
})

test('someone without the delete permission cannot delete for good; restore needs create', async ({ browser }) => {
  await addMember(api, 'doctor', doctor)
  const customer = await api.service('customers').create({ first_name: 'Kamola', last_name: `Doctors${run}`, branchId: api.auth.branchIds[0] })
  await api.service('customers').remove(customer._id as string)

  const reader = await (await browser.newContext()).newPage()
  await useEnglish(reader)
  await signIn(reader, doctor.email, doctor.password)
  await reader.goto('/company/trash')
  // Doctors read tags and work with patients (view, create, edit) but delete neither.
  await expect(row(reader, `Second ${run}`)).toBeVisible()
  await expect(row(reader, `Second ${run}`).getByRole('button')).toHaveCount(0)
  await expect(row(reader, `Doctors${run} Kamola`).getByRole('button', { name: 'Restore' })).toBeVisible()
  await expect(reader.getByRole('button', { name: 'Delete permanently' })).toHaveCount(0)
  await reader.context().close()
})

test('Delete permanently asks first, says it cannot be undone, and the record is gone', async () => {
  await page.goto('/company/trash')
  const item = row(page, `Second ${run}`)
  const [trashed] = (await api.service('trash').find({ query: { service: 'tags', recordId: (await trashedTagId(`Second ${run}`)) as string } })).data

  await item.getByRole('button', { name: 'Delete permanently' }).click()
  await expect(confirmBox()).toContainText('Delete permanently?')
  await expect(confirmBox()).toContainText('This cannot be undone')
  // Cancelling keeps it.
  await confirmBox().getByRole('button', { name: 'Cancel' }).click()
  await expect(item).toBeVisible()

  await item.getByRole('button', { name: 'Delete permanently' }).click()
  await confirmBox().getByRole('button', { name: 'Delete permanently' }).click()
  await expect(page.getByText('Deleted permanently', { exact: true })).toBeVisible()
  await expect(item).toHaveCount(0)
  await expect(api.service('trash').get(trashed._id as string)).rejects.toMatchObject({ code: 404 })
  await expect(api.service('tags').get(trashed.recordId as string)).rejects.toMatchObject({ code: 404 })
})

test('the activity log shows the delete and the restore, newest first', async () => {
  await page.goto('/settings')
  await page.getByTestId('settings-activity').click()
  await expect(page.getByRole('heading', { level: 1, name: 'User activities' })).toBeVisible()
  await page.getByTestId('activity-service').click()
  await page.locator('.ant-select-item-option').filter({ hasText: /^Trash$/ }).click()
  const first = page.getByRole('row').nth(1)
  await expect(first).toContainText('Deleted permanently')
  await expect(first).toContainText(`Second ${run}`)
  await expect(row(page, tagName)).toContainText('Restored')
})

test('the activity log filters by person and by day', async () => {
  await api.service('tags').create({ name: `Filtered ${run}` })
  await page.goto('/company/userActivities')
  await expect(row(page, `Filtered ${run}`)).toBeVisible()
  // The doctor only read: nothing of theirs.
  await page.getByTestId('activity-person').click()
  await page.locator('.ant-select-item-option').filter({ hasText: `${doctor.first} ${doctor.last}` }).click()
  await expect(page.getByText('Nothing matches the filters')).toBeVisible()
  await page.getByTestId('activity-person').click()
  await page.locator('.ant-select-item-option').filter({ hasText: `${owner.first} ${owner.last}` }).click()
  await expect(row(page, `Filtered ${run}`)).toBeVisible()
  // Yesterday had nothing; today has it all.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA')
  const start = page.getByPlaceholder('Start date')
  const end = page.getByPlaceholder('End date')
  await start.click()
  await start.fill(day(-1))
  await end.click()
  await end.fill(day(-1))
  await end.press('Enter')
  await expect(page.getByText('Nothing matches the filters')).toBeVisible()
  await start.click()
  await start.fill(day(0))
  await end.click()
  await end.fill(day(0))
  await end.press('Enter')
  await expect(row(page, `Filtered ${run}`)).toBeVisible()
})

async function trashedTagId(name: string) {
  const items = await api.service('trash').find({ query: { service: 'tags' } })
  return items.data.find((item) => item.title === name)?.recordId
}
