import zlib from 'node:zlib'
import { expect, test, type Page } from '@playwright/test'
import { demoAdmin, signIn, useEnglish } from './support/app'

/**
 * Issue 12, item 9: what a first visit downloads before it can sign in. Every script a cold
 * /login fetches (empty cache, no service worker) until the network is quiet, counted as gzip -9
 * of its bytes, whatever the server sent: the figure depends on the build, not on the transfer.
 * Only sizes are checked, never times.
 *
 * The issue's goal is 250 kB; the sign-in screen is at about 240 kB (bench/RESULTS.md, "First
 * screen"). What is left is mostly the framework every screen needs: react-dom, react-router,
 * i18next with the English texts, the socket client and antd's styling core; the form itself is
 * drawn without antd's Form, Input, Button and Alert. Lower the budget as the screen gets lighter.
 * 250.8 kB on 2026-11-29 with issue 17's three services (documents, text templates, tasks: their
 * client declarations, error texts, settings entries and routes), though their screens' words
 * load with those screens: 251 kB. The next step back under 250 is error texts per area.
 * 252.6 kB later that day with seven more services declared for the client (signatures, Telegram,
 * staff notifications, push devices, the summary report) and their error texts: 253 kB, until
 * the error texts load per area.
 * 254.5 kB on 2026-11-30 with the payments and debtors reports declared for the client (0.1 to
 * 0.2 kB) next to main's appointments report, chat, SMS providers, WhatsApp and the desktop
 * shell's platform layer (main alone measured 254.4 kB at c965f9f): 255 kB.
 * 255.3 kB once the director's home and the dispatch joined (their client declarations and
 * error texts): 256 kB. Every error code still adds to the first screen; loading the error texts
 * per area is the next step back, before any other feature.
 * 252.0 kB on 2026-11-30 once the services' error texts load with the signed-in layout (text area
 * `errors`; the sign-in screens keep the 33 they show and the fallbacks): 253 kB.
 * 245.6 kB on 2026-11-29 (with summary 2.0, the notifications report and the softphone's entry,
 * which had brought it to 253.0): the signed-in screens' everyday words (the shell, calendar,
 * patients, team, settings: text area `workspace`, 8 kB) load with the signed-in layout like
 * the errors, and the sign-in screen keeps its own words. Under the issue's 250 kB: 246 kB.
 * 246.3 kB with the desktop shell's auto-update (the platform's busy registry for calls and
 * prints; the notice itself and its words load only in the shell): 247 kB.
 * 247.04 kB on 2026-11-30 with the large exports' service: every service names itself once in
 * the typed client the sign-in screen connects with (about 40 bytes each): 248 kB, still under
 * the issue's 250 kB.
 */
