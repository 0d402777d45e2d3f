import { useSyncExternalStore } from 'react'

/**
 * The softphone's settings on this workstation, one entry per person signed in on it (the
 * decision: docs/decisions/softphone.md). The signed-in layout reads only whether there is an
 * entry, to load the softphone's chunk, with its own few lines (this module would be one more
 * file on the first screen); the chunk parses it (softphone-settings.ts).
 */
export const softphoneStorageKey = (userId: string) => `softphone:${userId}`
/** Announced on the window when this tab saves or removes the settings (the layout listens: app/layout/AppLayout.tsx). */
export const SOFTPHONE_SETTINGS_EVENT = 'softphone-settings'

function read(userId: string): string | null {
  try {
    return localStorage.getItem(softphoneStorageKey(userId))
  } catch {
    return null
  }
}

/** The stored entry as written (JSON), or null. */
export const storedSoftphoneSettings = read

export function writeSoftphoneSettings(userId: string, json: string | null) {
  try {
    if (json) localStorage.setItem(softphoneStorageKey(userId), json)
    else localStorage.removeItem(softphoneStorageKey(userId))
  } catch {
    // A private window may refuse storage: the softphone then simply stays off.
  }
  window.dispatchEvent(new Event(SOFTPHONE_SETTINGS_EVENT))
}

function subscribe(listener: () => void) {
  window.addEventListener(SOFTPHONE_SETTINGS_EVENT, listener)
  // Another tab saved or removed them.
  window.addEventListener('storage', listener)
  return () => {
    window.removeEventListener(SOFTPHONE_SETTINGS_EVENT, listener)
    window.removeEventListener('storage', listener)
  }
}

/** The entry of the person signed in, kept current when it is saved or removed. */
export function useStoredSoftphoneSettings(userId: string): string | null {
  return useSyncExternalStore(subscribe, () => read(userId))
}
