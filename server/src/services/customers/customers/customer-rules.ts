import { BadRequest } from '@feathersjs/errors'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { phoneProblem } from '../../../../../domain/validation/phone'
import { emailProblem } from '../../../../../domain/validation/email'

type CustomerInput = {
  phone?: string | null
  email?: string
  birthdate?: string | null
  sourceId?: string | null
  tagIds?: string[]
}

/** Today's date ('YYYY-MM-DD') in the company's time zone: what "the future" starts after. */
export function todayIn(timeZone: string, at = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
  } catch {
    return at.toISOString().slice(0, 10)
  }
}

/** Field rules the schema cannot say: phone and e-mail shape (empty allowed), birth date not ahead. */
function checkFields(data: CustomerInput, timeZone: string) {
  if (typeof data.phone === 'string' && data.phone.trim() !== '') {
    const problem = phoneProblem(data.phone)
    if (problem) throw clinicError(BadRequest, problem, 'phone')
  }
  if (typeof data.email === 'string' && data.email !== '') {
    const problem = emailProblem(data.email)
    if (problem) throw clinicError(BadRequest, problem, 'email')
  }
  if (typeof data.birthdate === 'string' && data.birthdate > todayIn(timeZone)) throw clinicError(BadRequest, 'birthdate-in-future', 'birthdate')
}

/** Before create/patch, after schema validation: the customer rules of spec section 5. */
export async function checkCustomer(context: HookContext) {
  const identity = context.params.identity
  const data = context.data as CustomerInput | undefined
  if (!context.params.provider || !identity || !data) return
  checkFields(data, identity.company.timezone)
  const settings = identity.company.settings
  if (context.method === 'create' && settings.requireCustomerSource === true && !data.sourceId) {
    throw clinicError(BadRequest, 'source-required', 'sourceId')
  }
}
