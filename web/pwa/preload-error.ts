import { reloadOnceForNewBuild } from '../../renderer/src/app/chunk-errors'

/**
 * Spec section 8: a failed lazy chunk load fires `vite:preloadError` and is rethrown unless
 * handled. Usually a new build replaced the old hashed files: reload once to get it. If that
 * already happened, let it through so the route's error screen explains instead of a blank page.
 */
export function handlePreloadErrors() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForNewBuild()) event.preventDefault()
  })
}
