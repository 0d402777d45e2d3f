import { BadRequest, MethodNotAllowed } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import { patientAudience } from '../customers/patient-audience'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { seesWholeCompany } from '../../../access/identity'
import { satisfiesBranchCondition } from '../../../access/branch-scope'
import { checkId } from '../../../hooks/check-id'
import { inCallTransaction } from '../../../hooks/call-transaction'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import type { RecordScope } from '../../../access/record-scope'
import { MEDIA_TABLE, MediaService, mediaRowShape, mediaServiceOptions, type Media } from './media.class'
import {
  mediaDataResolver,
  mediaDataSchema,
  mediaDataValidator,
  mediaExternalResolver,
  mediaPatchResolver,
  mediaPatchSchema,
  mediaPatchValidator,
  mediaQueryValidator,
  mediaResolver
} from './media.schema'
import { mediaMethods, mediaPath } from './media.shared'
import { mediaFlag, mediaOwnerAccess, mediaOwnerResource, visiblePatientOwnerTypes } from './media-owner'
import { purgeContent, purgeFilesOf } from './media-files'
import { clinicError } from '../../../errors'
import { publishToBranchWhoMay } from '../../../channels'
import { customerScope } from '../customers/customer-branches'
import { visibleBranches, viewerOf } from '../../../access/record-scope'
import { expensePath } from '../../billing/expense/expense.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [mediaPath]: MediaService
  }
}

/**
 * Who hears of a file: those who see its patient and may view its owner's resource; an expense's
 * file (no patient): the expense's branch's people who may view expenses.
 */
const publishMedia = (app: Application) => (data: unknown, context?: HookContext) => {
  const media = data as Media
  const resource = mediaOwnerResource[media.ownerType]
  if (media.customerId === null) return publishToBranchWhoMay(app, resource)(media)
  return patientAudience(app, { ...media, customerId: media.customerId }, resource, context)
}

/**
 * A removed file follows its patient in the trash (the trash's items of media need `company`);
 * an expense's file (no patient) is judged there as an expense is: view on `expense`, within
 * the expense's branch (stored on the file).
 */
const mediaScope: RecordScope = { customer: { field: 'customerId', without: { service: expensePath } } }

/**
 * External find: an expense's files (`ownerType: 'expense'` and its `ownerId`, the expense read
 * through its service as the caller: view on `expense`, its company and branch); else only
 * patient owner types the caller may view, and only files of patients the caller sees: one
 * named patient (checked through the customers service), or, for the company list, the patients
 * of the caller's branches unless they see every patient. So an expense's file is never in a
 * patient's or the company's list, and a patient's never in an expense's.
 */
async function scopeMediaFind(context: HookContext) {
  if (!context.params.provider) return
  const query = { ...((context.params.query ?? {}) as Record<string, unknown>) }
  if (query.ownerType === 'expense') {
    if (typeof query.ownerId !== 'string') throw clinicError(BadRequest, 'media-owner-invalid', 'ownerId')
    await mediaOwnerAccess(context.app, context.params, 'expense', query.ownerId, 'view')
    if (!query.$sort) query.$sort = { createdAt: -1, _id: -1 }
    context.params.query = { ...query, customerId: null }
    return
  }
  const allowed = visiblePatientOwnerTypes(context.params).filter((type) => satisfiesBranchCondition(type, query.ownerType as never))
  query.ownerType = { $in: allowed }
  if (!query.$sort) query.$sort = { createdAt: -1, _id: -1 }
  context.params.query = query
  if (typeof query.customerId === 'string') {
    await context.app.service('customers').get(query.customerId, { ...inCallTransaction(context.params), provider: context.params.provider, identity: context.params.identity, authenticated: true })
    return
  }
  const identity = context.params.identity!
  const branches = visibleBranches(customerScope, viewerOf(identity))
  if (branches === null || seesWholeCompany(identity.role.permissions)) return
  // The patients of the caller's branches, as they are now (a file follows its patient's moves).
  const service = context.service as MediaService
  const builder = service.createQuery(context.params as never)
  const companyId = identity.user.companyId
  builder.whereIn(`${MEDIA_TABLE}.customerId`, (sub) => sub.select('_id').from('customers').where({ companyId }).whereIn('branchId', branches))
  context.params.knex = builder
}

/**
 * get/patch/remove by id: the file (within the caller's company), then the owner's access rule
 * for the method (media-owner.ts). Another company's file, or one of a patient the caller may
 * not see, is NotFound.
 */
