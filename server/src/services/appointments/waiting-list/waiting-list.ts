import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { branchCheck } from '../../../access/branch-scope'
import { scopeRecords, type RecordScope } from '../../../access/record-scope'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { publishToBranchWhoMay } from '../../../channels'
import { WaitingListService, waitingListRowShape, waitingListServiceOptions } from './waiting-list.class'
import {
  waitingListDataResolver,
  waitingListDataValidator,
  waitingListExternalResolver,
  waitingListPatchResolver,
  waitingListPatchValidator,
  waitingListQueryValidator,
  waitingListResolver,
  waitingListDataSchema,
  waitingListPatchSchema
} from './waiting-list.schema'
import { checkWaitingListEntry } from './waiting-list-rules'
import { waitingListMethods, waitingListPath } from './waiting-list.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [waitingListPath]: WaitingListService
  }
}

/** Who sees which waiting-list entries: those of the branches they work in. */
const waitingListScope: RecordScope = { branch: {} }
const scoped = scopeRecords(waitingListScope)

/**
 * `waiting-list`: customers waiting for a slot, per branch, under the `appointment` permission.
 * An appointment created with `waitingListId` marks its entry booked (appointment.class.ts);
 * the appointment service offers the fitting entries whenever a slot frees up (`slot-freed`).
 */
export function waitingList(app: Application) {
  registerService(app, waitingListPath, new WaitingListService({ ...waitingListServiceOptions(app), scope: waitingListScope }, waitingListRowShape), {
    methods: [...waitingListMethods],
    tables: ['waiting_list'],
    customerRows: [{ table: 'waiting_list', column: 'customerId' }],
    access: {
      refuses: { update: 'an entry moves through its statuses by patch (waiting-list-rules.ts); its customer and branch are fixed' }, data: { create: waitingListDataSchema, patch: waitingListPatchSchema }, methods: standardAccess('appointment') },
    hooks: {
      around: {
        all: [
          resolveExternal(waitingListExternalResolver),
          resolveResult(waitingListResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(waitingListQueryValidator), companyScope],
        find: [scoped],
        get: [scoped],
        create: [trimStrings('notes'), schemaHooks.validateData(waitingListDataValidator), branchCheck, checkWaitingListEntry, schemaHooks.resolveData(waitingListDataResolver)],
        patch: [scoped, trimStrings('notes'), schemaHooks.validateData(waitingListPatchValidator), checkWaitingListEntry, schemaHooks.resolveData(waitingListPatchResolver)],
        remove: [scoped]
      }
    },
    publish: publishToBranchWhoMay(app, 'appointment')
  })
}
