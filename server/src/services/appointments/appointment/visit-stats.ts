import type { Knex } from 'knex'
import { APPOINTMENT_TABLE } from './appointment-booking'
import { earlierVisitOf, shiftedInstant, STORED_DAY_SLACK_MS, VISIT_STATUSES, type VisitFigure } from './visit-reads'
import type { BookedMinutesGroup, OutcomeFilter } from './outcome-reads'
import { sumByGrains, type FigureGroup, type Grain, type GrainSums, type ReportFilter } from '../../report-filter'
import { clearMarks, inRounds, markedStaleDays, replaceDays, type StaleDay } from '../../rollup-marks'
import { recomputeSourceStats } from './visit-source-stats'
import { slotHoldingStatuses } from '../../../../../domain/appointments/status'
import { periodSumSelects, periodSumsOf, type PeriodMeasure, type PeriodSums } from '../../period-sums'
import type { DayRange } from '../../../../../domain/reports/periods'

/**
 * The visits rollup (migration 20261204200000_visit_day_stats, docs/decisions/reports.md
 * "Rollups"): per company-local day, branch, doctor and work place, the visits, new patients and
 * no-shows as `visitsIn` (visit-reads.ts) counts them, and the booked minutes as the appointments
 * report's `bookedMinutes` (outcome-reads.ts). Triggers mark the days a write touches stale; a report
 * first recomputes the stale days of its period here, then reads the rollup. Both engines.
 */
export const VISIT_STATS_TABLE = 'visit_day_stats'
export const VISIT_STATS_DIRTY_TABLE = 'visit_stats_dirty'


/**
 * The instants that can hold appointments stored on `days` (their instants in today's zone, with
 * visit-reads.ts's slack either side), overlapping ranges joined: the read stays on the start
 * index, and the stored day decides.
 */
function instantRanges(filter: ReportFilter, days: ReadonlySet<string>): Array<[string, string]> {
  const ranges: Array<[string, string]> = []
  filter.days.forEach((day, index) => {
    if (!days.has(day)) return
    const start = shiftedInstant(filter.dayStarts[index], -STORED_DAY_SLACK_MS)
    const end = shiftedInstant(filter.dayStarts[index + 1], STORED_DAY_SLACK_MS)
    const last = ranges[ranges.length - 1]
    if (last && last[1] >= start) last[1] = end
    else ranges.push([start, end])
  })
  return ranges
}

/** Recomputes the rollups of `days` (stale days of the period: this one and the visits by source) from the appointments, and clears the marks still at the version read. */
async function recompute(db: Knex, filter: ReportFilter, stale: StaleDay[]) {
  const days = new Set(stale.map((entry) => entry.day))
  await db.transaction(async (trx) => {
    const ranges = instantRanges(filter, days)
    const visit = `"v"."status" in (${VISIT_STATUSES.map(() => '?').join(', ')})`
    const holding = `"v"."status" in (${slotHoldingStatuses.map(() => '?').join(', ')})`
    const earlier = earlierVisitOf(trx, 'v').toSQL()
    const groups = (await trx(`${APPOINTMENT_TABLE} as v`)
      .where('v.companyId', filter.companyId)
      .where((either) => {
        for (const [start, end] of ranges) either.orWhere((range) => range.where('v.start', '>=', start).where('v.start', '<', end))
      })
      .whereIn('v.date', [...days])
      .whereIn('v.status', [...new Set([...VISIT_STATUSES, ...slotHoldingStatuses, 'noShow'])])
      .groupBy('v.date', 'v.branchId', 'v.staffId', 'v.workPlaceId')
      .select('v.date as day', 'v.branchId as branchId', 'v.staffId as staffId', 'v.workPlaceId as workPlaceId')
      .select(trx.raw(`sum(case when ${visit} then 1 else 0 end) as "visits"`, [...VISIT_STATUSES]))
      .select(trx.raw(`sum(case when ${visit} and not exists (${earlier.sql}) then 1 else 0 end) as "newPatients"`, [...VISIT_STATUSES, ...(earlier.bindings as string[])]))
      .select(trx.raw(`sum(case when "v"."status" = 'noShow' then 1 else 0 end) as "noShows"`))
      .select(trx.raw(`sum(case when ${holding} then "v"."duration" else 0 end) as "bookedMinutes"`, [...slotHoldingStatuses]))) as Array<{
      day: string; branchId: string; staffId: string; workPlaceId: string | null; visits: unknown; newPatients: unknown; noShows: unknown; bookedMinutes: unknown
    }>
    const rows = groups.map((group) => ({
      companyId: filter.companyId, day: group.day, branchId: group.branchId, staffId: group.staffId, workPlaceId: group.workPlaceId ?? '',
      visits: Number(group.visits), newPatients: Number(group.newPatients), noShows: Number(group.noShows), bookedMinutes: Number(group.bookedMinutes)
    }))
    await replaceDays(trx, VISIT_STATS_TABLE, filter.companyId, [...days], rows, ['companyId', 'day', 'branchId', 'staffId', 'workPlaceId'])
    // The visits by source rollup shares the marks: its days recomputed in the same transaction.
    await recomputeSourceStats(trx, filter.companyId, [...days], ranges)
    await clearMarks(trx, VISIT_STATS_DIRTY_TABLE, filter.companyId, stale)
  })
}

