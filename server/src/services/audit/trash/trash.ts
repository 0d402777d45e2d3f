import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { companyChannel, connectionViewer } from '../../../channels'
import { viewerOf } from '../../../access/record-scope'
import { companySettings } from '../../company/company/company-reads'
import { TrashService, trashRowShape, trashServiceOptions } from './trash.class'
import { trashExternalResolver, trashPatchValidator, trashQueryValidator, trashResolver, trashPatchSchema } from './trash.schema'
import { followedCustomerBranch, mayViewTrashItem, trashResource } from './trash-access'
import type { TrashRow } from './trash-rows'
import { trashMethods, trashPath, type TrashSummary } from './trash.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [trashPath]: TrashService
  }
}

/** A person's calls cover only the items they may view: each within its own service's scope. */
async function visibleItemsOnly(context: HookContext) {
  const identity = context.params.identity
  if (!context.params.provider || !identity) return
  context.params.trashViewer = viewerOf(identity)
}

async function newestFirst(context: HookContext) {
  const query = context.params.query ?? {}
  if (!query.$sort) context.params.query = { ...query, $sort: { deletedAt: -1, _id: -1 } }
}

/** A restored item leaves the trash: lists hear `removed`, as after a permanent delete. */
async function restoredLeavesTrash(context: HookContext) {
  context.event = 'removed'
}

const summaryOf = (item: TrashRow): TrashSummary => ({
  _id: item._id,
  companyId: item.companyId,
  branchId: item.branchId,
  ownerId: item.ownerId,
  customerId: item.customerId,
  service: item.service,
  recordId: item.recordId,
  title: item.title,
  deletedBy: item.deletedBy,
  deletedAt: item.deletedAt,
  resource: trashResource(item.service)
})

/**
 * `trash`: removed records of every record service (issue 4, item 4). Every method needs a
 * signed-in person; then each item needs a flag on its own resource (the one its service's
 * remove names): view to see it, create to restore it, delete to delete it for good.
 */
export function trash(app: Application) {
  registerService(app, trashPath, new TrashService(trashServiceOptions(app), trashRowShape), {
    methods: [...trashMethods],
    tables: ['trash'],
    // A restore (patch) or a permanent delete (remove) names what came back or went.
    activity: {
      changes: (context, item) => ({ action: context.method === 'patch' ? 'restore' : 'purge', service: item.service, recordId: item.recordId, title: item.title })
    },
    access: {
      refuses: { update: 'a removed record is restored exactly or deleted for good, never rewritten' }, data: { patch: trashPatchSchema },
      methods: {
        find: { signedIn: true, item: 'view' },
        get: { signedIn: true, item: 'view' },
        patch: { signedIn: true, item: 'create' },
        remove: { signedIn: true, item: 'delete' }
      }
    },
    hooks: {
      around: {
        all: [
          resolveExternal(trashExternalResolver),
          resolveResult(trashResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(trashQueryValidator), companyScope, visibleItemsOnly],
        find: [newestFirst],
        patch: [schemaHooks.validateData(trashPatchValidator)]
      },
      after: {
        patch: [restoredLeavesTrash]
      }
    },
    // Items go to the company's people who may see them (mayViewTrashItem), as summaries without the record.
    publish: async (data) => {
    const item = data as TrashRow
    const settings = await companySettings(app.get('db'), item.companyId) // the company's now: the trash event has no caller
    const customerBranch = await followedCustomerBranch(app, item)
    return app
      .channel(companyChannel(item.companyId))
      .filter((connection) => {
        const viewer = connectionViewer(connection, settings)
        return viewer !== null && mayViewTrashItem(app, viewer, item, customerBranch)
      })
      .send(summaryOf(item))
  }
  })
}

