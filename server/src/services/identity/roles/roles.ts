import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { grantsWithinOwn } from './role-grants'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { publishToCompany } from '../../../channels'
import { RoleService, roleRowShape, roleServiceOptions } from './roles.class'
import { roleDataResolver, roleDataValidator, roleExternalResolver, rolePatchResolver, rolePatchValidator, roleQueryValidator, roleResolver, roleDataSchema, rolePatchSchema } from './roles.schema'
import { roleMethods, rolePath } from './roles.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [rolePath]: RoleService
  }
}

/** `roles`: the company's roles and their permission grants. */
export function roles(app: Application) {
  registerService(app, rolePath, new RoleService(roleServiceOptions(app), roleRowShape), {
    methods: [...roleMethods],
    tables: ['roles'],
    access: { data: { create: roleDataSchema, patch: rolePatchSchema }, methods: standardAccess('roles') },
    hooks: {
      around: {
        all: [
          resolveExternal(roleExternalResolver),
          resolveResult(roleResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(roleQueryValidator), companyScope],
        create: [schemaHooks.validateData(roleDataValidator), grantsWithinOwn, schemaHooks.resolveData(roleDataResolver)],
        patch: [schemaHooks.validateData(rolePatchValidator), grantsWithinOwn, schemaHooks.resolveData(rolePatchResolver)],
        remove: [grantsWithinOwn]
      }
    },
    publish: publishToCompany(app)
  })
}
