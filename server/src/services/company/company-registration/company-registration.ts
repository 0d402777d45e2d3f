import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application } from '../../../declarations'
import { access } from '../../../access/access'
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
  app.use(companyRegistrationPath, new CompanyRegistrationService(app), { methods: [...companyRegistrationMethods], events: [] })
  app.service(companyRegistrationPath).hooks({
    around: { all: [access(companyRegistrationPath, { refuses: { update: 'an action (sign-up), not a record' }, data: { create: registrationDataSchema }, methods: { create: { public: true } } })] },
    before: { create: [schemaHooks.validateData(registrationDataValidator)] }
  })
}
