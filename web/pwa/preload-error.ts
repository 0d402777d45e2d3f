import { notePreloadError } from '../../renderer/src/app/chunk-errors'

/**
 * Spec section 8: a failed lazy chunk load fires `vite:preloadError` and is rethrown unless
 * handled. We note it and let it be rethrown: the router then commits the new address and its
 * error screen reloads once (a new build probably replaced the files) or explains, never blank.
 * Preventing it here would make the import resolve to nothing and fail later, less clearly.
 */
export function handlePreloadErrors() {
  window.addEventListener('vite:preloadError', (event) => notePreloadError((event as Event & { payload?: unknown }).payload))
}
