import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application } from '../../declarations'
import { access, standardAccess } from '../../access/access'
import { companyScope } from '../../access/tenancy'
import { checkId } from '../../hooks/check-id'
import { publishToCompany } from '../../channels'
import { RoleService, roleRowShape, roleServiceOptions } from './roles.class'
import { roleDataResolver, roleDataValidator, roleExternalResolver, rolePatchResolver, rolePatchValidator, roleQueryValidator, roleResolver } from './roles.schema'
import { roleMethods, rolePath } from './roles.shared'
import { resolveExternal, resolveResult } from '../../hooks/resolve-shapes'

declare module '../../declarations' {
  interface ServiceTypes {
    [rolePath]: RoleService
  }
}

/** `roles`: the company's roles and their permission grants. */
export function roles(app: Application) {
  app.use(rolePath, new RoleService(roleServiceOptions(app), roleRowShape), { methods: [...roleMethods], events: [] })
  app.service(rolePath).hooks({
    around: {
      all: [
        access(rolePath, {
          methods: standardAccess('roles')
        }),
        resolveExternal(roleExternalResolver),
        resolveResult(roleResolver)
      ]
    },
    before: {
      all: [checkId(), schemaHooks.validateQuery(roleQueryValidator), companyScope],
      create: [schemaHooks.validateData(roleDataValidator), schemaHooks.resolveData(roleDataResolver)],
      patch: [schemaHooks.validateData(rolePatchValidator), schemaHooks.resolveData(rolePatchResolver)]
    }
  })
  app.service(rolePath).publish(publishToCompany(app))
}
