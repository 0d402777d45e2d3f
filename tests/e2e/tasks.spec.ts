import { expect, test, type Page } from '@playwright/test'
import { demoAdmin, russianPage } from './support/app'
import { shoot } from './support/shots'
import { signInApi, type Api } from './support/socket-api'

/**
 * Issue 17, tasks and reminders: in Russian, the demo clinic's administrator opens /company/tasks
 * from the settings, makes a task reminded at its start, and the server's reminder worker shows
 * it to them as a notice; they mark it done and find it among the done ones. An overdue task is
 * red, and is on the home screen's "My tasks". On a patient's card, the tasks tab makes a task
 * for that patient, and the list links back to the card.
 */
test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const description = `Заказать импланты ${run}`
const late = `Перезвонить в лабораторию ${run}`
const recall = `Пригласить на осмотр ${run}`
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

const row = (text: string) => page.locator('tr').filter({ hasText: text })

test('a task reminded at its start reaches its assignee as a notice; done, it moves to the done list', async () => {
  await page.goto('/settings')
  await page.getByTestId('settings-tasks').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Задачи' })).toBeVisible()
  await page.getByTestId('task-new').click()
  const drawer = page.getByRole('dialog', { name: 'Новая задача' })
  await expect(drawer).toBeVisible()
  // Defaults: a reminder for oneself, starting now, due in a day, reminded at the start.
  await page.getByTestId('task-description').fill(description)
  await page.getByTestId('task-save').click()
  await expect(drawer).toBeHidden()
  await expect(row(description)).toBeVisible()
  // The worker polls every few seconds: the notice comes without a reload.
  const notice = page.getByTestId('task-reminder').filter({ hasText: description })
  await expect(notice).toBeVisible({ timeout: 20_000 })
  await expect(page.locator('.ant-notification-notice').filter({ hasText: 'Напоминание' }).first()).toBeVisible()

  await row(description).getByTestId('task-done').click()
  await expect(row(description)).toBeHidden()
  await page.locator('.ant-segmented').getByText('Выполнены', { exact: true }).click()
  await expect(row(description)).toBeVisible()
})

test('an overdue task is red in the list and on the home screen\'s "My tasks"', async () => {
  const dayMs = 86_400_000
  await api.service('tasks').create({
    kind: 'user-reminder', description: late, assigneeId: api.auth.user._id,
    startAt: new Date(Date.now() - 2 * dayMs).toISOString(), dueAt: new Date(Date.now() - dayMs).toISOString()
  })
  await page.locator('.ant-segmented').getByText('В работе', { exact: true }).click()
  await expect(row(late).getByTestId('task-overdue')).toContainText('Просрочена')
  await page.goto('/')
  const mine = page.getByTestId('home-my-tasks')
  await expect(mine).toContainText('Мои задачи')
  await expect(mine).toContainText(late)
})

test('the patient card\'s tasks tab makes a task for the patient; the company list links to the card', async () => {
  const patient = (await api.service('customers').find({ query: { $limit: 1, archived: false } })).data[0] as { _id: string; last_name: string }
  await page.goto(`/customer/${patient._id}/tasks`)
  await page.getByTestId('customer-task-new').click()
  const drawer = page.getByRole('dialog', { name: 'Новая задача' })
  await expect(drawer).toBeVisible()
  await expect(page.getByTestId('task-kind')).toContainText('Напоминание о лечении')
  await page.getByTestId('task-description').fill(recall)
  await page.getByTestId('task-save').click()
  await expect(drawer).toBeHidden()
  await expect(row(recall)).toBeVisible()

  await page.goto('/company/tasks')
  const link = row(recall).getByRole('link')
  await expect(link).toContainText(patient.last_name)
  for (const [width, height, name] of [[1366, 800, 'desktop'], [390, 844, 'phone']] as const) {
    await page.setViewportSize({ width, height })
    await shoot(page, 'tasks', name)
  }
  await page.setViewportSize({ width: 1366, height: 800 })
  await link.click()
  await expect(page).toHaveURL(new RegExp(`/customer/${patient._id}/tasks$`))
  await expect(row(recall)).toBeVisible()
})
