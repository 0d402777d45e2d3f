import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { CompanyRegistrationService } from './company-registration.class'
import { registrationDataValidator, registrationDataSchema } from './company-registration.schema'
import { companyRegistrationMethods, companyRegistrationPath } from './company-registration.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [companyRegistrationPath]: CompanyRegistrationService
  }
}

/** `company-registration`: open to anyone; creates a clinic and its first administrator. */
export function companyRegistration(app: Application) {
  registerService(app, companyRegistrationPath, new CompanyRegistrationService(app), {
    methods: [...companyRegistrationMethods],
    tables: [],
    access: {
      refuses: { update: 'an action (sign-up), not a record' }, data: { create: registrationDataSchema }, methods: { create: { public: true } } },
    hooks: {
      around: { all: [] },
      before: { create: [schemaHooks.validateData(registrationDataValidator)] }
    }
  })
}
