import { expect, test, type Page } from '@playwright/test'
import { demoAdmin, russianPage } from './support/app'
import { shoot } from './support/shots'
import { uniquePhone } from './support/api'
import { signInApi, type Api } from './support/socket-api'

/**
 * Issue 17, text templates: in Russian, the demo clinic's administrator writes a template on
 * /company/text-templates, then types // in a patient's new note, finds the template by a word,
 * inserts it with Enter and saves the note; Ctrl+Shift+Space opens the same picker and Esc
 * closes it leaving the text as it was.
 */
test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const title = `Полоскание ${run}`
const content = `Полоскать рот тёплым раствором ${run} три раза в день.`
let page: Page
let api: Api

test.beforeAll(async ({ browser }) => {
  api = await signInApi(demoAdmin.email, demoAdmin.password)
  page = await russianPage(browser)
})
test.afterAll(async () => {
  await page.close()
  api.close()
})

test('writes a text template on the settings screen', async () => {
  await page.goto('/settings')
  await page.getByText('Текстовые шаблоны', { exact: true }).first().click()
  await expect(page).toHaveURL(/\/company\/text-templates$/)
  // The demo clinic's own templates are listed.
  await expect(page.getByTestId('text-template-row-title').filter({ hasText: 'Рекомендации после удаления зуба' })).toBeVisible()
  await page.getByTestId('text-template-add').click()
  await page.getByTestId('text-template-title').fill(title)
  await page.getByTestId('text-template-content').fill(content)
  await page.getByTestId('text-template-save').click()
  await expect(page.getByTestId('text-template-row-title').filter({ hasText: title })).toBeVisible()
  for (const [width, height, name] of [[1366, 800, 'desktop'], [390, 844, 'phone']] as const) {
    await page.setViewportSize({ width, height })
    await shoot(page, 'text-templates', name)
  }
  await page.setViewportSize({ width: 1366, height: 800 })
})

test('inserts it into a patient\'s note with // and saves the note', async () => {
  const patient = await api.service('customers').create({ first_name: 'Шахло', last_name: `Шаблонова${run}`, phone: uniquePhone() })
  await page.goto(`/customer/${String(patient._id)}/notes`)
  const note = page.getByTestId('note-text')
  await note.click()
  await note.pressSequentially('Назначено: //')
  const search = page.getByTestId('text-template-search')
  await expect(search).toBeFocused()
  await search.pressSequentially(run)
  await expect(page.getByTestId('text-template-option')).toHaveCount(1)
  await search.press('Enter')
  await expect(search).toBeHidden()
  await expect(note).toHaveValue(`Назначено: ${content}`)
  await expect(note).toBeFocused()

  // The shortcut opens the same picker; Esc leaves the text as it was.
  await note.press('Control+Shift+Space')
  await expect(page.getByTestId('text-template-search')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('text-template-search')).toBeHidden()
  await expect(note).toHaveValue(`Назначено: ${content}`)
  await expect(note).toBeFocused()

  await page.getByTestId('note-save').click()
  await expect(page.getByTestId('note').filter({ hasText: content })).toBeVisible()
  const saved = await api.service('notes').find({ query: { customerId: patient._id } })
  expect(saved.data.map((row) => row.text)).toEqual([`Назначено: ${content}`])
})
