import type { Knex } from 'knex'
import { refreshVisitStats } from './visit-stats'
import { VISIT_SOURCE_STATS_TABLE } from './visit-source-stats'
import type { OutcomeFigure, OutcomeFilter, OutcomeGroup } from './outcome-reads'
import type { PatientVisitGroup } from './patient-visit-reads'
import type { ReportFilter } from '../../report-filter'

/**
 * The figures of the visits by source rollup (visit-source-stats.ts), read after the period's
 * stale days are recomputed: what outcome-reads.ts, patient-visit-reads.ts and visit-groups.ts
 * count from the appointments, grouped alike (tests/server/services/appointments/visit-stats.test.ts
 * compares each with its raw read). A group whose value is 0 is left out, as a raw count has none.
 */
type SourceFilter = ReportFilter & { sourceId?: string | null }

/** The rollup's rows of the period, narrowed by branch, doctor and source ('' in the rollup: none). */
function statsOf(db: Knex, filter: SourceFilter) {
  const query = db(VISIT_SOURCE_STATS_TABLE).where('companyId', filter.companyId).where('day', '>=', filter.from).where('day', '<', filter.to)
  if (filter.branchIds) query.whereIn('branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('staffId', filter.doctorId)
  if (filter.sourceId !== undefined) query.where('sourceId', filter.sourceId ?? '')
  return query
}

const sourceOf = (value: unknown) => (value === '' || value === null || value === undefined ? null : String(value))

/** Every outcome figure per doctor, branch and source (`outcomeFigure` without a work place), from one read. */
export async function outcomeGroupsFromStats(db: Knex, filter: OutcomeFilter, figures: readonly OutcomeFigure[]): Promise<Record<OutcomeFigure, OutcomeGroup[]>> {
  await refreshVisitStats(db, filter)
  const query = statsOf(db, filter).groupBy('staffId', 'branchId', 'sourceId').select('staffId', 'branchId', 'sourceId')
  for (const figure of figures) query.sum({ [figure]: figure })
  const rows = (await query) as Array<Record<string, unknown>>
  const groups = {} as Record<OutcomeFigure, OutcomeGroup[]>
  for (const figure of figures) {
    groups[figure] = rows
      .map((row) => ({ doctorId: String(row.staffId), branchId: String(row.branchId), sourceId: sourceOf(row.sourceId), value: Number(row[figure] ?? 0) }))
      .filter((group) => group.value > 0)
  }
  return groups
}

/** New patients or returning visits (visits − new) per day, branch, doctor and source (`patientVisitFigure` but lapsed). */
export async function patientVisitGroupsFromStats(db: Knex, filter: SourceFilter, figure: 'newPatients' | 'returning'): Promise<PatientVisitGroup[]> {
  await refreshVisitStats(db, filter)
  const value = figure === 'newPatients' ? db.raw('sum("newPatients") as "value"') : db.raw('sum("visits" - "newPatients") as "value"')
  const rows = (await statsOf(db, filter).groupBy('day', 'branchId', 'staffId', 'sourceId').select('day', 'branchId', 'staffId', 'sourceId', value)) as Array<Record<string, unknown>>
  return rows
    .map((row) => ({ day: String(row.day), branchId: String(row.branchId), doctorId: String(row.staffId), sourceId: sourceOf(row.sourceId), value: Number(row.value ?? 0) }))
    .filter((group) => group.value > 0)
}

/**
 * New patients and returning visits together, from one read of the rollup (the customers report
 * shows both: one pass over a year of every doctor's days instead of two): the same groups as
 * `patientVisitGroupsFromStats` answers for each.
 */
export async function newAndReturningGroupsFromStats(db: Knex, filter: SourceFilter): Promise<Record<'newPatients' | 'returning', PatientVisitGroup[]>> {
  await refreshVisitStats(db, filter)
  const rows = (await statsOf(db, filter)
    .groupBy('day', 'branchId', 'staffId', 'sourceId')
    .select('day', 'branchId', 'staffId', 'sourceId', db.raw('sum("newPatients") as "newPatients"'), db.raw('sum("visits" - "newPatients") as "returning"'))) as Array<Record<string, unknown>>
  const groups = { newPatients: [] as PatientVisitGroup[], returning: [] as PatientVisitGroup[] }
  for (const row of rows) {
    for (const figure of ['newPatients', 'returning'] as const) {
      const value = Number(row[figure] ?? 0)
      if (value > 0) groups[figure].push({ day: String(row.day), branchId: String(row.branchId), doctorId: String(row.staffId), sourceId: sourceOf(row.sourceId), value })
    }
  }
  return groups
}

/** Visits, new patients or no-shows per doctor or per the patient's source (key null: none), as `visitFigureBy`. */
export async function visitGroupsFromStats(db: Knex, filter: ReportFilter, figure: 'visits' | 'newPatients' | 'noShow', grain: 'doctor' | 'source'): Promise<Array<{ key: string | null; value: number }>> {
  await refreshVisitStats(db, filter)
  const key = grain === 'doctor' ? 'staffId' : 'sourceId'
  const rows = (await statsOf(db, filter).groupBy(key).select({ key }).sum({ value: figure })) as Array<{ key: unknown; value: unknown }>
  return rows.map((row) => ({ key: sourceOf(row.key), value: Number(row.value ?? 0) })).filter((group) => group.value > 0)
}
