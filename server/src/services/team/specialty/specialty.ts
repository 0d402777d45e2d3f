import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { publishToCompany } from '../../../channels'
import { SpecialtyService, specialtyServiceOptions } from './specialty.class'
import {
  specialtyDataResolver,
  specialtyDataValidator,
  specialtyExternalResolver,
  specialtyPatchResolver,
  specialtyPatchValidator,
  specialtyQueryResolver,
  specialtyQueryValidator,
  specialtyResolver,
  specialtyDataSchema,
  specialtyPatchSchema
} from './specialty.schema'
import { specialtyMethods, specialtyPath } from './specialty.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [specialtyPath]: SpecialtyService
  }
}

/** `specialty`: the company's list of doctors' specialties. */
export function specialty(app: Application) {
  registerService(app, specialtyPath, new SpecialtyService(specialtyServiceOptions(app)), {
    methods: specialtyMethods,
    tables: ['specialties'],
    access: { data: { create: specialtyDataSchema, patch: specialtyPatchSchema },
      methods: standardAccess('specialty', { find: { signedIn: true }, get: { signedIn: true } })
    },
    hooks: {
      around: {
        all: [
          resolveExternal(specialtyExternalResolver),
          resolveResult(specialtyResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(specialtyQueryValidator), companyScope, schemaHooks.resolveQuery(specialtyQueryResolver)],
        create: [schemaHooks.validateData(specialtyDataValidator), schemaHooks.resolveData(specialtyDataResolver)],
        patch: [schemaHooks.validateData(specialtyPatchValidator), schemaHooks.resolveData(specialtyPatchResolver)]
      }
    },
    publish: publishToCompany(app)
  })
}
