import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { sortByRank } from '../../../schema/rank'
import { publishToCompanyWhoMay } from '../../../channels'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { SHIPPED_EDITABLE, guardShippedEntry, seedShippedEntries } from '../shipped-entries'
import { ManipulationsService, manipulationsRowShape, manipulationsServiceOptions } from './manipulations.class'
import {
  manipulationDataResolver,
  manipulationDataSchema,
  manipulationDataValidator,
  manipulationExternalResolver,
  manipulationPatchResolver,
  manipulationPatchSchema,
  manipulationPatchValidator,
  manipulationQueryValidator,
  manipulationResolver
} from './manipulations.schema'
import { manipulationsMethods, manipulationsPath } from './manipulations.shared'
import { shippedManipulations } from './manipulations-shipped'

declare module '../../../declarations' {
  interface ServiceTypes {
    [manipulationsPath]: ManipulationsService
  }
}

const TABLE = 'manipulations'

/** A blank code is no code (stored as null). */
function blankCodeIsNull(context: HookContext) {
  const data = context.data as { code?: unknown } | undefined
  if (data && typeof data.code === 'string' && data.code === '') context.data = { ...data, code: null }
}

/** `manipulations`: the company's clinical manipulations; on shipped ones the company sets only УЕТ, visibility and place. */
export function manipulations(app: Application) {
  registerService(app, manipulationsPath, new ManipulationsService(manipulationsServiceOptions(app), manipulationsRowShape), {
    methods: manipulationsMethods,
    tables: [TABLE],
    access: { data: { create: manipulationDataSchema, patch: manipulationPatchSchema }, methods: standardAccess('manipulations'), module: 'treatment' },
    hooks: {
      around: {
        all: [resolveExternal(manipulationExternalResolver), resolveResult(manipulationResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(manipulationQueryValidator), companyScope],
        find: [seedShippedEntries(TABLE, manipulationsPath, shippedManipulations), sortByRank],
        create: [trimStrings('name', 'code'), blankCodeIsNull, schemaHooks.validateData(manipulationDataValidator), schemaHooks.resolveData(manipulationDataResolver)],
        patch: [
          trimStrings('name', 'code'),
          blankCodeIsNull,
          schemaHooks.validateData(manipulationPatchValidator),
          guardShippedEntry(TABLE, [...SHIPPED_EDITABLE, 'uet']),
          schemaHooks.resolveData(manipulationPatchResolver)
        ],
        remove: [guardShippedEntry(TABLE)]
      }
    },
    publish: publishToCompanyWhoMay(app, 'manipulations')
  })
}
