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
import { normalizeIcdCodes } from '../icd-codes'
import { DiagnoseObjectivelyService, diagnoseObjectivelyRowShape, diagnoseObjectivelyServiceOptions } from './diagnose-objectively.class'
import {
  diagnoseObjectivelyDataResolver,
  diagnoseObjectivelyDataSchema,
  diagnoseObjectivelyDataValidator,
  diagnoseObjectivelyExternalResolver,
  diagnoseObjectivelyPatchResolver,
  diagnoseObjectivelyPatchSchema,
  diagnoseObjectivelyPatchValidator,
  diagnoseObjectivelyQueryValidator,
  diagnoseObjectivelyResolver
} from './diagnose-objectively.schema'
import { diagnoseObjectivelyMethods, diagnoseObjectivelyPath } from './diagnose-objectively.shared'
import { shippedToothFindings } from './diagnose-objectively-shipped'

declare module '../../../declarations' {
  interface ServiceTypes {
    [diagnoseObjectivelyPath]: DiagnoseObjectivelyService
  }
}

const TABLE = 'tooth_findings'

/** `diagnose-objectively`: per-tooth objective findings with their chart code and suggested ICD-10 code. */
export function diagnoseObjectively(app: Application) {
  registerService(app, diagnoseObjectivelyPath, new DiagnoseObjectivelyService(diagnoseObjectivelyServiceOptions(app), diagnoseObjectivelyRowShape), {
    methods: diagnoseObjectivelyMethods,
    tables: [TABLE],
    access: {
      data: { create: diagnoseObjectivelyDataSchema, patch: diagnoseObjectivelyPatchSchema },
      methods: standardAccess('diagnose-objectively'),
      module: 'treatment'
    },
    hooks: {
      around: {
        all: [resolveExternal(diagnoseObjectivelyExternalResolver), resolveResult(diagnoseObjectivelyResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(diagnoseObjectivelyQueryValidator), companyScope],
        find: [seedShippedEntries(TABLE, diagnoseObjectivelyPath, shippedToothFindings), sortByRank],
        create: [trimStrings('name'), normalizeIcdCodes('icdCode'), schemaHooks.validateData(diagnoseObjectivelyDataValidator), schemaHooks.resolveData(diagnoseObjectivelyDataResolver)],
        patch: [
          trimStrings('name'),
          normalizeIcdCodes('icdCode'),
          schemaHooks.validateData(diagnoseObjectivelyPatchValidator),
          guardShippedEntry(TABLE),
          schemaHooks.resolveData(diagnoseObjectivelyPatchResolver)
        ],
        remove: [guardShippedEntry(TABLE)]
      }
    },
    publish: publishToCompanyWhoMay(app, 'diagnose-objectively')
  })
}
