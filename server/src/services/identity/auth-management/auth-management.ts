import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application } from '../../../declarations'
import { access } from '../../../access/access'
import { AuthManagementService } from './auth-management.class'
import { authManagementDataValidator, validateActionValue, authManagementDataSchema } from './auth-management.schema'
import { authManagementMethods, authManagementPath } from './auth-management.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [authManagementPath]: AuthManagementService
  }
}

/**
 * `authManagement`: create with `{ action, value }`. Open to anyone, because forgotten
 * passwords and the sign-up check come before sign-in; a token on the connection is still
 * checked (access), and `passwordChange` refuses a caller without one. No events: nothing here
 * is a record anyone else should watch.
 */
export function authManagement(app: Application) {
  app.use(authManagementPath, new AuthManagementService(app), { methods: [...authManagementMethods], events: [] })
  app.service(authManagementPath).hooks({
    around: { all: [access(authManagementPath, { refuses: { update: 'actions (password reset and change), not records' }, data: { create: authManagementDataSchema }, methods: { create: { public: true } } })] },
    before: { create: [schemaHooks.validateData(authManagementDataValidator), validateActionValue] }
  })
}