/** Brings the rollup of the period's days up to date (nothing to do when no write touched them since). */
export async function refreshVisitStats(db: Knex, filter: ReportFilter): Promise<void> {
  await inRounds(await markedStaleDays(db, VISIT_STATS_DIRTY_TABLE, filter), (round) => recompute(db, filter, round))
}

/** Visits, new patients or no-shows per company-local day and branch, from the rollup (refreshed first). */
export async function visitStatsFigure(db: Knex, filter: ReportFilter, figure: VisitFigure): Promise<FigureGroup[]> {
  await refreshVisitStats(db, filter)
  return readVisitStats(db, filter, figure)
}

/** The same from the rollup as it stands: for several figures read at once after one `refreshVisitStats`. */
export async function readVisitStats(db: Knex, filter: ReportFilter, figure: VisitFigure): Promise<FigureGroup[]> {
  const query = db(VISIT_STATS_TABLE).where('companyId', filter.companyId).where('day', '>=', filter.from).where('day', '<', filter.to).where(figure, '>', 0)
  if (filter.branchIds) query.whereIn('branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('staffId', filter.doctorId)
  const rows = (await query.groupBy('day', 'branchId').select('day', 'branchId').sum({ value: figure })) as Array<{ day: string; branchId: string; value: unknown }>
  return rows.map((row) => ({ day: row.day, branchId: row.branchId, value: Number(row.value) }))
}

/** What the rollup sums over periods: its figures, and the booked minutes of every doctor and on a work place (the load's numerators). */
export type VisitPeriodMeasure = VisitFigure | 'bookedMinutes' | 'chairBookedMinutes'
const visitPeriodMeasures: Record<VisitPeriodMeasure, PeriodMeasure<VisitPeriodMeasure>> = {
  visits: { name: 'visits', sql: '"visits"' },
  newPatients: { name: 'newPatients', sql: '"newPatients"' },
  noShows: { name: 'noShows', sql: '"noShows"' },
  bookedMinutes: { name: 'bookedMinutes', sql: '"bookedMinutes"' },
  chairBookedMinutes: { name: 'chairBookedMinutes', sql: `case when "workPlaceId" <> '' then "bookedMinutes" else 0 end` }
}

/**
 * Measures summed over each of several periods, per branch, from the rollup (refreshed first over
 * `filter`, whose days must hold the periods): what `readVisitStats` and `bookedMinutesFromStats`
 * give per day, added up in the database (the director's home).
 */
export async function visitPeriodSums<P extends string, M extends VisitPeriodMeasure>(
  db: Knex, filter: ReportFilter, periods: Readonly<Record<P, DayRange>>, names: readonly M[]
): Promise<Array<{ branchId: string; sums: PeriodSums<P, M> }>> {
  await refreshVisitStats(db, filter)
  const measures = names.map((name) => visitPeriodMeasures[name] as PeriodMeasure<M>)
  const query = db(VISIT_STATS_TABLE).where('companyId', filter.companyId).where('day', '>=', filter.from).where('day', '<', filter.to)
  if (filter.branchIds) query.whereIn('branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('staffId', filter.doctorId)
  const rows = (await query.groupBy('branchId').select('branchId').select(periodSumSelects(db, 'day', periods, measures))) as Array<Record<string, unknown>>
  return rows.map((row) => ({ branchId: String(row.branchId), sums: periodSumsOf(row, periods, measures) }))
}

/**
 * A figure from the rollup as it stands, summed in the database to the grains asked for (per day
 * and branch, per day, per branch): `readVisitStats`'s groups, or their sums over branches or days.
 */
export async function readVisitStatsByGrains(db: Knex, filter: ReportFilter, figure: VisitFigure, grains: readonly Grain[]): Promise<Array<GrainSums<'value'>>> {
  const query = db(VISIT_STATS_TABLE).where('companyId', filter.companyId).where('day', '>=', filter.from).where('day', '<', filter.to).where(figure, '>', 0)
  if (filter.branchIds) query.whereIn('branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('staffId', filter.doctorId)
  return sumByGrains(db, query.select('day', 'branchId', { value: figure }), grains, ['value'])
}

/**
 * Booked minutes per company-local day, branch, doctor and work place from the rollup (refreshed
 * first): what `bookedMinutesGroups` (outcome-reads.ts) counts from the appointments, for the
 * load of the appointments report and the director's home. A filter by the patient's source is
 * not in the rollup: the caller reads the appointments then.
 */
export async function bookedMinutesFromStats(db: Knex, filter: OutcomeFilter): Promise<BookedMinutesGroup[]> {
  await refreshVisitStats(db, filter)
  const query = db(VISIT_STATS_TABLE).where('companyId', filter.companyId).where('day', '>=', filter.from).where('day', '<', filter.to).where('bookedMinutes', '>', 0)
  if (filter.branchIds) query.whereIn('branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('staffId', filter.doctorId)
  if (filter.workPlaceId) query.where('workPlaceId', filter.workPlaceId)
  if (filter.onWorkPlace) query.whereNot('workPlaceId', '')
  const rows = (await query.groupBy('day', 'branchId', 'staffId', 'workPlaceId').select('day', 'branchId', 'staffId', 'workPlaceId').sum({ value: 'bookedMinutes' })) as Array<{ day: string; branchId: string; staffId: string; workPlaceId: string; value: unknown }>
  return rows.map((row) => ({ day: row.day, branchId: row.branchId, doctorId: row.staffId, workPlaceId: row.workPlaceId || null, value: Number(row.value) }))
}
