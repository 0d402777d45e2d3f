import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { HookContext } from '../../../declarations'
import { asCaller } from '../../../access/caller'
import { clinicError } from '../../../errors'
import { dbOf } from '../../../hooks/call-transaction'
import { newId, now } from '../../../hooks/ids'
import { visibleCustomer } from '../../../hooks/customer-visibility'
import { lineTeethProblem } from '../../../../../domain/clinical/treatments-done'
import { sortSurfaces, type Surface } from '../../../../../domain/clinical/surfaces'
import {
  acceptChoices, afterAction, editable, mayAct, planProgress, pricesOutdated, shownStatus, completable, type PlanAction
} from '../../../../../domain/clinical/treatment-plans'
import type { MessageCode } from '../../../../../domain/messages'
import { serviceSnapshot, type ServiceSnapshot } from '../../catalogue/service/service-rows'
import { companyTimeZoneFor } from '../../company/company/company-reads'
import { todayIn } from '../../customers/customers/customer-rules'
import { planForUpdate, storedColumns, type StoredPlan } from './treatment-plan-rows'
import type { PlanItem, PlanPhase, TreatmentPlanData, TreatmentPlanPatch } from './treatment-plan.schema'

type ItemInput = NonNullable<TreatmentPlanData['phases']>[number]['items'][number]
type PhaseInput = NonNullable<TreatmentPlanData['phases']>[number]

const companyOf = (context: HookContext) => context.params.identity?.user.companyId ?? (context.data as { companyId?: string } | undefined)?.companyId ?? ''
const todayOf = async (context: HookContext, companyId: string) => todayIn(await companyTimeZoneFor(context.app.get('db'), companyId, context.params))

/** The catalogue's snapshots of the services named, read once per service. */
async function snapshots(db: Knex, companyId: string, serviceIds: Iterable<string>): Promise<Map<string, ServiceSnapshot>> {
  const found = new Map<string, ServiceSnapshot>()
  for (const serviceId of new Set(serviceIds)) {
    const snapshot = await serviceSnapshot(db, companyId, serviceId)
    if (snapshot) found.set(serviceId, snapshot)
  }
  return found
}

/**
 * The phases as stored from what the client wrote. An item named by `_id` is one the plan holds:
 * it keeps its price snapshot (unless its service changed or a price is given), its status and
 * its treatment. A done item cannot be dropped or changed. New items and phases get new ids and
 * today's catalogue price. Teeth and surfaces are checked as on a treatment line.
 */
async function buildPhases(context: HookContext, companyId: string, input: readonly PhaseInput[], stored: readonly PlanPhase[]): Promise<PlanPhase[]> {
  const storedItems = new Map(stored.flatMap((phase) => phase.items).map((item) => [item._id, item]))
  const storedPhases = new Map(stored.map((phase) => [phase._id, phase]))
  const catalogue = await snapshots(dbOf(context.app, context.params), companyId, input.flatMap((phase) => phase.items.map((item) => item.serviceId)))
  const kept = new Set<string>()
  const phases = input.map((phase, phaseIndex): PlanPhase => {
    const before = phase._id ? storedPhases.get(phase._id) : undefined
    if (phase._id && !before) throw clinicError(BadRequest, 'invalid-request', `phases.${phaseIndex}._id`)
    return {
      _id: before?._id ?? newId(),
      title: phase.title?.trim() ?? before?.title ?? '',
      appointmentId: before?.appointmentId ?? null,
      releasedAppointmentId: before?.releasedAppointmentId ?? null,
      items: phase.items.map((item, itemIndex) => {
        const path = `phases.${phaseIndex}.items.${itemIndex}`
        const previous = item._id ? storedItems.get(item._id) : undefined
        if (item._id && (!previous || kept.has(item._id))) throw clinicError(BadRequest, 'invalid-request', `${path}._id`)
        if (previous) kept.add(previous._id)
        return buildItem(item, previous, catalogue.get(item.serviceId), path)
      })
    }
  })
  for (const item of storedItems.values()) {
    if (item.status === 'done' && !kept.has(item._id)) throw clinicError(Conflict, 'plan-item-done', 'phases')
  }
  return phases
}

