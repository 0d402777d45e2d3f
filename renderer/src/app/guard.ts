import { redirect, type LoaderFunctionArgs } from 'react-router'
import { ensureSession } from '../api/auth'
import { isNotAuthenticated } from '../api/errors'

/**
 * Spec section 2, route guard: an authenticate action runs before every signed-in route.
 * 401 goes to logout (which clears the stale token), any other failure to login.
 */
export async function requireSession({ request }: LoaderFunctionArgs) {
  try {
    await ensureSession()
    return null
  } catch (error) {
    const url = new URL(request.url)
    const next = url.pathname === '/' ? '' : `?next=${encodeURIComponent(url.pathname + url.search)}`
    throw redirect(isNotAuthenticated(error) ? `/login/logout${next}` : `/login${next}`)
  }
}

/** Only same-site paths are followed after sign-in, never a full URL from the address bar. */
export function safeNext(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/'
}
