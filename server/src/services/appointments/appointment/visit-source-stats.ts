import type { Knex } from 'knex'
import { APPOINTMENT_TABLE, MOVES_TABLE } from './appointment-booking'
import { earlierVisitOf, VISIT_STATUSES } from './visit-reads'
import { LATE_CANCEL } from './cancel-timing'
import { databaseEngine } from '../../../db'
import { customerSourcesTable } from '../../customers/customers/customer-sources'
import { slotHoldingStatuses } from '../../../../../domain/appointments/status'
import { replaceDays } from '../../rollup-marks'

/**
 * The visits by source rollup (migration 20261205200000_visit_source_day_stats,
 * docs/decisions/reports.md "Rollups"): per company-local day (stored with the appointment; a
 * move: the day it left), branch, doctor and the patient's source ('' none), every figure the
 * appointments report (outcome-reads.ts), the customers report's new and returning visits
 * (patient-visit-reads.ts) and the toppers (visit-groups.ts) count, recomputed here with the same
 * predicates as those raw reads. It shares the visits rollup's stale marks: visit-stats.ts
 * recomputes both for the same days in one transaction; the reads are source-stats-reads.ts.
 */
export const VISIT_SOURCE_STATS_TABLE = 'visit_source_day_stats'

/** The rollup's figures: the appointments report's outcomes, visits and new patients (returning = visits − new). */
export const SOURCE_STATS_FIGURES = ['visits', 'newPatients', 'completed', 'cancelled', 'cancelledByPatient', 'cancelledByClinic', 'cancelledLate', 'cancelledEarly', 'noShow', 'rescheduled', 'bookedMinutes'] as const
export type SourceStatsFigure = (typeof SOURCE_STATS_FIGURES)[number]

type StatsRow = { companyId: string; day: string; branchId: string; staffId: string; sourceId: string } & Record<SourceStatsFigure, number>

const sumOf = (condition: string, value = '1') => `sum(case when ${condition} then ${value} else 0 end)`

/** The appointments' figures of `days` per day, branch, doctor and source (as outcome-reads.ts's `appointmentsIn` and visit-reads.ts's `visitsIn` count them). */
async function appointmentGroups(trx: Knex, companyId: string, days: readonly string[], ranges: ReadonlyArray<[string, string]>) {
  const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ')
  const visit = `a."status" in (${list(VISIT_STATUSES)})`
  const cancelled = `a."status" = 'cancelled'`
  const late = LATE_CANCEL[databaseEngine(trx)]
  const earlier = earlierVisitOf(trx, 'a').toSQL()
  const statuses = [...new Set<string>([...VISIT_STATUSES, ...slotHoldingStatuses, 'completed', 'cancelled', 'noShow'])]
  const rows = (await trx(`${APPOINTMENT_TABLE} as a`)
    .leftJoin(customerSourcesTable(trx, companyId).as('cs'), 'cs._id', 'a.customerId')
    .where('a.companyId', companyId)
    .where((either) => {
      for (const [start, end] of ranges) either.orWhere((range) => range.where('a.start', '>=', start).where('a.start', '<', end))
    })
    .whereIn('a.date', [...days])
    .whereIn('a.status', statuses)
    .groupBy('a.date', 'a.branchId', 'a.staffId', 'cs.sourceId')
    .select('a.date as day', 'a.branchId as branchId', 'a.staffId as staffId', 'cs.sourceId as sourceId')
    .select(trx.raw(`${sumOf(visit)} as "visits"`))
    .select(trx.raw(`${sumOf(`${visit} and not exists (${earlier.sql})`)} as "newPatients"`, earlier.bindings as string[]))
    .select(trx.raw(`${sumOf(`a."status" = 'completed'`)} as "completed"`))
    .select(trx.raw(`${sumOf(cancelled)} as "cancelled"`))
    .select(trx.raw(`${sumOf(`${cancelled} and a."statusChangedBy" is null`)} as "cancelledByPatient"`))
    .select(trx.raw(`${sumOf(`${cancelled} and a."statusChangedBy" is not null`)} as "cancelledByClinic"`))
    .select(trx.raw(`${sumOf(`${cancelled} and a."statusChangedAt" is not null and ${late}`)} as "cancelledLate"`))
    .select(trx.raw(`${sumOf(`${cancelled} and (a."statusChangedAt" is null or not (${late}))`)} as "cancelledEarly"`))
    .select(trx.raw(`${sumOf(`a."status" = 'noShow'`)} as "noShow"`))
    .select(trx.raw(`${sumOf(`a."status" in (${list(slotHoldingStatuses)})`, 'a."duration"')} as "bookedMinutes"`))) as Array<Record<string, unknown>>
  return rows
}

/** The moves of `days` (rescheduled, on the day left, with the doctor and branch booked before), as outcome-reads.ts's `movesIn`. */
async function moveGroups(trx: Knex, companyId: string, days: readonly string[]) {
  return (await trx(`${MOVES_TABLE} as m`)
    .join(`${APPOINTMENT_TABLE} as a`, (on) => on.on('a._id', 'm.appointmentId').andOn('a.companyId', 'm.companyId'))
    .leftJoin(customerSourcesTable(trx, companyId).as('cs'), 'cs._id', 'a.customerId')
    .where('m.companyId', companyId)
    .whereIn('m.fromDate', [...days])
    .groupBy('m.fromDate', 'm.branchId', 'm.staffId', 'cs.sourceId')
    .select('m.fromDate as day', 'm.branchId as branchId', 'm.staffId as staffId', 'cs.sourceId as sourceId')
    .count({ rescheduled: '*' })) as Array<Record<string, unknown>>
}

/**
 * Recomputes the rollup of `days` inside the visits rollup's transaction (`ranges`: the instants
 * that can hold appointments stored on them). Groups whose every figure is 0 are not kept.
 */
export async function recomputeSourceStats(trx: Knex, companyId: string, days: readonly string[], ranges: ReadonlyArray<[string, string]>): Promise<void> {
  const rows = new Map<string, StatsRow>()
  const add = (group: Record<string, unknown>) => {
    const key = { companyId, day: String(group.day), branchId: String(group.branchId), staffId: String(group.staffId), sourceId: (group.sourceId as string | null) ?? '' }
    const id = `${key.day}|${key.branchId}|${key.staffId}|${key.sourceId}`
    let row = rows.get(id)
    if (!row) rows.set(id, (row = { ...key, ...(Object.fromEntries(SOURCE_STATS_FIGURES.map((figure) => [figure, 0])) as Record<SourceStatsFigure, number>) }))
    for (const figure of SOURCE_STATS_FIGURES) row[figure] += Number(group[figure] ?? 0)
  }
  for (const group of await appointmentGroups(trx, companyId, days, ranges)) add(group)
  for (const group of await moveGroups(trx, companyId, days)) add(group)
  const kept = [...rows.values()].filter((row) => SOURCE_STATS_FIGURES.some((figure) => row[figure] !== 0))
  await replaceDays(trx, VISIT_SOURCE_STATS_TABLE, companyId, [...days], kept, ['companyId', 'day', 'branchId', 'staffId', 'sourceId'])
}