const LOGIN_BUDGET = 248_000
/**
 * Signed in, the home screen: the sign-in screen's scripts plus the shell and the dashboard.
 * 448.7 kB on 2026-11-25, once the texts were split by area (renderer/src/i18n/text-areas.ts):
 * the clinical and administration screens' words load with those screens, not with the first one.
 * 433.8 kB on 2026-11-26: the phone menu's drawer loads when the menu first opens, and the home
 * screen's team card is plain markup instead of antd's List (which brought pagination).
 * 440.1 kB on 2026-11-29, with the money, plans and messaging screens' shell entries and times
 * on the clock of the clinic in every screen (i18n/format.ts reads the zone's wall clock): 441 kB.
 * 446.5 kB later that day with issue 17: "My tasks" on the home screen with the tasks' texts, the
 * reminder listener in the layout, the three new services' routes and declarations, and about
 * 1 kB of chunks the bundler split differently (i18n, jsx-runtime): 447 kB. Pinning the shared
 * chunks (rolldown's advancedChunks) is the next step to take that kilobyte back.
 * 455.4 to 456.1 kB at the end of that day (the bell's list loads more when it has
 * notifications to show): the notification bell in the top bar (its list, the push switch,
 * antd's Badge and Popover) and the services above: 457 kB. Loading the bell's panel
 * when it first opens (only the badge on the first screen) is the next step back.
 * 460.0 kB on 2026-11-30 when the money reports (payment-reports, balance-reports: their client
 * declarations and texts, the sidebar's reports entry reading report-pages.ts; 0.5 kB) met
 * main's appointments report, chat, SMS providers, WhatsApp and the desktop shell's platform
 * layer (main alone measured 459.5 kB at c965f9f): 461 kB. The director's tiles
 * (issue 19 item 3: their own 1.3 kB chunk and text area, loaded only by those who may view the
 * summary) came with them, and the dispatch's screen declarations: 462.8 kB, 463 kB. The bell's
 * panel above is still the next step back.
 * 463.04 kB with the customers report and the conversion funnel (two client declarations, two
 * routes, two lines of report-pages.ts: 0.2 kB). On 2026-11-30 the services' error texts moved
 * from the core to their own chunk, loaded with the signed-in layout (+0.7 kB: the chunk repeats
 * the 33 texts the core keeps), and the services, toppers, payouts and expenses reports came
 * (their declarations and routes): 464.6 kB in a full CI run. An area's chunk then stopped
 * repeating the shared texts the core already holds (the English errors chunk 4.4 -> 4.0 kB):
 * 465 kB. The bell's panel is still the next step back.
 * 457.5 kB on 2026-11-29: the bell's panel loads when the bell first opens, and the freed-slot
 * offers and task reminders mount antd's notification code (9 kB) with their first notice
 * (app/lazy-notices.tsx), while the workspace's words moved here from the sign-in screen: 458 kB.
 * 466.8 kB (464.0 before) on 2026-11-30 with issue 20's screen pop: its listener in the signed-in
 * layout for those who may view incoming calls (a 1.5 kB chunk, most of it the list of what the
 * pops' own chunk needs, which loads with the first call) and the telephony services' client
 * declarations and settings entry: 467 kB. Merged with the lighter home above, and with no
 * preload lists beside the imports of chunks that load in the background or on an event (the
 * layout's listeners, the softphone dock, the pops, the bell's panel: web/vite.config.ts),
 * 457.9 kB: 459 kB. 458.7 kB with the auto-update's busy registry and the background parts'
 * retry once the connection is back (app/background-chunk.tsx): 460 kB. 459.1 kB once the
 * layout's listeners got their preload lists back: loaded in a waterfall, the task reminders'
 * listener was not yet listening when a reminder came (staff-notifications.spec, flaky in CI).
 * 460.4 kB with the director's load tiles' figures and the platform's offline verbs (the offline
 * day's keeper, banner and screens load only in the shell, in chunks of their own): 461 kB.
 * 461.1 kB in a full CI run on 2026-11-30 (458.1 to 460.9 kB run alone: the bell and the home's
 * lists load more with more data) once the treatment tab's one read came: its client declaration
 * and the cache's event counter and stale marking (live.ts); the sections' queries and the cache
 * filling load with the tab (domain/clinical/treatment-record.ts): 462 kB.
 */
const HOME_BUDGET = 462_000

test.use({ serviceWorkers: 'block' })

function countScripts(page: Page) {
  const gzipBytes = new Map<string, number>()
  page.on('response', async (response) => {
    const url = new URL(response.url())
    if (!url.pathname.endsWith('.js') || response.status() !== 200) return
    const body = await response.body().catch(() => null)
    if (body) gzipBytes.set(url.pathname, zlib.gzipSync(body, { level: 9 }).length)
  })
  return {
    total: () => [...gzipBytes.values()].reduce((sum, bytes) => sum + bytes, 0),
    count: () => gzipBytes.size
  }
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

test('the sign-in screen and the home screen stay within their script budgets', async ({ page }) => {
  await useEnglish(page)
  const scripts = countScripts(page)
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  const login = scripts.total()
  test.info().annotations.push({ type: 'login scripts', description: `${scripts.count()} files, ${kB(login)} gzip` })

  await signIn(page, demoAdmin.email, demoAdmin.password)
  await expect(page.locator('.stat-card').first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  const home = scripts.total()
  test.info().annotations.push({ type: 'home scripts (with sign-in)', description: `${scripts.count()} files, ${kB(home)} gzip` })

  expect.soft(login, `sign-in screen scripts ${kB(login)} gzip`).toBeLessThanOrEqual(LOGIN_BUDGET)
  expect(home, `home screen scripts ${kB(home)} gzip`).toBeLessThanOrEqual(HOME_BUDGET)
})
