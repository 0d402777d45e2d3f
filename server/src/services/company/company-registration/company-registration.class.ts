import type { Params } from '@feathersjs/feathers'
import { dbOf } from '../../../hooks/call-transaction'
import { BadRequest } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { emailProblem } from '../../../../../domain/validation/email'
import { phoneProblem } from '../../../../../domain/validation/phone'
import { confirmationProblem, passwordProblem } from '../../../../../domain/validation/password'
import { assertNoProblem, clinicError } from '../../../errors'
import { registerCompany } from './register-company'
import type { RegistrationData, RegistrationResult } from './company-registration.schema'

/** `company-registration`: a new clinic signs up (the /welcome page). */
export class CompanyRegistrationService {
  constructor(private readonly app: Application) {}

  async create(data: RegistrationData, params?: Params): Promise<RegistrationResult> {
    checkRegistration(data)
    const registered = await registerCompany(dbOf(this.app, params), data)
    return { companyId: registered.companyId, branchId: registered.branchId, userId: registered.userId, email: data.email.trim().toLowerCase() }
  }
}

/** The field rules the schema cannot say: blank names, e-mail and phone shape, password rules. */
function checkRegistration(data: RegistrationData) {
  const blank = (value: string) => value.trim() === ''
  if (blank(data.companyName)) throw clinicError(BadRequest, 'company-name-required', 'companyName')
  assertNoProblem(phoneProblem(data.phone), 'phone')
  assertNoProblem(emailProblem(data.email), 'email')
  if (blank(data.first_name)) throw clinicError(BadRequest, 'first-name-required', 'first_name')
  if (blank(data.last_name)) throw clinicError(BadRequest, 'last-name-required', 'last_name')
  assertNoProblem(passwordProblem(data.password), 'password')
  if (data.passwordConfirmation !== undefined) assertNoProblem(confirmationProblem(data.password, data.passwordConfirmation), 'passwordConfirmation')
}
