/**
 * A route chunk fails to load when the server already holds a newer build (the old hashed file
 * is gone) or the network dropped. One reload picks up the new build; a second failure in the
 * same tab within a minute is shown instead of looping.
 */
const RELOAD_FLAG = 'chunk-reload-at'
let lastPreloadError: unknown = null

export function notePreloadError(error: unknown) {
  lastPreloadError = error
}

export function isChunkLoadError(error: unknown): boolean {
  if (error && error === lastPreloadError) return true
  const message = error instanceof Error ? error.message : String(error ?? '')
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Unable to preload CSS/i.test(message)
}

/** Returns true when it reloads the page (once per minute at most). */
export function reloadOnceForNewBuild(): boolean {
  const last = Number(sessionStorage.getItem(RELOAD_FLAG) ?? 0)
  if (Date.now() - last < 60_000) return false
  sessionStorage.setItem(RELOAD_FLAG, String(Date.now()))
  window.location.reload()
  return true
}
