import { hooks as schemaHooks } from '@feathersjs/schema'
import type { RealTimeConnection } from '@feathersjs/feathers'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { allBranchesChannel, branchChannel, connectionMay } from '../../../channels'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { visibleCustomer } from '../../../hooks/customer-visibility'
import { companySettingsFor } from '../../company/company/company-reads'
import { hidePhones } from '../../../access/phone-protection'
import { scopeRecords, type RecordScope } from '../../../access/record-scope'
import { CALL_EVENTS_TABLE, CALLS_TABLE, CallService, callRowShape, callServiceOptions, dialPatient, type Call, type CallData, type CallParams } from './calls.class'
import { callDataSchema, callDataValidator, callExternalResolver, callQueryValidator, callResolver } from './calls.schema'
import { callMethods, callPath } from './calls.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [callPath]: CallService
  }
}

/** Calls belong to the branch whose line rang (or whose member called): people see their branches' calls. */
const callScope: RecordScope = { branch: {} }
const callBranchScope = scopeRecords(callScope)

/** A find naming a patient: one the caller sees (the patient card's timeline). Newest first unless sorted. */
async function findScope(context: HookContext) {
  const query = context.params.query ?? {}
  if (context.params.provider && typeof query.customerId === 'string') await visibleCustomer(context, query.customerId)
  if (!query.$sort) context.params.query = { ...query, $sort: { startedAt: -1, _id: -1 } }
}

/**
 * Who hears of a call: its branch and those who see every branch, among those who may view
 * `onlinepbx-incoming-call`; with phone protection on, those lacking `customer-phone` seeAll get it
 * without the number. The PBX's events carry the whole row, so the publisher shapes each copy.
 */
const publishCall = (app: Application) => async (data: unknown, context?: HookContext) => {
  const result = context?.result as Call | undefined
  const call = result && !Array.isArray(result) && result._id === (data as Call)._id ? result : (data as Call)
  const audience = app
    .channel([allBranchesChannel(call.companyId), branchChannel(call.branchId)])
    .filter((connection: RealTimeConnection) => connectionMay(connection, 'onlinepbx-incoming-call', 'view'))
  const settings = await companySettingsFor(app.get('db'), call.companyId, context?.params)
  if (!settings.phoneProtection) return audience.send(call)
  const seesPhones = (connection: RealTimeConnection) => connectionMay(connection, 'customer-phone', 'seeAll')
  return [audience.filter(seesPhones).send(call), audience.filter((connection) => !seesPhones(connection)).send(hidePhones(callPath, call as never))]
}

/**
 * `calls` (issue 20, items 4 and 5; docs/decisions/telephony-onlinepbx.md): the call log. Rows come
 * from the PBX (webhooks and the history reconciliation: call-intake.ts); `create` is
 * click-to-call: OnlinePBX rings the member's extension, then the patient. Reading needs
 * `onlinepbx-incoming-call: view` (the caller's branches' calls; a patient's, while the caller sees
 * the patient), calling `onlinepbx-incoming-call: create`. Numbers follow phone protection.
 * Recordings: GET /calls/<id>/recording (server/src/http/telephony-routes.ts).
 */
export function calls(app: Application) {
  registerService(app, callPath, new CallService({ ...callServiceOptions(app), scope: callScope }, callRowShape), {
    methods: [...callMethods],
    tables: [CALLS_TABLE, CALL_EVENTS_TABLE],
    customerRows: [{ table: CALLS_TABLE, column: 'customerId' }],
    protectedPhones: ['phone'],
    access: {
      data: { create: callDataSchema },
      methods: { find: { resource: 'onlinepbx-incoming-call', flag: 'view' }, get: { resource: 'onlinepbx-incoming-call', flag: 'view' }, create: { resource: 'onlinepbx-incoming-call', flag: 'create' } },
      refuses: {
        update: 'the PBX tells how a call went; nobody rewrites it',
        patch: 'the PBX tells how a call went; nobody rewrites it',
        remove: 'the call log keeps every call'
      }
    },
    // The PBX is asked to dial before the write transaction opens.
    prepare: {
      create: async (context) => {
        await schemaHooks.validateData(callDataValidator)(context)
        await dialPatient(app, context.data as CallData, context.params as CallParams)
      }
    },
    hooks: {
      around: { all: [resolveExternal(callExternalResolver), resolveResult(callResolver)] },
      before: {
        all: [checkId(), schemaHooks.validateQuery(callQueryValidator), companyScope],
        find: [callBranchScope, findScope],
        get: [callBranchScope],
        create: [schemaHooks.validateData(callDataValidator)]
      }
    },
    publish: publishCall(app)
  })
}
