import type { Knex } from 'knex'
import { TREATMENT_PLAN_TABLE, treatmentPlanCodec, type StoredPlan } from './treatment-plan-rows'
import type { StoredPlanStatus } from '../../../../../domain/clinical/treatment-plans'

/**
 * The plans' read for the conversion funnel (issue 19, docs/decisions/reports.md). Plans keep
 * their state, not the moment they reached it, so the funnel asks which state a patient's plans
 * are in now:
 * - presented: a plan shown to the patient: presented (or expired, which is stored as presented),
 *   accepted, partially done, done, or rejected (a refusal answers a plan shown);
 * - accepted: accepted, partially done or done.
 * Index: treatment_plans (companyId, customerId, createdAt).
 */
export const PRESENTED_PLAN_STATUSES: readonly StoredPlanStatus[] = ['presented', 'accepted', 'partially-done', 'done', 'rejected']
export const ACCEPTED_PLAN_STATUSES: readonly StoredPlanStatus[] = ['accepted', 'partially-done', 'done']

/** Of these patients, those with a plan in one of `statuses` (by `doctorId` when given). */
export async function patientsWithPlans(db: Knex, companyId: string, customerIds: readonly string[], statuses: readonly StoredPlanStatus[], doctorId: string | null): Promise<Set<string>> {
  const found = new Set<string>()
  const ids = [...new Set(customerIds)]
  for (let start = 0; start < ids.length; start += 500) {
    const query = db(TREATMENT_PLAN_TABLE).distinct('customerId').where({ companyId }).whereIn('customerId', ids.slice(start, start + 500)).whereIn('status', [...statuses])
    if (doctorId) query.where('doctorId', doctorId)
    for (const row of (await query) as Array<{ customerId: string }>) found.add(row.customerId)
  }
  return found
}

/**
 * The same question of one patient inside another area's statement (the conversion funnel's grouped
 * read): `exists` over this subquery is true when the patient whose id is the outer column
 * `customerColumn` has a plan in one of `statuses` (by `doctorId` when given). One probe of
 * treatment_plans (companyId, customerId, createdAt) per patient.
 */
export function planOfPatient(db: Knex, companyId: string, customerColumn: string, statuses: readonly StoredPlanStatus[], doctorId: string | null): Knex.QueryBuilder {
  const query = db(`${TREATMENT_PLAN_TABLE} as pp`).select(db.raw('1')).where('pp.companyId', companyId).where('pp.customerId', db.ref(customerColumn)).whereIn('pp.status', [...statuses])
  if (doctorId) query.where('pp.doctorId', doctorId)
  return query
}

/** Which plans the treatment plans report reads: a period of consultation days, branches (null: every one), one presenter. */
export interface PlanPeriodFilter {
  companyId: string
  /** Company-local days, `to` excluded. */
  from: string
  to: string
  branchIds: readonly string[] | null
  doctorId: string | null
}

/** A plan as the report reads it. */
export type ReportPlan = Pick<StoredPlan, '_id' | 'branchId' | 'customerId' | 'doctorId' | 'title' | 'status' | 'consultationDate' | 'phases'>

/**
 * The treatment plans report's plans (docs/decisions/reports.md): the plans shown to a patient
 * (`PRESENTED_PLAN_STATUSES`: drafts never are) whose consultation day is in `[from, to)`, in the
 * branches, presented by the doctor (`doctorId`, the plan's). Oldest first. Phases and items are
 * JSON in the plan's row, so the report weighs them in code. Indexes: treatment_plans
 * (companyId, consultationDate) and (companyId, branchId, consultationDate).
 */
export async function plansPresentedIn(db: Knex, filter: PlanPeriodFilter, part: PlansPart = {}): Promise<ReportPlan[]> {
  const query = presentedPlans(db, filter.companyId).where('consultationDate', '>=', filter.from).where('consultationDate', '<', filter.to).orderBy([{ column: 'consultationDate' }, { column: '_id' }])
  if (filter.branchIds) query.whereIn('branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('doctorId', filter.doctorId)
  if (part.statuses) query.whereIn('status', [...part.statuses])
  if (part.limit !== undefined) query.limit(part.limit).offset(part.offset ?? 0)
  return readPlans(query)
}

/** A part of the period's plans: only those in `statuses`, and `limit` of them from `offset` in the list's order. */
export interface PlansPart {
  statuses?: readonly StoredPlanStatus[]
  limit?: number
  offset?: number
}

/** The plans shown to a patient whose consultation day is one of `days` (every branch and presenter): what the plans' rollup recomputes (plan-stats.ts). */
export async function plansPresentedOn(db: Knex, companyId: string, days: readonly string[]): Promise<ReportPlan[]> {
  const plans: ReportPlan[] = []
  for (let at = 0; at < days.length; at += 500) plans.push(...(await readPlans(presentedPlans(db, companyId).whereIn('consultationDate', days.slice(at, at + 500)))))
  return plans
}

const presentedPlans = (db: Knex, companyId: string) =>
  db(TREATMENT_PLAN_TABLE)
    .where('companyId', companyId)
    .whereIn('status', [...PRESENTED_PLAN_STATUSES])
    .select('_id', 'branchId', 'customerId', 'doctorId', 'title', 'status', 'consultationDate', 'phases')

const readPlans = async (query: Knex.QueryBuilder): Promise<ReportPlan[]> => ((await query) as Array<Record<string, unknown>>).map((row) => treatmentPlanCodec.fromDb<ReportPlan>(row))
