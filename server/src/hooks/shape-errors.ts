import { BadRequest, Conflict, FeathersError, GeneralError } from '@feathersjs/errors'
import type { HookContext, NextFunction } from '../declarations'
import { clinicError, fromValidationErrors } from '../errors'
import type { MessageCode } from '../../../domain/messages'

const UNIQUE_VIOLATION = /UNIQUE constraint failed|duplicate key value violates unique constraint/i
/** The Feathers knex adapter marks the errors it converted from database errors with this. */
const DATABASE_ERROR = Symbol.for('@feathersjs/knex/error')

/**
 * Every error that leaves the server is one of the spec's Feathers error classes with a code the
 * renderer can translate. Validation lists become `{ code, path }`; a unique index violation
 * becomes a Conflict; anything unexpected becomes "Oops.. Something Went Wrong.." without
 * internals (the full error is logged by logCall).
 */
export async function shapeErrors(_context: HookContext, next: NextFunction) {
  try {
    await next()
  } catch (error) {
    throw shape(error)
  }
}

const codeByClass: Record<string, MessageCode> = {
  BadRequest: 'invalid-request',
  NotAuthenticated: 'not-authenticated',
  Forbidden: 'forbidden',
  NotFound: 'not-found',
  Conflict: 'conflict',
  TooManyRequests: 'too-many-attempts'
}

/** Errors raised without a code (by Feathers itself, say) get the one their class implies. */
function withCode(error: FeathersError): FeathersError {
  const data = error.data as { code?: string } | undefined
  if (data?.code) return error
  const code = codeByClass[error.name] ?? 'something-went-wrong'
  ;(error as { data: unknown }).data = { ...(typeof data === 'object' && data !== null ? data : {}), code }
  return error
}

function shape(error: unknown): FeathersError {
  if (error instanceof BadRequest && Array.isArray(error.data)) return fromValidationErrors(error.data)
  const fromDatabase = typeof error === 'object' && error !== null && DATABASE_ERROR in error
  if (error instanceof FeathersError && !fromDatabase) return withCode(error)
  // Read the message by shape, not instanceof: errors raised inside a native driver can come
  // from another realm (jest's sandbox, for one) and fail instanceof Error.
  const message = String((error as { message?: unknown } | null)?.message ?? '')
  if (UNIQUE_VIOLATION.test(message)) {
    const path = /users\.email|users_email_unique/.test(message) ? 'email' : undefined
    return path === 'email' ? clinicError(Conflict, 'email-registered', 'email') : clinicError(Conflict, 'conflict')
  }
  const shaped = clinicError(GeneralError, 'something-went-wrong')
  // Keep the original for the log line; toJSON() leaves it out of what is sent.
  Object.defineProperty(shaped, 'cause', { value: error, enumerable: false })
  return shaped
}
