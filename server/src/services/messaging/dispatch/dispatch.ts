import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { companyChannel, connectionMay } from '../../../channels'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { DispatchService, DISPATCHES_TABLE, DISPATCH_OPT_OUTS_TABLE, dispatchRowShape, dispatchServiceOptions } from './dispatch.class'
import {
  dispatchDataResolver,
  dispatchDataSchema,
  dispatchDataValidator,
  dispatchExternalResolver,
  dispatchPatchResolver,
  dispatchPatchSchema,
  dispatchPatchValidator,
  dispatchQueryValidator,
  dispatchResolver
} from './dispatch.schema'
import { dispatchCreateRules, dispatchPatchRules, dispatchRemoveRules } from './dispatch-rules'
import { dispatchMethods, dispatchPath } from './dispatch.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [dispatchPath]: DispatchService
  }
}

/** Newest first unless the caller sorts. */
function newestFirst(context: HookContext) {
  const query = context.params.query ?? {}
  if (!query.$sort) context.params.query = { ...query, $sort: { createdAt: -1, _id: -1 } }
}

/**
 * `dispatch`: broadcasts to patients (issue 18, items 5 and 6; docs/decisions/messaging.md
 * "Dispatch"). Company records under the `notifications` permission (spec section 6: the
 * messaging settings' resource). A draft is edited freely; scheduled, the runner
 * (server/src/jobs/dispatch-runner.ts) counts its audience, writes its outbox rows a page at a
 * time and keeps `progress` live (a `patched` event per change); cancelled, its messages not yet
 * taken are withdrawn. Its per-recipient results and the preview are `dispatcher`.
 */
export function dispatch(app: Application) {
  registerService(app, dispatchPath, new DispatchService(dispatchServiceOptions(app), dispatchRowShape), {
    methods: [...dispatchMethods],
    tables: [DISPATCHES_TABLE, DISPATCH_OPT_OUTS_TABLE],
    customerRows: [{ table: DISPATCH_OPT_OUTS_TABLE, column: 'customerId' }],
    access: {
      data: { create: dispatchDataSchema, patch: dispatchPatchSchema },
      methods: standardAccess('notifications'),
      refuses: { update: 'a draft is edited by patch; a broadcast under way only changes state' }
    },
    hooks: {
      around: { all: [resolveExternal(dispatchExternalResolver), resolveResult(dispatchResolver)] },
      before: {
        all: [checkId(), schemaHooks.validateQuery(dispatchQueryValidator), companyScope],
        find: [newestFirst],
        create: [schemaHooks.validateData(dispatchDataValidator), dispatchCreateRules, schemaHooks.resolveData(dispatchDataResolver)],
        patch: [schemaHooks.validateData(dispatchPatchValidator), dispatchPatchRules, schemaHooks.resolveData(dispatchPatchResolver)],
        remove: [dispatchRemoveRules]
      }
    },
    publish: (data: unknown) => app.channel(companyChannel(String((data as { companyId: string }).companyId))).filter((connection) => connectionMay(connection, 'notifications', 'view'))
  })
}
