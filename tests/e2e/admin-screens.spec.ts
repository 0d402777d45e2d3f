import { expect, test, type Page } from '@playwright/test'
import { chooseFromAccountMenu, fieldError, goodPassword, registerClinic, signIn, uniqueEmail, useEnglish } from './support/app'
import { latestMailTo, resetLinkIn } from './support/mail'

/**
 * The first admin screens used for real on a fresh clinic: profile, password change with the
 * spec's messages at the fields, password reset by mail, branches, specialties.
 */
test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const owner = { email: uniqueEmail('admin'), password: goodPassword, first: 'Bahrom', last: `Admin${run}`, clinic: `Screens ${run}` }
const changedPassword = 'Changed-pass-2026#'
const resetPassword = 'Reset-pass-2026$'
let page: Page

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
  await useEnglish(page)
  await registerClinic(page, owner)
})

test.afterAll(async () => {
  await page?.context().close()
})

test('edits the own profile and the top bar follows', async () => {
  await page.goto('/profile/me')
  await page.getByLabel('First name').fill('Bahodir')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('user-menu')).toContainText('Bahodir')
  await page.reload()
  await expect(page.getByLabel('First name')).toHaveValue('Bahodir')
})

test('changes the password, with the spec messages at the right fields', async () => {
  await page.goto('/profile/security')
  await page.getByLabel('Current password').fill('Not-the-password-1!')
  await page.getByLabel('New password').fill(changedPassword)
  await page.getByLabel('Repeat password').fill('Something-else-1!')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(fieldError(page, 'Repeat password')).toHaveText('Passwords do not match')

  await page.getByLabel('New password').fill('short1!')
  await expect(fieldError(page, 'New password')).toHaveText('Password must be at least 8 characters')
  await page.getByLabel('New password').fill(changedPassword)
  await page.getByLabel('Repeat password').fill(changedPassword)
  await page.getByRole('button', { name: 'Change password' }).click()
  // Only the server knows the current password: its error comes back with path oldPassword.
  await expect(fieldError(page, 'Current password')).toHaveText('Current password is incorrect')

  await page.getByLabel('Current password').fill(owner.password)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Password changed')).toBeVisible()
  await expect(page.getByLabel('Current password')).toHaveValue('')
})

test('resets a forgotten password through the mailed link', async () => {
  await chooseFromAccountMenu(page, 'Sign out', '/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
  await page.getByLabel('E-mail').fill(owner.email)
  await page.getByRole('button', { name: 'Send link' }).click()
  await expect(page.getByText('Check your e-mail')).toBeVisible()

  const link = resetLinkIn(await latestMailTo(owner.email))
  await page.goto(link)
  await page.getByLabel('New password').fill(resetPassword)
  await page.getByLabel('Repeat password').fill(resetPassword)
  await page.getByRole('button', { name: 'Set password' }).click()
  await expect(page.getByText('Your password has been changed')).toBeVisible()

  // A used link is spent.
  await page.goto(link)
  await page.getByLabel('New password').fill(resetPassword)
  await page.getByLabel('Repeat password').fill(resetPassword)
  await page.getByRole('button', { name: 'Set password' }).click()
  await expect(page.getByText('Invalid link')).toBeVisible()

  await signIn(page, owner.email, resetPassword)
})

test('adds and removes a branch; the last one cannot go', async () => {
  await page.goto('/company/profile/branches')
  await page.getByTestId('add-branch').click()
  await page.getByTestId('branch-name').fill('Second branch')
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  const second = page.getByRole('row', { name: /Second branch/ })
  await expect(second).toBeVisible()

  await page.getByTestId('branch-switcher').click()
  await expect(page.locator('.ant-select-item-option[title="Second branch"]')).toBeVisible()
  await page.keyboard.press('Escape')

  await second.getByRole('button', { name: 'Delete' }).click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click()
  await expect(second).toBeHidden()

  const last = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Delete' }) })
  await expect(last).toHaveCount(1)
  await last.getByRole('button', { name: 'Delete' }).click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('A company needs at least one branch')).toBeVisible()
})

test('keeps a list of specialties', async () => {
  await page.goto('/settings')
  await page.getByTestId('settings-specialties').click()
  await page.getByLabel('New specialty, e.g. Orthodontist').fill('Endodontist')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('cell', { name: 'Endodontist' })).toBeVisible()
})

test('a second registration with the same e-mail is refused at the e-mail field', async ({ browser }) => {
  const other = await (await browser.newContext()).newPage()
  await useEnglish(other)
  await other.goto('/welcome')
  await other.getByLabel('Clinic name').fill(`Copy ${run}`)
  await other.getByLabel('First name').fill('Copy')
  await other.getByLabel('Last name').fill('Cat')
  await other.getByLabel('Phone').fill('+998 90 000 00 00')
  await other.getByLabel('E-mail').fill(owner.email)
  await other.getByLabel('Password', { exact: true }).fill(goodPassword)
  await other.getByLabel('Repeat password').fill(goodPassword)
  await other.getByRole('button', { name: 'Create clinic' }).click()
  await expect(fieldError(other, 'E-mail')).toHaveText('Email is already registered')
  await expect(other).toHaveURL(/\/welcome$/)
  await other.context().close()
})

test('ends every other session of the person from the security screen', async ({ browser }) => {
  const elsewhere = await (await browser.newContext()).newPage()
  await useEnglish(elsewhere)
  await signIn(elsewhere, owner.email, resetPassword)

  await page.goto('/profile/security')
  await page.getByTestId('end-other-sessions').click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'End all other sessions' }).click()
  await expect(elsewhere).toHaveURL(/\/login$/, { timeout: 15_000 })
  // This device stays signed in.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible()
  await expect(page.getByTestId('end-other-sessions')).toHaveCount(0)
  await elsewhere.context().close()
})
