import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { sortByRank } from '../../../schema/rank'
import { publishToCompanyWhoMay } from '../../../channels'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { guardShippedEntry, seedShippedEntries } from '../shipped-entries'
import { OdbService, odbRowShape, odbServiceOptions } from './odb.class'
import {
  odbDataResolver,
  odbDataSchema,
  odbDataValidator,
  odbExternalResolver,
  odbPatchResolver,
  odbPatchSchema,
  odbPatchValidator,
  odbQueryValidator,
  odbResolver
} from './odb.schema'
import { odbMethods, odbPath } from './odb.shared'
import { checkOdbParent, refuseRemovingParent } from './odb-tree'
import { shippedOdb } from './odb-shipped'

declare module '../../../declarations' {
  interface ServiceTypes {
    [odbPath]: OdbService
  }
}

/**
 * `odb`: the company's objective findings, a tree by part of the examination. Shipped findings
 * (ru/en/uz) are the company's own copy, read-only but for `hidden` and `rank`.
 */
export function odb(app: Application) {
  registerService(app, odbPath, new OdbService(odbServiceOptions(app), odbRowShape), {
    methods: odbMethods,
    tables: ['odb_entries'],
    access: { data: { create: odbDataSchema, patch: odbPatchSchema }, methods: standardAccess('odb'), module: 'treatment' },
    hooks: {
      around: {
        all: [resolveExternal(odbExternalResolver), resolveResult(odbResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(odbQueryValidator), companyScope],
        find: [seedShippedEntries('odb_entries', odbPath, shippedOdb), sortByRank],
        create: [trimStrings('name'), schemaHooks.validateData(odbDataValidator), checkOdbParent, schemaHooks.resolveData(odbDataResolver)],
        patch: [trimStrings('name'), schemaHooks.validateData(odbPatchValidator), guardShippedEntry('odb_entries'), checkOdbParent, schemaHooks.resolveData(odbPatchResolver)],
        remove: [guardShippedEntry('odb_entries'), refuseRemovingParent]
      }
    },
    publish: publishToCompanyWhoMay(app, 'odb')
  })
}
