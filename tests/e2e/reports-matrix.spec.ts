import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test'
import { demoAdmin, russianPage } from './support/app'
import { shoot } from './support/shots'
import { signInApi, type Api } from './support/socket-api'
import { companyToday } from '../../renderer/src/features/appointments/zoned-time'
import { periodRange, previousRange } from '../../domain/reports/periods'

/**
 * Issue 19, summary 2.0, the notifications and the history reports, in Russian, as the demo clinic's
 * administrator: summary 2.0 shows the month's visits and the previous month's as
 * reports-summary answers them, per branch and day; the notifications report shows the month's
 * messages as notification-reports answers it, and its total opens the messages. Screenshots of
 * each at 1366×800 and 390×844.
 */
const expect = baseExpect.configure({ timeout: 15_000 })
const sizes = [{ name: 'desktop', width: 1366, height: 800 }, { name: 'phone', width: 390, height: 844 }]
const count = (locator: Locator) => locator.evaluate((node) => Number((node.textContent ?? '').replace(/[^\d]/g, '')))

/**
 * Opens a report by its tab as a person does: fourteen tabs do not fit 1366 pixels, so a tab past
 * the edge is chosen from the tabs' "more" menu (a click on its clipped button would land elsewhere).
 */
async function openReportTab(name: string) {
  const nav = page.getByTestId('reports-nav')
  const tab = nav.getByRole('tab', { name, exact: true })
  const [box, wrap] = await Promise.all([tab.boundingBox(), nav.locator('.ant-tabs-nav-wrap').boundingBox()])
  if (box && wrap && box.x >= wrap.x && box.x + box.width <= wrap.x + wrap.width) return tab.click()
  await nav.locator('.ant-tabs-nav-more').hover()
  await page.locator('.ant-tabs-dropdown-menu-item').filter({ hasText: name }).click()
}

let admin: Api
let page: Page
let month: { from: string; to: string }

test.beforeAll(async ({ browser }) => {
  admin = await signInApi(demoAdmin.email, demoAdmin.password)
  const today = companyToday((await admin.service('my-company').get('mine')).timezone as string)
  month = periodRange('thisMonth', today)!
  page = await russianPage(browser)
})
test.afterAll(async () => {
  await page.close()
  admin.close()
})

test('summary 2.0 against the previous month, and the notifications sent: figures as the API answers, on desktop and phone', async () => {
  type Totals = { totals: { visits: number } }
  const now = (await admin.service('reports-summary').find({ query: month })) as unknown as Totals
  const before = (await admin.service('reports-summary').find({ query: { ...previousRange(month) } })) as unknown as Totals
  await page.goto('/reports/summary2_0')
  await expect(page.getByRole('heading', { level: 1, name: 'Сводка 2.0: филиалы по дням' })).toBeVisible()
  await expect(page.getByTestId('reports-previous-period')).toContainText('Сравнение с периодом')
  await expect.poll(() => count(page.getByTestId('reports-total-visits'))).toBe(now.totals.visits)
  await expect.poll(() => count(page.getByTestId('reports-previous-visits'))).toBe(before.totals.visits)
  await expect(page.getByTestId('reports-matrix')).toContainText('Прошлый период')
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await shoot(page, 'reports-summary-matrix', size.name)
  }

  const sent = (await admin.service('notification-reports').find({ query: month })) as unknown as { totals: { total: number } }
  await page.setViewportSize({ width: 1366, height: 800 })
  await openReportTab('Уведомления')
  await expect(page.getByRole('heading', { level: 1, name: 'Отправленные уведомления' })).toBeVisible()
  await expect(page.getByTestId('notifications-tile-delivered')).toContainText('Оператор сообщил о доставке')
  await expect.poll(() => count(page.getByTestId('reports-total-total'))).toBe(sent.totals.total)
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await shoot(page, 'reports-notifications', size.name)
  }
  await page.getByTestId('reports-total-total').click()
  await expect(page.getByTestId('reports-rows-sum')).toContainText(String(sent.totals.total))
  await shoot(page, 'reports-notifications-rows', 'phone')
})

test('the history: the month\'s changes as history-reports answers them, a number opens the entries and the log', async () => {
  // A change made now (a tag created and removed): the month has entries whatever the demo holds.
  const tag = (await admin.service('tags').create({ name: `History ${Date.now()}` })) as unknown as { _id: string }
  await admin.service('tags').remove(tag._id)
  type History = { totals: { total: number; create: number; remove: number } }
  const history = (await admin.service('history-reports').find({ query: month })) as unknown as History
  expect(history.totals.create).toBeGreaterThan(0)
  await page.setViewportSize({ width: 1366, height: 800 })
  await page.goto('/reports/notifications')
  await openReportTab('История')
  await expect(page.getByRole('heading', { level: 1, name: 'История изменений' })).toBeVisible()
  await expect(page.getByTestId('history-tile-edit')).toContainText('Записи, которые сотрудник изменил')
  await expect.poll(() => count(page.getByTestId('reports-total-total'))).toBe(history.totals.total)
  await expect.poll(() => count(page.getByTestId('reports-total-remove'))).toBe(history.totals.remove)
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await shoot(page, 'reports-history', size.name)
  }
  await page.getByTestId('reports-total-remove').click()
  await expect(page.getByTestId('reports-rows-sum')).toContainText(String(history.totals.remove))
  await expect(page.getByTestId('reports-rows-table')).toContainText('Удалено')
  await shoot(page, 'reports-history-rows', 'phone')
  await page.setViewportSize({ width: 1366, height: 800 })
  await shoot(page, 'reports-history-rows', 'desktop')
  // The same entries in the activity log, its dates set to the period.
  await page.getByTestId('history-open-log').click()
  await expect(page).toHaveURL(/\/company\/userActivities\?from=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Действия пользователей' })).toBeVisible()
  await expect(page.locator('.ant-picker-range input').first()).not.toHaveValue('')
  await shoot(page, 'reports-history-log', 'desktop')
})
