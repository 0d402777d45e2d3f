import { Type, getValidator } from '@feathersjs/typebox'
import { registerService } from '../../register-service'
import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application } from '../../../declarations'
import { dataValidator } from '../../../validators'
import { ForceLogoutService } from './force-logout.class'
import { forceLogoutMethods, forceLogoutPath } from './force-logout.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [forceLogoutPath]: ForceLogoutService
  }
}

const forceLogoutDataSchema = Type.Object({}, { $id: 'ForceLogoutData', additionalProperties: false })
const forceLogoutDataValidator = getValidator(forceLogoutDataSchema, dataValidator)

/** `force-logout`: the emergency logout of the whole team. */
export function forceLogout(app: Application) {
  registerService(app, forceLogoutPath, new ForceLogoutService(app), {
    methods: [...forceLogoutMethods],
    tables: [],
    access: {
      refuses: { update: 'an action (end a person\'s sessions), not a record' }, data: { create: forceLogoutDataSchema }, methods: { create: { resource: 'force-logout', flag: 'create' } } },
    hooks: {
      around: { all: [] },
      before: { create: [schemaHooks.validateData(forceLogoutDataValidator)] }
    }
  })
}
