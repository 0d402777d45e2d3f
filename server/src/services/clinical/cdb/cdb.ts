import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { publishToCompanyWhoMay } from '../../../channels'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { CdbService, cdbRowShape, cdbServiceOptions, CDB_TABLE } from './cdb.class'
import {
  cdbDataResolver,
  cdbDataSchema,
  cdbDataValidator,
  cdbExternalResolver,
  cdbPatchResolver,
  cdbPatchSchema,
  cdbPatchValidator,
  cdbQueryValidator,
  cdbResolver
} from './cdb.schema'
import { cdbMethods, cdbPath } from './cdb.shared'
import { refuseShipped, withShipped } from '../icd/code-list.class'
import { normaliseComplaintData, prepareComplaintWrite } from './cdb-rules'

declare module '../../../declarations' {
  interface ServiceTypes {
    [cdbPath]: CdbService
  }
}

/**
 * `cdb`: the complaints list. Shipped complaints are every company's and read-only; a company
 * adds, changes and removes (to trash) its own. Reading needs `cdb: view` (every default role),
 * changing `cdb: create/edit/delete`. Belongs to the `treatment` module (the dental chart).
 */
export function cdb(app: Application) {
  registerService(app, cdbPath, new CdbService(cdbServiceOptions(app), cdbRowShape), {
    methods: cdbMethods,
    tables: [CDB_TABLE],
    access: { data: { create: cdbDataSchema, patch: cdbPatchSchema }, methods: standardAccess('cdb'), module: 'treatment' },
    hooks: {
      around: {
        all: [resolveExternal(cdbExternalResolver), resolveResult(cdbResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(cdbQueryValidator), companyScope],
        find: [withShipped],
        get: [withShipped],
        create: [normaliseComplaintData, schemaHooks.validateData(cdbDataValidator), prepareComplaintWrite, schemaHooks.resolveData(cdbDataResolver)],
        patch: [refuseShipped(CDB_TABLE), normaliseComplaintData, schemaHooks.validateData(cdbPatchValidator), prepareComplaintWrite, schemaHooks.resolveData(cdbPatchResolver)],
        remove: [refuseShipped(CDB_TABLE)]
      }
    },
    publish: publishToCompanyWhoMay(app, 'cdb')
  })
}
