import { BadRequest, Conflict, Forbidden } from '@feathersjs/errors'
import type { HookContext } from '../../../declarations'
import { asCaller } from '../../../access/caller'
import { clinicError } from '../../../errors'
import { dbOf } from '../../../hooks/call-transaction'
import { newId, now } from '../../../hooks/ids'
import { visibleCustomer } from '../../../hooks/customer-visibility'
import { hasPermission } from '../../../../../domain/access/check'
import { lineTeethProblem, type LineTooth } from '../../../../../domain/clinical/treatments-done'
import { sortSurfaces, type Surface } from '../../../../../domain/clinical/surfaces'
import { serviceSnapshot, type ServiceSnapshot } from '../../catalogue/service/service-rows'
import { visibleCodes } from '../icd/icd-rules'
import { completePlanItem, reopenPlanItem } from '../treatment-plan/plan-items'
import { companySettingsFor } from '../../company/company/company-reads'
import { hasSignedConsent } from '../../documents/documents/consent-reads'
import { consentNeededFor } from '../../../../../domain/documents/consent'
import { TREATMENT_TABLE, searchNameOf, treatmentCodec } from './treatment-rows'
import { seesDiagnosis, type TreatmentLine, type TreatmentLineData, type TreatmentLinePatch } from './treatment.schema'

const companyOf = (context: HookContext, data?: { companyId?: string }) => context.params.identity?.user.companyId ?? data?.companyId ?? ''

/** Teeth as stored: each tooth's surfaces in chart order (none: the whole tooth). */
function storedTeeth(teeth: readonly LineTooth[]): TreatmentLine['teeth'] {
  return teeth.map((entry) => ({ tooth: entry.tooth, surfaces: sortSurfaces((entry.surfaces ?? []) as Surface[]) }))
}

function checkTeeth(teeth: readonly LineTooth[] | undefined) {
  const problem = teeth ? lineTeethProblem(teeth) : null
  if (problem) throw clinicError(BadRequest, problem.code === 'tooth-repeated' ? 'invalid-request' : problem.code, problem.path)
}

/**
 * A diagnosis is written only by someone who may read one (`exam` view: a role that cannot see
 * it would otherwise overwrite what it cannot see), and must be an ICD-10 code the company has.
 */
async function checkDiagnosis(context: HookContext, icdCode: string | null | undefined, companyId: string) {
  if (icdCode === undefined) return
  if (!seesDiagnosis(context)) throw clinicError(Forbidden, 'forbidden', 'icdCode')
  if (icdCode === null) return
  const found = await visibleCodes(dbOf(context.app, context.params), companyId, 'ICD-10').where({ code: icdCode }).first('code')
  if (!found) throw clinicError(BadRequest, 'icd-code-unknown', 'icdCode')
}

/**
 * A price other than the catalogue's: only by someone who may edit treatment lines, and never
 * on a service whose price is fixed (`staticPrice`).
 */
function checkPrice(context: HookContext, price: number | undefined, listPrice: number, service: ServiceSnapshot | undefined) {
  if (price === undefined || price === listPrice) return
  if (context.params.provider && !hasPermission(context.params.identity?.role.permissions, 'treatment', 'edit')) throw clinicError(Forbidden, 'forbidden', 'price')
  if (service?.staticPrice) throw clinicError(BadRequest, 'treatment-price-fixed', 'price')
}

/**
 * A service marked "requires consent" is done (a line written, a plan item completed through it)
 * only for a patient with a signed consent for that service, while the company's setting is on
 * (docs/decisions/documents-consent-required.md). Read in the call's transaction.
 */
async function checkConsent(context: HookContext, service: ServiceSnapshot, companyId: string, customerId: string, serviceId: string) {
  if (!service.requiresConsent) return
  const db = dbOf(context.app, context.params)
  if (!consentNeededFor(service, await companySettingsFor(db, companyId, context.params))) return
  if (!(await hasSignedConsent(db, companyId, customerId, serviceId))) throw clinicError(Conflict, 'treatment-consent-required', 'serviceId')
}

interface Visit {
  _id: string
  branchId: string
  customerId: string | null
  staffId: string
  date: string
}

/**
 * The visit, read through the appointment service as the caller (so its rules decide: the
 * caller's branches, a doctor without seeAll only their own visits); it must be this patient's.
 */