function buildItem(input: ItemInput, previous: PlanItem | undefined, service: ServiceSnapshot | undefined, path: string): PlanItem {
  if (!service) throw clinicError(BadRequest, 'invalid-reference', `${path}.serviceId`)
  const teeth = input.teeth ?? previous?.teeth ?? []
  const problem = lineTeethProblem(teeth)
  if (problem) throw clinicError(BadRequest, problem.code === 'tooth-repeated' ? 'invalid-request' : problem.code, `${path}.${problem.path}`)
  const sameService = previous?.serviceId === input.serviceId
  if (previous?.status === 'done') {
    // Done: what was done stays as it was.
    return previous
  }
  const catalogue = sameService ? previous!.price : service.price
  if (input.price !== undefined && input.price !== catalogue && service.staticPrice) throw clinicError(BadRequest, 'treatment-price-fixed', `${path}.price`)
  return {
    _id: previous?._id ?? newId(),
    teeth: teeth.map((entry) => ({ tooth: entry.tooth, surfaces: sortSurfaces((entry.surfaces ?? []) as Surface[]) })),
    serviceId: input.serviceId,
    serviceName: sameService ? previous!.serviceName : service.name,
    serviceCode: sameService ? previous!.serviceCode : service.code,
    duration: sameService ? previous!.duration : service.duration,
    quantity: input.quantity ?? previous?.quantity ?? 1,
    price: input.price ?? catalogue,
    discount: input.discount ?? previous?.discount ?? 0,
    doctorId: input.doctorId !== undefined ? input.doctorId : (previous?.doctorId ?? null),
    urgency: input.urgency ?? previous?.urgency ?? 'planned',
    alternativeGroup: input.alternativeGroup !== undefined ? input.alternativeGroup : (previous?.alternativeGroup ?? null),
    alternative: input.alternativeGroup === null ? null : input.alternative !== undefined ? input.alternative : (previous?.alternative ?? null),
    status: previous?.status === 'rejected' ? 'planned' : (previous?.status ?? 'planned'),
    treatmentId: null
  }
}

/** Planned items at today's catalogue prices (a service gone from the catalogue keeps its price). */
async function repriced(context: HookContext, companyId: string, phases: readonly PlanPhase[]): Promise<PlanPhase[]> {
  const catalogue = await snapshots(dbOf(context.app, context.params), companyId, phases.flatMap((phase) => phase.items.filter((item) => item.status === 'planned').map((item) => item.serviceId)))
  return phases.map((phase) => ({
    ...phase,
    items: phase.items.map((item) => {
      const service = item.status === 'planned' ? catalogue.get(item.serviceId) : undefined
      return service ? { ...item, price: service.price, serviceName: service.name, serviceCode: service.code, duration: service.duration } : item
    })
  }))
}

/**
 * Create: a draft for a patient the caller sees, in the patient's branch; the doctor defaults to
 * the caller, the consultation to today. With `copyOf`: the phases of another plan of the same
 * patient, with new ids, every item planned again, at today's prices.
 */
export async function prepareCreate(context: HookContext) {
  const data = context.data as TreatmentPlanData
  const companyId = companyOf(context)
  const customer = await visibleCustomer(context, data.customerId)
  const today = await todayOf(context, companyId)
  let phases: PlanPhase[] = []
  let title = data.title?.trim() ?? ''
  if (data.copyOf) {
    const source = await planForUpdate(dbOf(context.app, context.params), { _id: data.copyOf, companyId })
    if (!source || source.customerId !== data.customerId) throw clinicError(BadRequest, 'invalid-reference', 'copyOf')
    const copied = source.phases.map((phase) => ({
      ...phase,
      _id: newId(),
      appointmentId: null,
      releasedAppointmentId: null,
      items: phase.items.map((item) => ({ ...item, _id: newId(), status: 'planned' as const, treatmentId: null }))
    }))
    phases = await repriced(context, companyId, copied)
    title = title || source.title
  } else if (data.phases) {
    phases = await buildPhases(context, companyId, data.phases, [])
  }
  const stamp = now()
  const plan: StoredPlan = {
    _id: newId(),
    companyId,
    createdAt: stamp,
    updatedAt: stamp,
    createdBy: context.params.identity?.user._id ?? null,
    branchId: customer.branchId,
    customerId: data.customerId,
    title,
    doctorId: data.doctorId ?? context.params.identity?.user._id ?? '',
    status: 'draft',
    consultationDate: data.copyOf ? today : (data.consultationDate ?? today),
    phases,
    needsBooking: false,
    copiedFrom: data.copyOf ?? null
  }
  if (!plan.doctorId) throw clinicError(BadRequest, 'field-required', 'doctorId')
  context.data = storedColumns(plan as StoredPlan & Record<string, unknown>)
}

/** The stored plan a patch or remove is about (tenancy and visibility were checked before). */
async function storedPlan(context: HookContext): Promise<StoredPlan> {
  const query = context.params.query as { companyId?: string } | undefined
  const plan = await planForUpdate(dbOf(context.app, context.params), { _id: String(context.id), ...(query?.companyId ? { companyId: query.companyId } : {}) })
  if (!plan) throw clinicError(BadRequest, 'not-found')
  return plan
}

const refuse = (code: MessageCode, path?: string) => clinicError(Conflict, code, path)

/**
 * Patch: exactly one of the contents (title, doctor, consultation, phases), an action, or a
 * booking. Contents change only while the plan is a draft or presented (a presented plan goes
 * back to draft: the patient is shown it again). Actions follow the state machine of
 * domain/clinical/treatment-plans.ts.
 */
