import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
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
  registerService(app, authManagementPath, new AuthManagementService(app), {
    methods: [...authManagementMethods],
    tables: ['password_resets'],
    // Hashing a password takes a while: its writes open their transaction only once it is done.
    transaction: false,
    // Only a signed-in person changing their own password is logged, as the action alone, never
    // with values; reset requests and the e-mail check come from people not signed in (nobody to
    // attribute them to) or change nothing.
    activity: {
      skip: (context) => (context.data as { action?: unknown } | undefined)?.action !== 'passwordChange',
      recordId: (context) => context.params.identity?.user._id ?? null,
      changes: () => ({ action: 'passwordChange' })
    },
    access: {
      refuses: { update: 'actions (password reset and change), not records' }, data: { create: authManagementDataSchema }, methods: { create: { public: true } } },
    hooks: {
      around: { all: [] },
      before: { create: [schemaHooks.validateData(authManagementDataValidator), validateActionValue] }
    }
  })
}
