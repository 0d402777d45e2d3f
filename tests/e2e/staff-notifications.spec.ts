import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { demoAdmin, russianPage } from './support/app'
import { shotsDir } from './support/shots'
import { signInApi, type Api } from './support/socket-api'

/**
 * Issue 18, item 8 in Russian: a task reminded now reaches its assignee's bell live (the server's
 * reminder worker writes the notification); the list opens with it on top, a click marks it read
 * and opens the task list, and "mark all read" empties the count. Screenshots of the open bell at
 * 1366x800 and 390x844.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 })

const run = Date.now().toString(36)
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

async function remindMe(description: string) {
  const at = new Date(Date.now() - 60_000).toISOString()
  await api.service('tasks').create({ kind: 'user-reminder', description, assigneeId: api.auth.user._id, startAt: at, dueAt: at, remindAt: at })
}

test('a due task shows on the bell live; a click reads it and opens its link', async () => {
  // The reminders' notices load their code with the first one: held back until the first reminder
  // is on the bell, both reminders still show as notices (none is lost while the code loads).
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const noticeCode = /\/TaskReminderListener-[\w-]+\.js$/
  await page.route(noticeCode, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/')
  const bell = page.getByTestId('bell')
  await expect(bell).toBeVisible()
  // Start from nothing unread, so the count is this test's.
  // patch(null) is "mark all read" (the test's narrow Remote names ids as strings).
  await (api.service('my-notifications') as unknown as { patch(id: null, data: { read: boolean }): Promise<unknown> }).patch(null, { read: true })
  await expect(bell.locator('.ant-badge-count')).toHaveCount(0)
  const description = `Позвонить в лабораторию ${run}`
  await remindMe(description)
  // The worker polls every few seconds: the badge comes without a reload.
  await expect(bell.locator('.ant-badge-count')).toHaveText('1', { timeout: 20_000 })
  release()
  await remindMe(`Заказать перчатки ${run}`)
  await expect(bell.locator('.ant-badge-count')).toHaveText('2', { timeout: 20_000 })

  // The reminders' own notices (tasks) show too, below the top bar; hidden here for the bell's screenshots.
  await expect(page.getByTestId('task-reminder')).toHaveCount(2)
  await page.unroute(noticeCode)
  await page.addStyleTag({ content: '.ant-notification { display: none !important; }' })
  for (const size of [{ name: 'desktop', width: 1366, height: 800 }, { name: 'phone', width: 390, height: 844 }]) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await bell.click()
    const panel = page.getByTestId('bell-panel')
    await expect(panel).toBeVisible()
    await expect(panel.locator('.bell-item').first()).toContainText('Напоминание о задаче')
    await expect(panel).toContainText(description)
    await page.waitForTimeout(300)
    await page.screenshot({ path: path.join(shotsDir, `staff-notifications-bell-${size.width}.png`) })
    const box = await panel.boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(size.width)
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
  }
  await page.setViewportSize({ width: 1366, height: 800 })

  await bell.click()
  await page.getByTestId('bell-panel').locator('.bell-item').filter({ hasText: description }).click()
  await expect(page).toHaveURL(/\/company\/tasks$/)
  await expect(bell.locator('.ant-badge-count')).toHaveText('1')

  await bell.click()
  await page.getByTestId('bell-panel').getByRole('button', { name: 'Прочитать все' }).click()
  await expect(bell.locator('.ant-badge-count')).toHaveCount(0)
  await expect(page.getByTestId('bell-panel').locator('.bell-item-unread')).toHaveCount(0)
})
