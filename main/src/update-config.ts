/*
 * Where the shell looks for updates, read from its environment beside CLINIC_SERVER_URL
 * (docs/decisions/desktop-updates.md). The clinic hosts its own update folder (electron-builder's
 * `generic` provider): latest.yml and the installers, served over HTTPS.
 */

/** How often a running shell looks again when nothing says otherwise. */
export const DEFAULT_CHECK_HOURS = 4
const MIN_CHECK_HOURS = 1
const MAX_CHECK_HOURS = 24
const HOUR_MS = 60 * 60 * 1000

/** Plain HTTP is allowed to this machine only (a test server, a local mirror). */
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

export type UpdateConfigProblem =
  | 'notConfigured' // CLINIC_UPDATE_URL is not set: this installation does not update itself
  | 'invalidUrl' // not a URL, or one with credentials or a fragment in it
  | 'insecureUrl' // http:// to another machine: an update must not be taken from an unauthenticated server
  | 'invalidInterval' // CLINIC_UPDATE_CHECK_HOURS is not a whole number from 1 to 24

export type UpdateConfig = { enabled: true; feedUrl: string; checkEveryMs: number } | { enabled: false; problem: UpdateConfigProblem }

/** The update folder's URL, checked: https (http to this machine only), no credentials, ending in a slash. */
export function parseFeedUrl(value: string): { ok: true; url: string } | { ok: false; problem: 'invalidUrl' | 'insecureUrl' } {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return { ok: false, problem: 'invalidUrl' }
  }
  // Credentials in the URL would be written into logs; a fragment means a mistyped address.
  if (url.username || url.password || url.hash) return { ok: false, problem: 'invalidUrl' }
  if (url.protocol === 'http:' && !loopbackHosts.has(url.hostname)) return { ok: false, problem: 'insecureUrl' }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'invalidUrl' }
  // The generic provider resolves latest.yml against the URL: without a final slash the last path part is lost.
  if (!url.pathname.endsWith('/')) url.pathname += '/'
  return { ok: true, url: url.href }
}

/** CLINIC_UPDATE_URL (required to update at all) and CLINIC_UPDATE_CHECK_HOURS (default 4). */
export function updateConfigFrom(env: Record<string, string | undefined>): UpdateConfig {
  const raw = env.CLINIC_UPDATE_URL?.trim()
  if (!raw) return { enabled: false, problem: 'notConfigured' }
  const feed = parseFeedUrl(raw)
  if (!feed.ok) return { enabled: false, problem: feed.problem }
  const hoursText = env.CLINIC_UPDATE_CHECK_HOURS?.trim()
  const hours = hoursText ? Number(hoursText) : DEFAULT_CHECK_HOURS
  if (!Number.isInteger(hours) || hours < MIN_CHECK_HOURS || hours > MAX_CHECK_HOURS) return { enabled: false, problem: 'invalidInterval' }
  return { enabled: true, feedUrl: feed.url, checkEveryMs: hours * HOUR_MS }
}