async function ofAllowedOwner(context: HookContext) {
  if (!context.params.provider) return
  const media = (await context.service.get(context.id!, { ...inCallTransaction(context.params), query: { companyId: context.params.query?.companyId } })) as Media
  await mediaOwnerAccess(context.app, context.params, media.ownerType, media.ownerId, mediaFlag(context.method))
}

/**
 * create: only the upload route makes files (provider `rest`, which no socket has): the owner's
 * rule (edit), and the patient and branch come from the owner, never from the data.
 */
function onlyFromUploadRoute(context: HookContext) {
  if (context.params.provider && context.params.provider !== 'rest') throw new MethodNotAllowed('Files are uploaded through POST /media/upload', { code: 'invalid-request' })
}

async function prepareMediaCreate(context: HookContext) {
  if (!context.params.provider) return
  const data = context.data as Media
  const owner = await mediaOwnerAccess(context.app, context.params, data.ownerType, data.ownerId, 'edit')
  context.data = { ...data, customerId: owner.customerId, branchId: owner.branchId }
}

/**
 * The log names the action, the file and the patient, not its contents: an action entry (as the
 * X-rays' writes), so the log reads "added the file «title»" instead of the record's fields.
 */
function mediaActivity(context: HookContext, result: Record<string, unknown>) {
  const media = result as Media
  return { action: context.method, service: mediaPath, ...(media.customerId ? { customerId: media.customerId } : {}), title: media.title }
}

/**
 * `media`: files attached to a patient, an X-ray, an exam, a plan or an expense (docs/decisions/media.md).
 * Bytes arrive and leave over plain HTTP (server/src/http/media-routes.ts); this service holds
 * what they are and whose. Removing moves a file to the trash; deleting it there for good
 * removes its bytes once no other file of the company shares them.
 */
export function media(app: Application) {
  registerService(app, mediaPath, new MediaService({ ...mediaServiceOptions(app), scope: mediaScope }, mediaRowShape), {
    // create is offered to the upload route only (provider `rest`); a socket's create is refused by prepareMediaCreate.
    methods: [...mediaMethods, 'create'],
    tables: [MEDIA_TABLE],
    customerRows: [{ table: MEDIA_TABLE, column: 'customerId' }],
    // A patient's own files name the patient as their owner too.
    mergeCustomer: async (trx, { fromId, toId, companyId }) => {
      await trx(MEDIA_TABLE).where({ companyId, ownerType: 'customers', ownerId: fromId }).update({ ownerId: toId })
    },
    activity: { changes: mediaActivity },
    afterPurge: async (purgeApp, item) => {
      await purgeContent(purgeApp, purgeApp.get('db'), item.companyId, String(item.record.hash ?? ''))
    },
    access: {
      data: { create: mediaDataSchema, patch: mediaPatchSchema },
      // Each method's rule is its owner's (media-owner.ts), checked by the hooks below.
      methods: { find: { signedIn: true }, get: { signedIn: true }, create: { signedIn: true }, patch: { signedIn: true }, remove: { signedIn: true } },
      refuses: { update: 'a file is replaced by uploading a new one; only its title is patched' }
    },
    hooks: {
      around: {
        all: [resolveExternal(mediaExternalResolver), resolveResult(mediaResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(mediaQueryValidator), companyScope],
        find: [scopeMediaFind],
        get: [ofAllowedOwner],
        create: [onlyFromUploadRoute, schemaHooks.validateData(mediaDataValidator), prepareMediaCreate, schemaHooks.resolveData(mediaDataResolver)],
        patch: [ofAllowedOwner, schemaHooks.validateData(mediaPatchValidator), schemaHooks.resolveData(mediaPatchResolver)],
        remove: [ofAllowedOwner]
      }
    },
    publish: publishMedia(app)
  })
  // A patient or an expense deleted for good: their files go too (media-files.ts).
  app.service('trash').on('removed', (item: { service: string; companyId: string; recordId: string }) => {
    const whose = item.service === 'customers' ? { customerId: item.recordId } : item.service === 'expense' ? { ownerType: 'expense' as const, ownerId: item.recordId } : null
    if (!whose) return
    purgeFilesOf(app, item.companyId, whose).catch((error: unknown) => app.get('logger').error({ msg: `purging the files of a ${item.service} record failed`, err: error }))
  })
}
