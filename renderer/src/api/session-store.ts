import { useSyncExternalStore } from 'react'
import type { SignInResult } from './types'

/**
 * The authentication state of spec section 4: who is signed in (user, company, role, branches),
 * or null. Server data lives in react-query; this holds only the signed-in identity.
 */
let current: SignInResult | null = null
const listeners = new Set<() => void>()

export const sessionStore = {
  get: () => current,
  set(next: SignInResult | null) {
    current = next
    listeners.forEach((listener) => listener())
  },
  update(change: (session: SignInResult) => SignInResult) {
    if (current) sessionStore.set(change(current))
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }
}

export function useSession(): SignInResult | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get)
}

/** For screens under the guard, where a session always exists. */
export function useSignedIn(): SignInResult {
  const session = useSession()
  if (!session) throw new Error('useSignedIn outside the signed-in area')
  return session
}
