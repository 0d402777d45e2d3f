import { hooks as schemaHooks } from '@feathersjs/schema'
import { dbOf } from '../../../hooks/call-transaction'
import { registerService } from '../../register-service'
import { BadRequest } from '@feathersjs/errors'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { clinicError } from '../../../errors'
import { sortByRank } from '../../../schema/rank'
import { publishToCompanyWhoMay } from '../../../channels'
import { ServiceCatalogueService, serviceRowShape, serviceServiceOptions } from './service.class'
import {
  clinicServiceDataResolver,
  clinicServiceDataValidator,
  clinicServiceExternalResolver,
  clinicServicePatchResolver,
  clinicServicePatchValidator,
  clinicServiceQueryValidator,
  clinicServiceResolver,
  clinicServiceDataSchema,
  clinicServicePatchSchema
} from './service.schema'
import { serviceMethods, servicePath } from './service.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [servicePath]: ServiceCatalogueService
  }
}

/** A blank code is no code: stored as null, so codes stay meaningful in search. */
function blankCodeIsNull(context: HookContext) {
  const data = context.data as { code?: unknown }
  if (data && typeof data.code === 'string' && data.code === '') context.data = { ...data, code: null }
}

/** The category named is one of the caller's company (a trashed one is not offered). */
async function checkCategory(context: HookContext) {
  const data = context.data as { categoryId?: string | null; companyId?: string }
  const companyId = context.params.identity?.user.companyId ?? data.companyId
  if (!data.categoryId || !companyId) return
  const found = await dbOf(context.app, context.params)('service_categories').where({ _id: data.categoryId, companyId }).first('_id')
  if (!found) throw clinicError(BadRequest, 'invalid-reference', 'categoryId')
}

/** `service`: the catalogue of services (treatments) with durations, buffers and prices. */
export function service(app: Application) {
  registerService(app, servicePath, new ServiceCatalogueService(serviceServiceOptions(app), serviceRowShape), {
    methods: [...serviceMethods],
    tables: ['services'],
    access: { data: { create: clinicServiceDataSchema, patch: clinicServicePatchSchema }, methods: standardAccess('service') },
    hooks: {
      around: {
        all: [
          resolveExternal(clinicServiceExternalResolver),
          resolveResult(clinicServiceResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(clinicServiceQueryValidator), companyScope],
        find: [sortByRank],
        create: [trimStrings('name', 'code', 'description'), blankCodeIsNull, schemaHooks.validateData(clinicServiceDataValidator), checkCategory, schemaHooks.resolveData(clinicServiceDataResolver)],
        patch: [trimStrings('name', 'code', 'description'), blankCodeIsNull, schemaHooks.validateData(clinicServicePatchValidator), checkCategory, schemaHooks.resolveData(clinicServicePatchResolver)]
      }
    },
    publish: publishToCompanyWhoMay(app, 'service')
  })
}
