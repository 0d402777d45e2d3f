import type { MessageCode } from '../../../domain/messages'
import { i18n } from '../i18n'

/** The part of a Feathers error the screens need. */
export interface ServerError {
  name?: string
  message?: string
  code?: number
  data?: { code?: string; path?: string; date?: string; [key: string]: unknown }
}

const byHttpStatus: Record<number, MessageCode> = {
  400: 'invalid-request',
  401: 'not-authenticated',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  429: 'too-many-attempts'
}

/**
 * A code the interface has words for. Asked of the loaded texts (every code of domain/messages.ts
 * has its `errors.*` text in every locale: tests/renderer/i18n.test.ts), not of the server's
 * English catalogue, which would put every message twice into the first screen's scripts.
 */
function isMessageCode(code: unknown): code is MessageCode {
  return typeof code === 'string' && i18n.exists(`errors.${code}`)
}

/** The message code to translate: the server's own code first, then one from the HTTP status. */
export function errorCode(error: unknown): MessageCode {
  const known = error as ServerError | undefined
  if (isMessageCode(known?.data?.code)) return known.data.code
  if (typeof known?.code === 'number' && byHttpStatus[known.code]) return byHttpStatus[known.code]
  return 'something-went-wrong'
}

/** The field a server error belongs to, if it names one. */
export function errorPath(error: unknown): string | undefined {
  const path = (error as ServerError | undefined)?.data?.path
  return typeof path === 'string' && path ? path : undefined
}

/**
 * Technical failures (timeouts, lost connection) carry the English technical message of spec
 * section 8 and no user-facing code; they are shown through `technical.*` keys.
 */
export function technicalKey(error: unknown): string | undefined {
  const known = error as ServerError | undefined
  if (known?.data?.code !== 'timeout') return undefined
  if (known.message === 'Authentication timed out') return 'technical.authTimeout'
  if (known.message === 'Logout timed out') return 'technical.logoutTimeout'
  return 'technical.requestTimeout'
}

export function isNotAuthenticated(error: unknown): boolean {
  return (error as ServerError | undefined)?.code === 401
}
