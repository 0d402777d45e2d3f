import type { Knex } from 'knex'
import { plansPresentedOn, type PlanPeriodFilter } from './plan-report-reads'
import { visitsInAheadStatus } from '../../appointments/appointment/plan-visit-reads'
import { clearMarks, inRounds, markedStaleDays, replaceDays, type PeriodOfCompany, type StaleDay } from '../../rollup-marks'
import { weighPlan, type ItemStanding, type PlanFigure, type TreatmentPlanFigure } from '../../../../../domain/reports/treatment-plan-reports'

/**
 * The plans' rollup (migration 20261207100000_plan_day_stats, docs/decisions/reports.md
 * "Rollups"): per consultation day, branch and presenting doctor, each plan figure's count and
 * value and each item standing's, weighed by the report's own rule (`weighPlan`). Items planned in
 * a phase booked on a visit are kept per visit, with the instant the visit stops being ahead
 * (`aheadUntil`: its end while it is booked, none once it is completed, cancelled or missed); the
 * read compares it with the clock. Triggers mark the days stale: on `treatment_plans` the days a
 * write touches, on `appointment` the days of the rows that name a visit whose status or end
 * changes (migration 20261208200000_plan_visit_ends); a report first recomputes the stale days of
 * its period here, then reads. Both engines.
 */
export const PLAN_STATS_TABLE = 'plan_day_stats'
export const PLAN_STATS_DIRTY_TABLE = 'plan_stats_dirty'

const KEYS = ['companyId', 'day', 'branchId', 'doctorId', 'figure', 'appointmentId']

interface PlanStatsRow {
  companyId: string
  day: string
  branchId: string
  doctorId: string
  figure: PlanFigure | ItemStanding
  appointmentId: string
  count: number
  value: number
  /** A booked item's visit: its end while it is booked (ISO instant); null otherwise and for every other figure. */
  aheadUntil: string | null
}

/** Recomputes the rollup of `stale` (days of the period) and clears the marks still at the version read. */
async function recompute(db: Knex, companyId: string, stale: StaleDay[]) {
  const days = stale.map((entry) => entry.day)
  await db.transaction(async (trx) => {
    const rows = new Map<string, PlanStatsRow>()
    const add = (base: Omit<PlanStatsRow, 'count' | 'value' | 'aheadUntil'>, value: number) => {
      const key = `${base.day}|${base.branchId}|${base.doctorId}|${base.figure}|${base.appointmentId}`
      const row = rows.get(key) ?? { ...base, count: 0, value: 0, aheadUntil: null }
      row.count += 1
      row.value += value
      rows.set(key, row)
    }
    for (const plan of await plansPresentedOn(trx, companyId, days)) {
      const at = { companyId, day: plan.consultationDate, branchId: plan.branchId, doctorId: plan.doctorId }
      for (const weight of weighPlan(plan.status, plan.phases)) {
        if (weight.item) add({ ...at, figure: weight.standing, appointmentId: weight.appointmentId ?? '' }, weight.value)
        else for (const figure of weight.figures) add({ ...at, figure, appointmentId: '' }, weight.value)
      }
    }
    // Each booked visit's end while it is booked: read once per round, by primary key.
    const booked = [...rows.values()].filter((row) => row.figure === 'booked')
    const visits = await visitsInAheadStatus(trx, companyId, booked.map((row) => row.appointmentId))
    for (const row of booked) row.aheadUntil = visits.get(row.appointmentId)?.end ?? null
    await replaceDays(trx, PLAN_STATS_TABLE, companyId, days, [...rows.values()], KEYS)
    await clearMarks(trx, PLAN_STATS_DIRTY_TABLE, companyId, stale)
  })
}

/** Brings the rollup of the period's days up to date: the days a write marked since (existing plans' days start marked). */
export async function refreshPlanStats(db: Knex, filter: PeriodOfCompany): Promise<void> {
  await inRounds(await markedStaleDays(db, PLAN_STATS_DIRTY_TABLE, filter), (round) => recompute(db, filter.companyId, round))
}

/** One group of the report: a branch, a presenting doctor, a figure, and its count and value. */
export interface PlanFigureGroup {
  branchId: string
  doctorId: string
  figure: TreatmentPlanFigure
  count: number
  value: number
}

/**
 * The report's figures per branch and presenting doctor for the period (`plansPresentedIn`'s
 * plans, weighed), the stale days recomputed first; a booked item counts as scheduled while its
 * visit is ahead at `now` (`aheadUntil` after it), as unscheduled once it is over. No visit is read:
 * a year of 300 branches probed ~160,000 visits by primary key (PostgreSQL chose a hash of the
 * whole appointment table instead once the rollup had statistics: 2.8 s).
 */
export async function planFigureGroups(db: Knex, filter: PlanPeriodFilter, now: string): Promise<PlanFigureGroup[]> {
  await refreshPlanStats(db, filter)
  const shown = db.raw(`case when r."figure" = 'booked' then (case when r."aheadUntil" > ? then 'itemsScheduled' else 'itemsUnscheduled' end) else r."figure" end`, [now])
  const query = db(`${PLAN_STATS_TABLE} as r`)
    .where('r.companyId', filter.companyId)
    .where('r.day', '>=', filter.from)
    .where('r.day', '<', filter.to)
    .select('r.branchId', 'r.doctorId', db.raw('? as "shown"', [shown]))
    .sum({ count: 'r.count', value: 'r.value' })
    .groupByRaw('1, 2, 3')
  if (filter.branchIds) query.whereIn('r.branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('r.doctorId', filter.doctorId)
  const rows = (await query) as Array<{ branchId: string; doctorId: string; shown: TreatmentPlanFigure; count: number | string; value: number | string }>
  return rows.map((row) => ({ branchId: row.branchId, doctorId: row.doctorId, figure: row.shown, count: Number(row.count), value: Number(row.value) }))
}
