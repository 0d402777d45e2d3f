import { clientService } from '../../../client-service'
import type { CompanyRegistrationService } from './company-registration.class'

export const companyRegistrationPath = 'company-registration'
export const companyRegistrationMethods = ['create'] as const
export type CompanyRegistrationClientService = Pick<CompanyRegistrationService, (typeof companyRegistrationMethods)[number]>
export type { RegistrationData, RegistrationResult } from './company-registration.schema'
export const companyRegistrationClient = clientService<CompanyRegistrationClientService>()(companyRegistrationPath, companyRegistrationMethods)
