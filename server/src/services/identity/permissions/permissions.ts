import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
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
  registerService(app, permissionsPath, new PermissionsService(), {
    methods: [...permissionsMethods],
    tables: [],
    access: {
      refuses: { update: 'a read-only list of the permission resources and flags' }, methods: { find: { signedIn: true } } },
    hooks: {
      around: { all: [] },
      before: { all: [schemaHooks.validateQuery(permissionsQueryValidator), companyScope] }
    }
  })
}
