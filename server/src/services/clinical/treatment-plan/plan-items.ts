import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { afterCommit, dbOf } from '../../../hooks/call-transaction'
import { now } from '../../../hooks/ids'
import { completable, planProgress } from '../../../../../domain/clinical/treatment-plans'
import { companyTimeZone } from '../../company/company/company-reads'
import { todayIn } from '../../customers/customers/customer-rules'
import { TREATMENT_PLAN_TABLE, planForUpdate, shownPlan, treatmentPlanCodec, writePlan, type StoredPlan } from './treatment-plan-rows'
import { treatmentPlanPath } from './treatment-plan.shared'

/**
 * What other services do with plan items (the `treatment` service completes and reopens them;
 * billing will read them), inside the caller's transaction. Nothing else writes the plans table.
 */

export interface ItemLink {
  companyId: string
  customerId: string
  planItemId: string
  treatmentId: string
}

/** The plan of the patient holding an item (a patient has few plans: their rows are read and searched). */
async function planOfItem(db: ReturnType<typeof dbOf>, link: Omit<ItemLink, 'treatmentId'>): Promise<StoredPlan | undefined> {
  const rows = (await db(TREATMENT_PLAN_TABLE).where({ companyId: link.companyId, customerId: link.customerId }).select('_id', 'phases')) as Array<{ _id: string; phases: string | unknown[] }>
  const match = rows.find((row) => (typeof row.phases === 'string' ? row.phases : JSON.stringify(row.phases)).includes(`"${link.planItemId}"`))
  if (!match) return undefined
  const plan = await planForUpdate(db, { _id: match._id, companyId: link.companyId })
  return plan?.phases.some((phase) => phase.items.some((item) => item._id === link.planItemId)) ? plan : undefined
}

function withItem(plan: StoredPlan, planItemId: string, change: (item: StoredPlan['phases'][number]['items'][number]) => StoredPlan['phases'][number]['items'][number]) {
  return plan.phases.map((phase) => ({ ...phase, items: phase.items.map((item) => (item._id === planItemId ? change(item) : item)) }))
}

/** Tells those who see the plan that it changed, once the caller's transaction has committed. */
async function announce(app: Application, params: Params | undefined, plan: StoredPlan) {
  const today = todayIn(await companyTimeZone(dbOf(app, params), plan.companyId))
  const shown = shownPlan(plan, today)
  await afterCommit(params, () => {
    app.service(treatmentPlanPath).emit('patched', shown)
  })
}

/**
 * A treatment done completes a planned item of an accepted (or partially done) plan of the same
 * patient: the item is done by that treatment and the plan moves to partially done or done.
 * Unknown item (or another patient's): BadRequest `plan-item-unknown`; a plan not accepted:
 * Conflict `plan-not-accepted`; an item done or rejected: Conflict `plan-item-not-open`.
 */
export async function completePlanItem(app: Application, params: Params | undefined, link: ItemLink): Promise<void> {
  const db = dbOf(app, params)
  const plan = await planOfItem(db, link)
  if (!plan) throw clinicError(BadRequest, 'plan-item-unknown', 'planItemId')
  if (!completable(plan.status)) throw clinicError(Conflict, 'plan-not-accepted', 'planItemId')
  const item = plan.phases.flatMap((phase) => phase.items).find((entry) => entry._id === link.planItemId)!
  if (item.status !== 'planned') throw clinicError(Conflict, 'plan-item-not-open', 'planItemId')
  const phases = withItem(plan, link.planItemId, (entry) => ({ ...entry, status: 'done', treatmentId: link.treatmentId }))
  const written = await writePlan(db, plan, { phases, status: planProgress(plan.status, phases.flatMap((phase) => phase.items)), updatedAt: now() })
  await announce(app, params, written)
}

/** A treatment removed reopens the item it completed (planned again); the plan steps back from done. */
export async function reopenPlanItem(app: Application, params: Params | undefined, link: ItemLink): Promise<void> {
  const db = dbOf(app, params)
  const plan = await planOfItem(db, link)
  if (!plan) return
  const item = plan.phases.flatMap((phase) => phase.items).find((entry) => entry._id === link.planItemId)!
  if (item.treatmentId !== link.treatmentId) return
  const phases = withItem(plan, link.planItemId, (entry) => ({ ...entry, status: 'planned', treatmentId: null }))
  const written = await writePlan(db, plan, { phases, status: planProgress(plan.status, phases.flatMap((phase) => phase.items)), updatedAt: now() })
  await announce(app, params, written)
}

/** A visit as the plan's phases see it: which patient's, and whether it holds its time. */
export interface PhaseVisit {
  _id: string
  companyId: string
  customerId: string | null
  holdsSlot: boolean
}

/**
 * A phase's visit cancelled, marked a no-show or deleted: the phase is to be booked again (the
 * front desk's "accepted, not booked" list shows it); the visit restored to the calendar is the
 * phase's again, unless another visit was booked for it meanwhile. Called by the appointment
 * service inside its write's transaction with each visit before and after the write (after:
 * undefined when removed); the plan's `patched` event leaves after the commit.
 */
export async function followPhaseVisits(app: Application, params: Params | undefined, changes: ReadonlyArray<{ before: PhaseVisit; after?: PhaseVisit }>): Promise<void> {
  const released = changes.filter(({ before, after }) => before.holdsSlot && !after?.holdsSlot).map(({ before }) => before)
  const restored = changes.filter(({ before, after }) => !before.holdsSlot && after?.holdsSlot).map(({ before }) => before)
  if (released.length + restored.length === 0) return
  const db = dbOf(app, params)
  for (const visit of [...released, ...restored]) {
    if (!visit.customerId) continue
    const releasing = released.includes(visit)
    const rows = (await db(TREATMENT_PLAN_TABLE).where({ companyId: visit.companyId, customerId: visit.customerId }).select('_id', 'phases')) as Array<{ _id: string; phases: string | unknown[] }>
    for (const row of rows.filter((entry) => (typeof entry.phases === 'string' ? entry.phases : JSON.stringify(entry.phases)).includes(`"${visit._id}"`))) {
      const plan = await planForUpdate(db, { _id: row._id, companyId: visit.companyId })
      if (!plan) continue
      let changed = false
      const phases = plan.phases.map((phase) => {
        if (releasing && phase.appointmentId === visit._id && !phase.items.some((item) => item.status === 'done')) {
          changed = true
          return { ...phase, appointmentId: null, releasedAppointmentId: visit._id }
        }
        if (!releasing && phase.releasedAppointmentId === visit._id && !phase.appointmentId) {
          changed = true
          return { ...phase, appointmentId: visit._id, releasedAppointmentId: null }
        }
        return phase
      })
      if (changed) await announce(app, params, await writePlan(db, plan, { phases, updatedAt: now() }))
    }
  }
}

/** Read helper for billing and the treatment-done form: a patient's plans as stored. */
export async function plansOfCustomer(db: ReturnType<typeof dbOf>, companyId: string, customerId: string): Promise<StoredPlan[]> {
  const rows = await db(TREATMENT_PLAN_TABLE).where({ companyId, customerId }).orderBy('createdAt')
  return rows.map((row: Record<string, unknown>) => treatmentPlanCodec.fromDb<StoredPlan>(row))
}
