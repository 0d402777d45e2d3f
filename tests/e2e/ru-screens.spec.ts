import { expect as baseExpect, test, type Page } from '@playwright/test'
import { demoAdmin, openInApp } from './support/app'
import { rawTextIn } from './support/raw-text'

/**
 * Issue 13: no raw code, key or id anywhere in the Russian interface. The walk starts at the home
 * screen and follows every link it finds inside the app (one page per route shape: the first
 * patient's card stands for all cards), opens every tab of each page and the first visit's
 * drawer, and reads the visible text and the labels a screen reader hears.
 */
const expect = baseExpect.configure({ timeout: 20_000 })
const MOST_PAGES = 80
const skipped = /^\/(login|logout|welcome)\b/

/**
 * One route shape: ids and numbers stand for all their kind, and the query is left out (the
 * director's tiles link the summary with a dozen periods and figures: one visit reads its words).
 */
function shapeOf(path: string): string {
  return path.split('?')[0].replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}/gi, '/:id').replace(/\/\d+(?=\/|$)/g, '/:n')
}

/** The screen drawn: its heading there, nothing loading (data comes over the socket, so not "network idle"). */
async function settled(page: Page) {
  await expect(page.locator('main h1, main h2, main .ant-empty, main .ant-result').first()).toBeVisible()
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0)
  await page.waitForTimeout(250)
}

/** The visible text of the screen and its labels (aria-label, placeholder, title). */
async function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    // antd names its icons in English (aria-label="tags"): the library's, beside our own words.
    const labelled = [...document.querySelectorAll('[aria-label], [placeholder], [title]')].filter((element) => !element.classList.contains('anticon'))
    const labels = labelled.flatMap((element) =>
      ['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? '')
    )
    return [document.body.innerText, ...labels].join('\n')
  })
}

async function linksOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('a[href]')]
      .map((anchor) => new URL((anchor as HTMLAnchorElement).href, location.href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname + url.search)
  )
}

test('every screen in Russian shows words, not codes', async ({ browser }) => {
  // Dozens of screens and every tab of each in one walk: on a loaded 2-core machine it took
  // over 5 minutes once the card had its billing tabs.
  test.setTimeout(600_000)
  const page = await browser.newPage({ viewport: { width: 1366, height: 800 } })
  await page.addInitScript(() => localStorage.setItem('locale', 'ru'))
  await page.goto('/login')
  await page.locator('input[type=email]').fill(demoAdmin.email)
  await page.locator('input[type=password]').fill(demoAdmin.password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible()

  const queue = ['/', '/appointments/calendar?view=week', '/company/profile/branches', '/company/profile/schedule']
  const seen = new Set<string>()
  const problems: string[] = []
  const note = (where: string, text: string) => problems.push(...rawTextIn(text).map((found) => `${where}: ${found}`))

  while (queue.length > 0 && seen.size < MOST_PAGES) {
    const path = queue.shift()!
    const shape = shapeOf(path)
    if (seen.has(shape) || skipped.test(path)) continue
    seen.add(shape)
    await openInApp(page, path)
    await settled(page)
    note(path, await screenText(page))
    // Each tab of the screen (the card's, the company profile's) as a person clicks it.
    // Tabs folded into antd's overflow menu are hidden: the visible ones are those a person clicks.
    const tabs = page.locator('[role=tab]:visible:not([aria-disabled=true])')
    for (let index = 1; index < (await tabs.count()); index++) {
      await tabs.nth(index).click()
      await settled(page)
      note(`${path} tab ${index + 1}`, await screenText(page))
    }
    queue.push(...(await linksOf(page)).filter((link) => !seen.has(shapeOf(link))))
  }

  // A visit's drawer: statuses, services and the patient summary.
  await openInApp(page, '/appointments/calendar?view=week')
  await settled(page)
  const visit = page.getByTestId('calendar-event').first()
  if (await visit.count()) {
    await visit.click()
    await expect(page.getByTestId('booking-form')).toBeVisible()
    await settled(page)
    note('visit drawer', await screenText(page))
  }

  test.info().annotations.push({ type: 'screens', description: String(seen.size) })
  expect(seen.size, [...seen].join('\n')).toBeGreaterThan(20)
  expect(problems, problems.join('\n')).toEqual([])
  await page.close()
})
