import type { Knex } from 'knex'
import { RowCodec } from '../../row-codec'
import { databaseEngine } from '../../../db'
import { needsBooking, priceValidUntil, shownStatus, type StoredPlanStatus } from '../../../../../domain/clinical/treatment-plans'
import type { PlanPhase, TreatmentPlan } from './treatment-plan.schema'

/** The table the `treatment-plan` service owns: one row per plan, phases and items as JSON. */
export const TREATMENT_PLAN_TABLE = 'treatment_plans'
export const treatmentPlanRowShape = { json: ['phases'], boolean: ['needsBooking'] }
export const treatmentPlanCodec = new RowCodec(treatmentPlanRowShape)

/** A plan as stored (its status never `expired`; no computed fields). */
export type StoredPlan = Omit<TreatmentPlan, 'status' | 'priceValidUntil' | 'pricesOutdated'> & { status: StoredPlanStatus }

/** Fields computed on every read, never stored. */
const COMPUTED = ['priceValidUntil', 'pricesOutdated'] as const

/** The plan as the API shows it on company-local `today`: expired when presented past its prices' end. */
export function shownPlan(plan: StoredPlan, today: string): TreatmentPlan {
  const validUntil = priceValidUntil(plan.consultationDate)
  const open = plan.status !== 'done' && plan.status !== 'rejected'
  return { ...plan, status: shownStatus(plan.status, plan.consultationDate, today), priceValidUntil: validUntil, pricesOutdated: open && today > validUntil }
}

/** The columns a write stores (computed fields dropped, `needsBooking` kept in step with phases and status). */
export function storedColumns<T extends Partial<StoredPlan> & Record<string, unknown>>(plan: T): T {
  const row: Record<string, unknown> = { ...plan }
  for (const key of COMPUTED) delete row[key]
  if (plan.status !== undefined && plan.phases !== undefined) row.needsBooking = needsBooking(plan.status, plan.phases as PlanPhase[])
  return row as T
}

/**
 * Reads a plan row to change it, inside the caller's transaction: locked on PostgreSQL (two
 * treatments completing items of one plan at once are serialised); SQLite's writer lock does it.
 */
export async function planForUpdate(db: Knex, where: Record<string, unknown>): Promise<StoredPlan | undefined> {
  const query = db(TREATMENT_PLAN_TABLE).where(where).first()
  if (databaseEngine(db) === 'postgres' && db.isTransaction) query.forUpdate()
  const row = await query
  return row ? treatmentPlanCodec.fromDb<StoredPlan>(row) : undefined
}

/** Writes a plan's changed columns (phases as JSON). */
export async function writePlan(db: Knex, plan: StoredPlan, changes: Partial<StoredPlan>): Promise<StoredPlan> {
  const next = { ...plan, ...changes }
  const columns = storedColumns({ ...changes, status: next.status, phases: next.phases } as Partial<StoredPlan> & Record<string, unknown>)
  await db(TREATMENT_PLAN_TABLE).where({ _id: plan._id, companyId: plan.companyId }).update(treatmentPlanCodec.toDb(columns))
  return { ...next, needsBooking: Boolean(columns.needsBooking ?? next.needsBooking) }
}
