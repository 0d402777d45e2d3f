import type { Storage } from '@feathersjs/authentication-client'

/**
 * Spec section 7: the token lives in local storage AND in a cookie under the same key. The cookie
 * lets plain HTTP requests (file downloads, /sw.js-served pages) carry the session; local storage
 * stays the source when both exist. Private-mode browsers may throw on localStorage: ignore that.
 */
export class TokenStorage implements Storage {
  getItem(key: string): string | null {
    return safeLocal(() => localStorage.getItem(key)) ?? readCookie(key)
  }

  setItem(key: string, value: string) {
    safeLocal(() => localStorage.setItem(key, value))
    writeCookie(key, value)
    return value
  }

  removeItem(key: string) {
    const previous = this.getItem(key)
    safeLocal(() => localStorage.removeItem(key))
    writeCookie(key, '', 0)
    return previous
  }
}

function safeLocal<T>(action: () => T): T | null {
  try {
    return action()
  } catch {
    return null
  }
}

export function readCookie(key: string): string | null {
  if (typeof document === 'undefined') return null
  const prefix = `${encodeURIComponent(key)}=`
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix))
  return found ? decodeURIComponent(found.slice(prefix.length)) || null : null
}

function writeCookie(key: string, value: string, maxAgeSeconds = 60 * 60 * 24 * 30) {
  if (typeof document === 'undefined') return
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`
}

/** Plain local-storage helpers for small preferences (branch, language). */
export const preferences = {
  get: (key: string) => safeLocal(() => localStorage.getItem(key)),
  set: (key: string, value: string | null | undefined) =>
    safeLocal(() => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)))
}
