import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import { patientAudience } from '../../customers/customers/patient-audience'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { findOfVisibleCustomer, ofVisibleCustomer } from '../../../hooks/customer-visibility'
import { checkId } from '../../../hooks/check-id'
import { logRead } from '../../../hooks/activity-log'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import type { RecordScope } from '../../../access/record-scope'
import { XRAYS_TABLE, XrayService, xrayRowShape, xrayServiceOptions, type Xray } from './xrays.class'
import { xrayDataSchema, xrayDataValidator, xrayExternalResolver, xrayPatchSchema, xrayPatchValidator, xrayQueryValidator, xrayResolver } from './xrays.schema'
import { xraysMethods, xraysPath } from './xrays.shared'
import { prepareXrayCreate, prepareXrayPatch } from './xray-rules'

declare module '../../../declarations' {
  interface ServiceTypes {
    [xraysPath]: XrayService
  }
}

/**
 * An X-ray is clinical: its events reach only connections whose role may view `xrays` (and
 * customers) and that see the patient (the patient's branch, or the whole company when branches
 * see all customers). A receptionist never hears of one.
 */
const publishXray = (app: Application) => (data: unknown, context?: HookContext) => patientAudience(app, data as Xray, 'xrays', context)

/**
 * Every get and find of X-rays by a person is in the activity log, as exams are: who read which
 * X-rays of which patient, one row per call. A find that found nothing read nothing (a find
 * with `$limit: 0` for the dose totals alone read the totals: logged with no ids).
 */
async function logXrayRead(context: HookContext) {
  const result = context.result as unknown as Xray | { data: Xray[]; doseTotals?: unknown } | Xray[]
  const page = context.method === 'get' || Array.isArray(result) ? null : (result as { data: Xray[]; doseTotals?: unknown })
  const xrays: Xray[] = context.method === 'get' ? [result as Xray] : page ? page.data : (result as Xray[])
  const totals = page?.doseTotals !== undefined && page !== null
  if (xrays.length === 0 && !totals) return
  const customerIds = [...new Set(xrays.map((xray) => xray.customerId))]
  const queried = (context.params.query as { customerId?: unknown } | undefined)?.customerId
  const customerId = customerIds.length === 1 ? customerIds[0] : customerIds.length === 0 && typeof queried === 'string' ? queried : null
  await logRead(context, {
    recordId: context.method === 'get' ? xrays[0]._id : null,
    changes: { customerId, xrayIds: xrays.map((xray) => xray._id), ...(totals ? { doseTotals: true } : {}) }
  })
}

/** The log of writes names the action, the patient and the type, never the findings. */
function xrayActivity(context: HookContext, result: Record<string, unknown>) {
  const xray = result as Xray
  return { action: context.method, service: xraysPath, customerId: xray.customerId, type: xray.type }
}

/** Who sees which X-rays: those who see their patient (and may view `xrays`: access). */
const xrayScope: RecordScope = { customer: { field: 'customerId' } }

/**
 * `xrays`: a patient's X-ray records (issue 15, item 4; docs/decisions/clinical-xrays.md): type,
 * dose of one exposure (0.1 µSv) and exposures, teeth, day, doctor, findings. A find with
 * `$doseTotals` carries the patient's yearly dose. Images are the media service's (owner `xray`).
 */
export function xrays(app: Application) {
  registerService(app, xraysPath, new XrayService({ ...xrayServiceOptions(app), scope: xrayScope }, xrayRowShape), {
    methods: [...xraysMethods],
    tables: [XRAYS_TABLE],
    customerRows: [{ table: XRAYS_TABLE, column: 'customerId' }],
    activity: { changes: xrayActivity },
    access: {
      data: { create: xrayDataSchema, patch: xrayPatchSchema },
      methods: standardAccess('xrays'),
      refuses: { update: 'an X-ray is corrected field by field (patch): a whole replacement from a stale form would undo a colleague\'s change' },
      module: 'treatment'
    },
    hooks: {
      around: {
        all: [resolveExternal(xrayExternalResolver), resolveResult(xrayResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(xrayQueryValidator), companyScope],
        // Newest first; X-rays of one day in the order they were written.
        find: [findOfVisibleCustomer({ date: -1, createdAt: 1, _id: 1 })],
        get: [ofVisibleCustomer],
        create: [schemaHooks.validateData(xrayDataValidator), prepareXrayCreate],
        patch: [ofVisibleCustomer, schemaHooks.validateData(xrayPatchValidator), prepareXrayPatch],
        remove: [ofVisibleCustomer]
      },
      after: {
        find: [logXrayRead],
        get: [logXrayRead]
      }
    },
    publish: publishXray(app)
  })
}
