import type { Knex } from 'knex'
import { refreshMarkedKeys } from '../../rollup-marks'

/**
 * How far each patient got in the conversion funnel (migration 20261208100000_funnel_reach,
 * docs/decisions/reports.md "customer-conversion-funnel-reports"): the number of the funnel's steps
 * after "entered" the patient passed in a row, whenever, with any doctor. The funnel of a year of
 * every branch asked five indexed probes of each patient registered in it; at a million patients
 * on PostgreSQL that was 3 s, most of it the probes. Read from here it is one join by primary key.
 *
 * The pattern of the other rollups: the services never write it. Triggers on the tables the steps
 * read (appointments, plans, payments) mark the patients a write can move (`customer_funnel_dirty`,
 * a `version` raised per mark), whoever writes; a report first recomputes the marked patients of
 * its company with the steps' own questions (`PatientStep`, given by the report: each area's
 * subquery of one patient), and clears a mark only at the version it read. A patient with no row
 * never had a step's row written since the table was built: nothing reached.
 *
 * With a doctor the steps are the doctor's, which this does not keep: that funnel still asks the
 * steps of each of the doctor's patients (a small set, read through the doctor's appointments).
 */
export const FUNNEL_REACH_TABLE = 'customer_funnel_reach'
export const FUNNEL_REACH_DIRTY_TABLE = 'customer_funnel_dirty'

/**
 * A step of the funnel as another area's subquery of one patient, given the outer column of the
 * patient's id (`c._id`): `exists` over it is the step.
 */
export type PatientStep = (customerColumn: string) => Knex.QueryBuilder

/** Patients recomputed per transaction. */
const PER_ROUND = 1000

/**
 * The number of `steps` in a row the patient `c._id` passes: the database checks a step only for
 * the patients who passed the one before (a `case` stops at its first true `when`), one indexed
 * probe each.
 */
export function reachedCase(db: Knex, steps: readonly PatientStep[]): Knex.Raw {
  const cases = steps.map((_step, index) => `when not exists ? then ${index}`).join(' ')
  return db.raw(`case ${cases} else ${steps.length} end`, steps.map((step) => step('c._id')))
}

/** Writes the reach of some patients of the company (null: every one) from the steps, in one statement. */
async function recomputeReach(trx: Knex, companyId: string, ids: readonly string[] | null, steps: readonly PatientStep[]): Promise<void> {
  const patients = trx('customers as c').select('c._id', trx.raw('? as "reached"', [reachedCase(trx, steps)]))
  // Some by id: by the primary key, the company checked by value (`|| ''` keeps SQLite off the company's indexes,
  // whose sampled statistics put ~1,000 rows under any company: customer-contact.ts `customerNameRows`).
  if (ids) patients.whereIn('c._id', [...ids]).whereRaw(`"c"."companyId" || '' = ?`, [companyId])
  else patients.where('c.companyId', companyId)
  const { sql, bindings } = patients.toSQL()
  await trx.raw(`insert into ${FUNNEL_REACH_TABLE} ("customerId", "reached") ${sql} on conflict ("customerId") do update set "reached" = excluded."reached"`, [...bindings])
}

/** Brings the company's reach up to date: the patients a write marked since. */
export async function refreshFunnelReach(db: Knex, companyId: string, steps: readonly PatientStep[]): Promise<void> {
  await refreshMarkedKeys(db, FUNNEL_REACH_DIRTY_TABLE, 'customerId', companyId, PER_ROUND, (trx, company, ids) => recomputeReach(trx, company, ids, steps))
}

/** Every patient of the company computed whole, its marks cleared: the first build at the upgrade and after the bench's bulk load. */
export async function rebuildFunnelReach(db: Knex, companyId: string, steps: readonly PatientStep[]): Promise<void> {
  await db.transaction(async (trx) => {
    await trx(FUNNEL_REACH_DIRTY_TABLE).where({ companyId }).del()
    await recomputeReach(trx, companyId, null, steps)
  })
  if (db.client.config.client === 'pg') await db.raw(`analyze ${FUNNEL_REACH_TABLE}`)
}
