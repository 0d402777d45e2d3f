import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application } from '../../../declarations'
import { access } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { PermissionsService } from './permissions.class'
import { permissionsQueryValidator } from './permissions.schema'
import { permissionsMethods, permissionsPath } from './permissions.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [permissionsPath]: PermissionsService
  }
}

/** `permissions`: the resource and flag lists and the caller's own grants. */
export function permissions(app: Application) {
  app.use(permissionsPath, new PermissionsService(), { methods: [...permissionsMethods], events: [] })
  app.service(permissionsPath).hooks({
    around: { all: [access(permissionsPath, { refuses: { update: 'a read-only list of the permission resources and flags' }, methods: { find: { signedIn: true } } })] },
    before: { all: [schemaHooks.validateQuery(permissionsQueryValidator), companyScope] }
  })
}
