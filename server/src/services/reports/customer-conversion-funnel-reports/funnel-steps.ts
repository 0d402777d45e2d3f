import type { Knex } from 'knex'
import { registeredRows, type RegisteredFilter, type RegisteredRow } from '../../customers/customers/customer-report-reads'
import { registeredStepGroups, registeredStepRows, type FunnelReach, type PatientStep } from '../../customers/customers/customer-funnel-reads'
import { rebuildFunnelReach, refreshFunnelReach } from '../../customers/customers/customer-funnel-reach'
import { BOOKED_STATUSES, patientsWithAppointments } from '../../appointments/appointment/patient-visit-reads'
import { appointmentOfPatient, patientsOfDoctor } from '../../appointments/appointment/patient-step-reads'
import { VISIT_STATUSES } from '../../appointments/appointment/visit-reads'
import { ACCEPTED_PLAN_STATUSES, PRESENTED_PLAN_STATUSES, patientsWithPlans, planOfPatient } from '../../clinical/treatment-plan/plan-report-reads'
import { patientsWhoPaid, paymentOfPatient } from '../../billing/customer-payment-reads'
import type { RowsPage } from '../../report-filter'
import { funnelSteps, type FunnelCounts } from './customer-conversion-funnel-reports.shared'

/**
 * The funnel's steps after "entered" (docs/decisions/reports.md "customer-conversion-funnel-reports"):
 * booked, arrived, plan presented, plan accepted, paid; each area's question of one patient, asked
 * by the database inside the customers area's statements. With a doctor, every step is the doctor's.
 */
export function funnelPatientSteps(db: Knex, companyId: string, doctorId: string | null): PatientStep[] {
  return [
    (customer) => appointmentOfPatient(db, companyId, customer, BOOKED_STATUSES, doctorId),
    (customer) => appointmentOfPatient(db, companyId, customer, VISIT_STATUSES, doctorId),
    (customer) => planOfPatient(db, companyId, customer, PRESENTED_PLAN_STATUSES, doctorId),
    (customer) => planOfPatient(db, companyId, customer, ACCEPTED_PLAN_STATUSES, doctorId),
    (customer) => paymentOfPatient(db, companyId, customer, doctorId)
  ]
}

/** Every patient's reach of the company built whole with the funnel's steps (the migration, the bench after a bulk load). */
export async function rebuildCompanyFunnelReach(db: Knex, companyId: string): Promise<void> {
  await rebuildFunnelReach(db, companyId, funnelPatientSteps(db, companyId, null))
}

/**
 * How the funnel learns each patient's steps. Of everyone: the kept reach (customer-funnel-reach.ts),
 * brought up to date first. With a doctor: asked of the doctor's steps, and the funnel is of the
 * patients booked with them (entering is booking), read through the doctor's appointments.
 */
async function reachOf(db: Knex, companyId: string, doctorId: string | null): Promise<FunnelReach> {
  if (!doctorId) {
    await refreshFunnelReach(db, companyId, funnelPatientSteps(db, companyId, null))
    return 'stored'
  }
  return { steps: funnelPatientSteps(db, companyId, doctorId), entry: patientsOfDoctor(db, companyId, doctorId, BOOKED_STATUSES) }
}

/** A group of patients who entered: their branch, source and the last step they reached (an index of `funnelSteps`). */
export interface FunnelGroup {
  branchId: string
  sourceId: string | null
  last: number
  value: number
}

/** The patients who entered, per branch, source and last step reached: one grouped statement. */
export async function funnelGroups(db: Knex, filter: RegisteredFilter, doctorId: string | null): Promise<FunnelGroup[]> {
  return (await registeredStepGroups(db, filter, await reachOf(db, filter.companyId, doctorId))).map((group) => ({ branchId: group.branchId, sourceId: group.sourceId, last: group.reached, value: group.value }))
}

/** The patients at `step` (an index of `funnelSteps`) and further, earliest registered first, one page; and how many. */
export async function funnelRows(db: Knex, filter: RegisteredFilter, doctorId: string | null, step: number, page: RowsPage): Promise<{ total: number; rows: RegisteredRow[] }> {
  return registeredStepRows(db, filter, await reachOf(db, filter.companyId, doctorId), step, page)
}

/**
 * The same groups read the former way, kept as the definition the grouped and kept reads are tested against
 * (tests/server/services/reports/customer-reports/funnel-grouped.test.ts): every registered patient
 * read into the server, then each step asked for the patients of the step before, 500 ids a statement.
 */
export async function funnelGroupsByPatients(db: Knex, filter: RegisteredFilter, doctorId: string | null): Promise<FunnelGroup[]> {
  const { rows } = await registeredRows(db, filter, undefined)
  const reached = new Map(rows.map((row) => [row._id, 0]))
  const reads: Array<(ids: string[]) => Promise<Set<string>>> = [
    (ids) => patientsWithAppointments(db, filter.companyId, ids, BOOKED_STATUSES, doctorId),
    (ids) => patientsWithAppointments(db, filter.companyId, ids, VISIT_STATUSES, doctorId),
    (ids) => patientsWithPlans(db, filter.companyId, ids, PRESENTED_PLAN_STATUSES, doctorId),
    (ids) => patientsWithPlans(db, filter.companyId, ids, ACCEPTED_PLAN_STATUSES, doctorId),
    (ids) => patientsWhoPaid(db, filter.companyId, ids, doctorId)
  ]
  let current = rows.map((row) => row._id)
  for (const [index, read] of reads.entries()) {
    if (current.length === 0) break
    const next = await read(current)
    current = current.filter((id) => next.has(id))
    for (const id of current) reached.set(id, index + 1)
  }
  // With a doctor, the funnel is of the patients booked with them: entering is booking.
  const groups = new Map<string, FunnelGroup>()
  for (const row of rows) {
    const last = reached.get(row._id)!
    if (doctorId && last < 1) continue
    const key = JSON.stringify([row.branchId, row.sourceId, last])
    const group = groups.get(key) ?? { branchId: row.branchId, sourceId: row.sourceId, last, value: 0 }
    group.value += 1
    groups.set(key, group)
  }
  return [...groups.values()]
}

export const emptyCounts = (): FunnelCounts => Object.fromEntries(funnelSteps.map((step) => [step, 0])) as FunnelCounts
