import { BadRequest, FeathersError } from '@feathersjs/errors'
import { messages, type MessageCode } from '../../domain/messages'

type ErrorClass = new (message: string, data?: unknown) => FeathersError

/**
 * A Feathers error whose message is the spec's English text and whose data carries the stable
 * `code` the renderer translates, and the field `path` when the error belongs to a form field.
 */
export function clinicError(ErrorClass: ErrorClass, code: MessageCode, path?: string, extra: Record<string, unknown> = {}) {
  return new ErrorClass(messages[code], { code, ...(path ? { path } : {}), ...extra })
}

/** Throws a BadRequest for the first field problem found by a domain validator. */
export function assertNoProblem(code: MessageCode | null, path: string): void {
  if (code) throw clinicError(BadRequest, code, path)
}

/** The spec's own "X is required" messages for the fields it names; others use the generic one. */
const requiredMessageByField: Record<string, MessageCode> = {
  first_name: 'first-name-required',
  last_name: 'last-name-required',
  companyName: 'company-name-required',
  phone: 'phone-required',
  email: 'email-required'
}

interface AjvError {
  instancePath?: string
  keyword?: string
  params?: Record<string, unknown>
  message?: string
}

function fieldPath(error: AjvError): string {
  const base = (error.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')
  const missing = error.keyword === 'required' ? String(error.params?.missingProperty ?? '') : ''
  const extra = error.keyword === 'additionalProperties' ? String(error.params?.additionalProperty ?? '') : ''
  return [base, missing || extra].filter(Boolean).join('.')
}

function codeFor(error: AjvError, path: string): MessageCode {
  const field = path.split('.').pop() ?? ''
  const isMissing = error.keyword === 'required' || (error.keyword === 'minLength' && error.params?.limit === 1)
  if (isMissing) return requiredMessageByField[field] ?? 'field-required'
  if (error.keyword === 'additionalProperties') return 'invalid-request'
  if (error.keyword === 'format' && error.params?.format === 'email') return 'invalid-email'
  if (field === 'email') return 'invalid-email'
  return 'invalid-request'
}

/** Turns schema validation errors (an Ajv error list) into our `{ code, path }` BadRequest. */
export function fromValidationErrors(errors: AjvError[]): FeathersError {
  const first = errors[0] ?? {}
  const path = fieldPath(first)
  const code = codeFor(first, path)
  return new BadRequest(messages[code], {
    code,
    ...(path ? { path } : {}),
    errors: errors.slice(0, 10).map((error) => ({ path: fieldPath(error), keyword: error.keyword, message: error.message }))
  })
}
