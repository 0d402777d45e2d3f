import { BadRequest, NotFound } from '@feathersjs/errors'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { dbOf, inCallTransaction } from '../../../hooks/call-transaction'
import { newId, now } from '../../../hooks/ids'
import { visibleCustomer } from '../../../hooks/customer-visibility'
import { assertWorksIn } from '../../../access/branch-scope'
import { RowCodec } from '../../row-codec'
import { companySettingsFor, companyTimeZoneFor } from '../../company/company/company-reads'
import { todayIn } from '../../customers/customers/customer-rules'
import { isFdiTooth } from '../../../../../domain/clinical/teeth'
import { isXrayDose, xrayDoses, xrayTypesNeedingTeeth, type XrayType } from '../../../../../domain/clinical/xrays'
import { XRAYS_TABLE, xrayRowShape, type Xray, type XrayData, type XrayPatch } from './xrays.class'

const codec = new RowCodec(xrayRowShape)
const fail = (code: Parameters<typeof clinicError>[1], path: string) => clinicError(BadRequest, code, path)

const companyOf = (context: HookContext, data?: { companyId?: string }) =>
  context.params.identity?.user.companyId ?? data?.companyId ?? (context.params.query as { companyId?: string } | undefined)?.companyId ?? ''
const callerId = (context: HookContext) => context.params.identity?.user._id ?? null

/** What the rules check of an X-ray, as it will be stored. */
type Contents = Pick<Xray, 'type' | 'date' | 'dose' | 'quantity' | 'teeth' | 'appointmentId'>

interface Visit {
  _id: string
  branchId: string
  customerId: string | null
}

/** Teeth as stored: FDI teeth only (the first other one named at its index, as sent), each once, ascending. */
function storedTeeth(teeth: readonly number[]): number[] {
  teeth.forEach((tooth, index) => {
    if (!isFdiTooth(tooth)) throw fail('tooth-unknown', `teeth.${index}`)
  })
  return [...new Set(teeth)].sort((a, b) => a - b)
}

/**
 * The rules of an X-ray's contents: a known type's teeth where it needs them ("Teeth not
 * selected"), FDI teeth only, a dose within its limits, a day not after the company's today,
 * and a visit of this patient (read as the caller, so the appointment's own rules decide).
 */
async function checkContents(context: HookContext, contents: Contents, customerId: string, companyId: string): Promise<Visit | null> {
  if (contents.teeth.length === 0 && xrayTypesNeedingTeeth.includes(contents.type)) throw fail('teeth-not-selected', 'teeth')
  if (!isXrayDose(contents.dose)) throw fail('xray-dose-range', 'dose')
  const today = todayIn(await companyTimeZoneFor(context.app.get('db'), companyId, context.params))
  if (contents.date > today) throw fail('xray-date-in-future', 'date')
  if (!contents.appointmentId) return null
  const visit = (await context.app
    .service('appointment')
    .get(contents.appointmentId, { ...inCallTransaction(context.params), query: { companyId } })
    .catch(() => null)) as Visit | null
  if (!visit || visit.customerId !== customerId) throw fail('invalid-reference', 'appointmentId')
  return visit
}

/** A branch named by the call is one the caller works in. */
function checkBranch(context: HookContext, branchId: string | undefined) {
  const identity = context.params.identity
  if (context.params.provider && identity && branchId !== undefined) assertWorksIn(identity, branchId)
}

/** The company's default dose of one exposure of a type (its settings over the shipped defaults). */
async function defaultDose(context: HookContext, companyId: string, type: XrayType): Promise<number> {
  const settings = await companySettingsFor(context.app.get('db'), companyId, context.params)
  return xrayDoses(settings.xrayDoses as Record<string, unknown> | undefined)[type]
}

/**
 * Before create: the patient is one the caller sees; the row is written whole. Defaults: the
 * company's today, the company's dose for the type, one exposure, the caller as doctor, the
 * branch given (one of the caller's), else the visit's, else the patient's.
 */
export async function prepareXrayCreate(context: HookContext) {
  const data = context.data as XrayData & { companyId?: string }
  const companyId = companyOf(context, data)
  const customer = await visibleCustomer(context, data.customerId)
  checkBranch(context, data.branchId)
  const today = todayIn(await companyTimeZoneFor(context.app.get('db'), companyId, context.params))
  const contents: Contents = {
    type: data.type,
    date: data.date ?? today,
    dose: data.dose ?? (await defaultDose(context, companyId, data.type)),
    quantity: data.quantity ?? 1,
    teeth: storedTeeth(data.teeth ?? []),
    appointmentId: data.appointmentId ?? null
  }
  const visit = await checkContents(context, contents, customer._id, companyId)
  const doctorId = data.doctorId ?? callerId(context)
  if (!doctorId) throw fail('field-required', 'doctorId')
  const stamp = now()
  context.data = {
    _id: newId(),
    companyId,
    createdAt: stamp,
    updatedAt: stamp,
    createdBy: callerId(context),
    branchId: data.branchId ?? visit?.branchId ?? customer.branchId,
    customerId: customer._id,
    doctorId,
    ...contents,
    findings: data.findings?.trim() ?? ''
  } satisfies Xray
}

/** The stored X-ray a patch is about (tenancy and visibility were checked before). */
async function storedXray(context: HookContext, companyId: string): Promise<Xray> {
  const row = await dbOf(context.app, context.params)(XRAYS_TABLE).where({ _id: String(context.id), companyId }).first()
  if (!row) throw clinicError(NotFound, 'not-found')
  return codec.fromDb<Xray>(row)
}

/**
 * Before patch: the fields given, checked merged with the stored ones (an intraoral X-ray keeps
 * its teeth; a type changed keeps the dose unless one is given); findings trimmed.
 */
export async function prepareXrayPatch(context: HookContext) {
  const companyId = companyOf(context)
  const stored = await storedXray(context, companyId)
  const data = context.data as XrayPatch
  checkBranch(context, data.branchId)
  const contents: Contents = {
    type: data.type ?? stored.type,
    date: data.date ?? stored.date,
    dose: data.dose ?? stored.dose,
    quantity: data.quantity ?? stored.quantity,
    teeth: data.teeth ? storedTeeth(data.teeth) : stored.teeth,
    appointmentId: data.appointmentId !== undefined ? data.appointmentId : stored.appointmentId
  }
  await checkContents(context, contents, stored.customerId, companyId)
  const changes: Partial<Xray> = {}
  for (const key of Object.keys(data) as (keyof XrayPatch)[]) {
    if (key in contents) (changes as Record<string, unknown>)[key] = contents[key as keyof Contents]
    else (changes as Record<string, unknown>)[key] = data[key]
  }
  if (typeof changes.findings === 'string') changes.findings = changes.findings.trim()
  changes.updatedAt = now()
  context.data = changes
}