async function visitOf(context: HookContext, appointmentId: string, customerId: string, companyId: string): Promise<Visit> {
  const params = asCaller(context.params)
  const visit = (await context.app.service('appointment').get(appointmentId, { ...params, query: { ...(params.query ?? {}), companyId } })) as Visit
  if (visit.customerId !== customerId) throw clinicError(BadRequest, 'treatment-visit-other-patient', 'appointmentId')
  return visit
}

/**
 * Create: the patient is one the caller sees, the visit is theirs, teeth and surfaces are valid,
 * and the line is written whole: the catalogue's snapshot (name, code, price, duration), the
 * visit's branch, day and doctor, and its price in minor units.
 */
export async function prepareLine(context: HookContext) {
  const data = context.data as TreatmentLineData & { companyId?: string }
  const companyId = companyOf(context, data)
  await visibleCustomer(context, data.customerId)
  const visit = await visitOf(context, data.appointmentId, data.customerId, companyId)
  checkTeeth(data.teeth)
  await checkDiagnosis(context, data.icdCode, companyId)
  const service = await serviceSnapshot(dbOf(context.app, context.params), companyId, data.serviceId)
  if (!service) throw clinicError(BadRequest, 'invalid-reference', 'serviceId')
  checkPrice(context, data.price, service.price, service)
  await checkConsent(context, service, companyId, data.customerId, data.serviceId)
  const stamp = now()
  const line: TreatmentLine & { searchName: string } = {
    _id: newId(),
    companyId,
    createdAt: stamp,
    updatedAt: stamp,
    createdBy: context.params.identity?.user._id ?? null,
    branchId: visit.branchId,
    customerId: data.customerId,
    appointmentId: visit._id,
    visitDate: visit.date,
    teeth: storedTeeth(data.teeth ?? []),
    serviceId: data.serviceId,
    serviceName: service.name,
    serviceCode: service.code,
    serviceDuration: service.duration,
    listPrice: service.price,
    quantity: data.quantity ?? 1,
    price: data.price ?? service.price,
    icdCode: data.icdCode ?? null,
    doctorId: data.doctorId ?? visit.staffId,
    assistantId: data.assistantId ?? null,
    materials: data.materials?.trim() ?? '',
    invoiceId: null,
    planItemId: data.planItemId ?? null,
    searchName: searchNameOf(service.name)
  }
  // The plan item it completes, in this call's transaction (a refusal writes neither).
  if (line.planItemId) await completePlanItem(context.app, context.params, { companyId, customerId: line.customerId, planItemId: line.planItemId, treatmentId: line._id })
  context.data = line
}

/** The stored line a patch or remove is about (tenancy and visibility were checked before). */
async function storedLine(context: HookContext): Promise<TreatmentLine | undefined> {
  const query = context.params.query as { companyId?: string } | undefined
  const row = await dbOf(context.app, context.params)(TREATMENT_TABLE).where({ _id: String(context.id), ...(query?.companyId ? { companyId: query.companyId } : {}) }).first()
  return row ? treatmentCodec.fromDb<TreatmentLine>(row) : undefined
}

/**
 * A line billed (on an invoice) is not changed or removed: the invoice is corrected instead. A
 * line removed reopens the plan item it completed, in the same transaction.
 */
export async function refuseBilled(context: HookContext) {
  const line = await storedLine(context)
  if (line?.invoiceId) throw clinicError(Conflict, 'treatment-billed')
  if (line?.planItemId) await reopenPlanItem(context.app, context.params, { companyId: line.companyId, customerId: line.customerId, planItemId: line.planItemId, treatmentId: line._id })
}

/** Patch: not billed; teeth, diagnosis and price checked as on create; texts trimmed. */
export async function preparePatch(context: HookContext) {
  const line = await storedLine(context)
  if (!line) return
  if (line.invoiceId) throw clinicError(Conflict, 'treatment-billed')
  const data = { ...(context.data as TreatmentLinePatch) } as Record<string, unknown>
  checkTeeth(data.teeth as LineTooth[] | undefined)
  await checkDiagnosis(context, data.icdCode as string | null | undefined, line.companyId)
  if (data.price !== undefined && data.price !== line.price) {
    checkPrice(context, data.price as number, line.listPrice, await serviceSnapshot(dbOf(context.app, context.params), line.companyId, line.serviceId))
  }
  if (data.teeth) data.teeth = storedTeeth(data.teeth as LineTooth[])
  if (typeof data.materials === 'string') data.materials = data.materials.trim()
  data.updatedAt = now()
  context.data = data
}
