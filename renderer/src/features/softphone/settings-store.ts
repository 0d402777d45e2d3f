import { useSyncExternalStore } from 'react'

/**
 * The softphone's settings on this workstation, one entry per person signed in on it (the
 * decision: docs/decisions/softphone.md). The signed-in layout reads only whether there is an
 * entry, to load the softphone's chunk; the chunk parses it (softphone-settings.ts).
 */
const storageKey = (userId: string) => `softphone:${userId}`
const listeners = new Set<() => void>()

function read(userId: string): string | null {
  try {
    return localStorage.getItem(storageKey(userId))
  } catch {
    return null
  }
}

/** The stored entry as written (JSON), or null. */
export const storedSoftphoneSettings = read

export function writeSoftphoneSettings(userId: string, json: string | null) {
  try {
    if (json) localStorage.setItem(storageKey(userId), json)
    else localStorage.removeItem(storageKey(userId))
  } catch {
    // A private window may refuse storage: the softphone then simply stays off.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab saved or removed them.
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

/** The entry of the person signed in, kept current when it is saved or removed. */
export function useStoredSoftphoneSettings(userId: string): string | null {
  return useSyncExternalStore(subscribe, () => read(userId))
}