export async function preparePatch(context: HookContext) {
  const data = context.data as TreatmentPlanPatch
  const contents = data.title !== undefined || data.doctorId !== undefined || data.consultationDate !== undefined || data.phases !== undefined
  const kinds = [contents, data.action !== undefined, data.book !== undefined].filter(Boolean).length
  if (kinds !== 1 || (data.choices !== undefined && data.action !== 'accept')) throw clinicError(BadRequest, 'invalid-request', kinds === 1 ? 'choices' : 'action')
  const plan = await storedPlan(context)
  const today = await todayOf(context, plan.companyId)
  const shown = shownStatus(plan.status, plan.consultationDate, today)
  let changes: Partial<StoredPlan>
  if (contents) changes = await contentChanges(context, plan, shown, data)
  else if (data.action) changes = await actionChanges(context, plan, shown, data.action, data.choices ?? {}, today)
  else changes = await booking(context, plan, data.book!)
  const status = changes.status ?? plan.status
  const phases = changes.phases ?? plan.phases
  context.data = storedColumns({ ...changes, status, phases, updatedAt: now() } as Partial<StoredPlan> & Record<string, unknown>)
}

async function contentChanges(context: HookContext, plan: StoredPlan, shown: ReturnType<typeof shownStatus>, data: TreatmentPlanPatch): Promise<Partial<StoredPlan>> {
  if (!editable(shown)) throw refuse('plan-not-editable')
  const changes: Partial<StoredPlan> = { status: 'draft' }
  if (data.title !== undefined) changes.title = data.title.trim()
  if (data.doctorId !== undefined) changes.doctorId = data.doctorId
  if (data.consultationDate !== undefined) changes.consultationDate = data.consultationDate
  if (data.phases !== undefined) changes.phases = await buildPhases(context, plan.companyId, data.phases, plan.phases)
  return changes
}

async function actionChanges(
  context: HookContext, plan: StoredPlan, shown: ReturnType<typeof shownStatus>, action: PlanAction, choices: Record<string, string>, today: string
): Promise<Partial<StoredPlan>> {
  if (!mayAct(shown, action)) throw refuse('plan-action-not-allowed', 'action')
  const items = plan.phases.flatMap((phase) => phase.items)
  const status = afterAction(action, plan.status)
  switch (action) {
    case 'present':
      if (!items.some((item) => item.status === 'planned')) throw refuse('plan-empty', 'phases')
      if (pricesOutdated(plan.consultationDate, today)) throw refuse('plan-prices-outdated', 'consultationDate')
      return { status }
    case 'accept': {
      const outcome = acceptChoices(items, choices)
      if ('code' in outcome) throw clinicError(BadRequest, outcome.code, outcome.path)
      const rejected = new Set(outcome.rejected)
      const phases = plan.phases.map((phase) => ({ ...phase, items: phase.items.map((item) => (rejected.has(item._id) ? { ...item, status: 'rejected' as const } : item)) }))
      return { status: planProgress(status, phases.flatMap((phase) => phase.items)), phases }
    }
    case 'revise': {
      // Back to a draft: alternatives not chosen are choices again; done items stay done.
      const phases = plan.phases.map((phase) => ({ ...phase, items: phase.items.map((item) => (item.status === 'rejected' ? { ...item, status: 'planned' as const } : item)) }))
      return { status, phases }
    }
    case 'reject':
      return { status }
    case 'reprice':
      return { status, consultationDate: today, phases: await repriced(context, plan.companyId, plan.phases) }
  }
}

/**
 * Books a visit for a phase of an accepted plan: the appointment is made through its own service
 * as the caller (its rules, permission and references apply) for the plan's patient, in this
 * call's transaction, and the phase remembers it. A phase booked already, or with nothing
 * planned, is refused.
 */
async function booking(context: HookContext, plan: StoredPlan, book: NonNullable<TreatmentPlanPatch['book']>): Promise<Partial<StoredPlan>> {
  if (!completable(plan.status)) throw refuse('plan-not-accepted', 'book')
  const phase = plan.phases.find((entry) => entry._id === book.phase)
  if (!phase) throw clinicError(BadRequest, 'invalid-request', 'book.phase')
  if (phase.appointmentId) throw refuse('plan-phase-booked', 'book.phase')
  if (!phase.items.some((item) => item.status === 'planned')) throw refuse('plan-phase-done', 'book.phase')
  const appointment = (await context.app.service('appointment').create({ ...book.appointment, customerId: plan.customerId } as never, asCaller(context.params))) as unknown as { _id: string }
  const phases = plan.phases.map((entry) => (entry._id === phase._id ? { ...entry, appointmentId: appointment._id, releasedAppointmentId: null } : entry))
  return { phases }
}

/** A plan with items done by treatments stays: removing it would orphan what was done. */
export async function refuseRemoveDone(context: HookContext) {
  if (!context.params.provider) return
  const plan = await storedPlan(context)
  if (plan.phases.some((phase) => phase.items.some((item) => item.status === 'done'))) throw refuse('plan-has-done-items')
}
