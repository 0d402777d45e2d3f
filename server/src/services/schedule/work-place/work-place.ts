import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { branchCheck } from '../../../access/branch-scope'
import { scopeRecords, type RecordScope } from '../../../access/record-scope'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { sortByRank } from '../../../schema/rank'
import { publishToBranchWhoMay } from '../../../channels'
import { WorkPlaceService, workPlaceRowShape, workPlaceServiceOptions } from './work-place.class'
import {
  workPlaceDataResolver,
  workPlaceDataValidator,
  workPlaceExternalResolver,
  workPlacePatchResolver,
  workPlacePatchValidator,
  workPlaceQueryValidator,
  workPlaceResolver,
  workPlaceDataSchema,
  workPlacePatchSchema
} from './work-place.schema'
import { workPlaceMethods, workPlacePath } from './work-place.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [workPlacePath]: WorkPlaceService
  }
}

/** Who sees which work places: those of the branches they work in. */
const workPlaceScope: RecordScope = { branch: {} }
const scoped = scopeRecords(workPlaceScope)

/**
 * `work-place`: chairs and rooms per branch. People see and manage those of the branches they
 * work in (every branch when their role sees the whole company); another branch's is not found.
 */
export function workPlace(app: Application) {
  registerService(app, workPlacePath, new WorkPlaceService({ ...workPlaceServiceOptions(app), scope: workPlaceScope }, workPlaceRowShape), {
    methods: [...workPlaceMethods],
    tables: ['work_places'],
    access: { data: { create: workPlaceDataSchema, patch: workPlacePatchSchema }, methods: standardAccess('work-place') },
    hooks: {
      around: {
        all: [
          resolveExternal(workPlaceExternalResolver),
          resolveResult(workPlaceResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(workPlaceQueryValidator), companyScope],
        find: [scoped, sortByRank],
        get: [scoped],
        create: [trimStrings('name'), schemaHooks.validateData(workPlaceDataValidator), branchCheck, schemaHooks.resolveData(workPlaceDataResolver)],
        patch: [scoped, trimStrings('name'), schemaHooks.validateData(workPlacePatchValidator), schemaHooks.resolveData(workPlacePatchResolver)],
        remove: [scoped]
      }
    },
    publish: publishToBranchWhoMay(app, 'work-place')
  })
}
