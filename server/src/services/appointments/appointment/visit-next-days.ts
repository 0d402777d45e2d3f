import type { Knex } from 'knex'
import { letOtherCallsRun, upsertRows } from '../../rollup-marks'
import { VISIT_STATUSES } from './visit-reads'
import { customerSourcesTable } from '../../customers/customers/customer-sources'
import { shiftMonths } from '../../../../../domain/reports/customer-reports'
import { APPOINTMENT_TABLE } from './appointment-booking'
import type { RowsPage } from '../../report-filter'
import type { PatientVisitFilter, PatientVisitGroup, PatientVisitRow } from './patient-visit-reads'

/**
 * Each visit with the earliest day of the patient's later visits (migration
 * 20261206100000_visit_next_days, docs/decisions/reports.md "Rollups"): the customers report's
 * lapsed patients as one range read instead of a "no later visit" probe per visit. Triggers mark
 * the patients whose visits or source changed (`visit_next_dirty`); a reader first recomputes
 * their rows whole (`visitNextRows`, a window over the patient's visits), then reads. Both engines.
 */
export const VISIT_NEXT_TABLE = 'visit_next_days'
export const VISIT_NEXT_DIRTY_TABLE = 'visit_next_dirty'

/**
 * The lapse class of a visit: the longest lapse (12, 6, 3 months; 0 none) its gap to the next day
 * can hold. A visit lapses over N months only if its next day is at least N months later (it is
 * before `to` − N months and the next day is `to` or later), and N months are at least 89, 181
 * and 365 days (1 February to 1 May; 1 September to 1 March; a year): so a class below N is never
 * lapsed over N, and the read skips it with the index. The bounds here are a day short of those,
 * to be safe; the read still asks for the exact next day.
 */
const LAPSE_CLASSES: Array<[number, number]> = [[12, 364], [6, 180], [3, 88]]

/** The lapse classes that can hold a lapse of `months`. */
export const lapseClassesFor = (months: number): number[] => [3, 6, 12].filter((lapse) => lapse >= months)

/**
 * The rows of `visit_next_days` computed from the appointments, of some patients of the company or
 * all of them: each visit with the earliest day of the patient's later visits (later: a later
 * start, or the same start and a larger id; a window over the patient's visits latest first), the
 * patient's source as the raw read joins it (`customerSourcesTable`) and the lapse class.
 */
export function visitNextRows(db: Knex, companyId: string, customerIds?: readonly string[]) {
  const visits = db(`${APPOINTMENT_TABLE} as v`)
    .leftJoin(customerSourcesTable(db, companyId).as('cs'), 'cs._id', 'v.customerId')
    .where('v.companyId', companyId)
    .whereIn('v.status', [...VISIT_STATUSES])
    .select('v.companyId', 'v._id as appointmentId', 'v.customerId', 'v.date as day', 'v.start', 'v.branchId', 'v.staffId')
    .select(db.raw(`coalesce("cs"."sourceId", '') as "sourceId"`))
    .select(db.raw('min("v"."date") over (partition by "v"."customerId" order by "v"."start" desc, "v"."_id" desc rows between unbounded preceding and 1 preceding) as "nextDay"'))
  if (customerIds) visits.whereIn('v.customerId', [...customerIds])
  // The class from the gap to the next day, outside: a window's result is not usable in its own select.
  const gap = db.client.config.client === 'pg' ? 'cast("w"."nextDay" as date) - cast("w"."day" as date)' : 'julianday("w"."nextDay") - julianday("w"."day")'
  const lapse = LAPSE_CLASSES.map(([months, days]) => `when ${gap} >= ${days} then ${months}`).join(' ')
  return db.from(visits.as('w')).select('w.*', db.raw(`case when "w"."nextDay" is null then 12 ${lapse} else 0 end as "lapse"`))
}

const COLUMNS = ['companyId', 'appointmentId', 'customerId', 'day', 'start', 'branchId', 'staffId', 'sourceId', 'nextDay', 'lapse']

/** The company's rows computed whole in one statement, marks cleared (the bench after its bulk load; not for a serving server: one long statement). */
export async function rebuildVisitNextDays(db: Knex, companyId: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx(VISIT_NEXT_TABLE).where({ companyId }).del()
    await trx(VISIT_NEXT_DIRTY_TABLE).where({ companyId }).del()
    // knex's own placeholders (`?`), which raw() turns into each driver's.
    const select = visitNextRows(trx, companyId).toSQL()
    await trx.raw(`insert into ${VISIT_NEXT_TABLE} (${COLUMNS.map((column) => `"${column}"`).join(', ')}) ${select.sql}`, select.bindings as readonly Knex.Value[])
  })
  // PostgreSQL's statistics of the new rows (it grouped a table it knew nothing of by a sort spilled to disk).
  if (db.client.config.client === 'pg') await db.raw(`analyze ${VISIT_NEXT_TABLE}`)
}

/** Patients recomputed per transaction (the event loop turning between them, as rollup-marks.ts's rounds). */
const PATIENTS_PER_ROUND = 500

/** Recomputes the rows of every marked patient of the company, and clears the marks still at the version read. */
export async function refreshVisitNextDays(db: Knex, companyId: string): Promise<void> {
  let after = ''
  for (let round = 0; ; round += 1) {
    // In the order of the key, from where the last round stopped: a mark made again meanwhile waits for the next reader.
    const marks = (await db(VISIT_NEXT_DIRTY_TABLE).where('companyId', companyId).where('customerId', '>', after).orderBy('customerId').limit(PATIENTS_PER_ROUND).select('customerId', 'version')) as Array<{ customerId: string; version: number }>
    if (marks.length === 0) return
    if (round > 0) await letOtherCallsRun()
    const customerIds = marks.map((mark) => mark.customerId)
    await db.transaction(async (trx) => {
      const rows = (await visitNextRows(trx, companyId, customerIds)) as Array<Record<string, unknown>>
      await trx(VISIT_NEXT_TABLE).where('companyId', companyId).whereIn('customerId', customerIds).del()
      await upsertRows(trx, VISIT_NEXT_TABLE, rows, ['companyId', 'appointmentId'])
      for (const mark of marks) await trx(VISIT_NEXT_DIRTY_TABLE).where({ companyId, customerId: mark.customerId, version: mark.version }).del()
    })
    after = customerIds[customerIds.length - 1]
  }
}

/** The lapsed visits: one query behind the figure and its rows (only the select differs). */
function lapsedVisits(db: Knex, filter: PatientVisitFilter) {
  const query = db(`${VISIT_NEXT_TABLE} as n`)
    .where('n.companyId', filter.companyId)
    .whereIn('n.lapse', lapseClassesFor(filter.lapsedMonths))
    .where('n.day', '>=', shiftMonths(filter.from, -filter.lapsedMonths))
    .where('n.day', '<', shiftMonths(filter.to, -filter.lapsedMonths))
    .where((next) => next.whereNull('n.nextDay').orWhere('n.nextDay', '>=', filter.to))
    .where('n.start', '>=', filter.lapsedStarts[0])
    .where('n.start', '<', filter.lapsedStarts[1])
  if (filter.branchIds) query.whereIn('n.branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('n.staffId', filter.doctorId)
  if (filter.sourceId !== undefined) query.where('n.sourceId', filter.sourceId ?? '')
  return query
}

/**
 * Lapsed patients per day of their last visit, branch, doctor and source, as
 * `patientVisitFigureFromAppointments(…, 'lapsed')` counts them: the visits on a day in
 * [from − N months, to − N months) (and, as there, started within the instants of those days)
 * whose patient has no later visit on a day before `to`. `perDay` false: not per day (day ''),
 * what the report shows (lapsed has no day of the period), far fewer groups over a year.
 */
export async function lapsedFromVisitNextDays(db: Knex, filter: PatientVisitFilter, perDay = true): Promise<PatientVisitGroup[]> {
  await refreshVisitNextDays(db, filter.companyId)
  const query = lapsedVisits(db, filter).groupBy('n.branchId', 'n.staffId', 'n.sourceId').select('n.branchId', 'n.staffId as doctorId', 'n.sourceId').count({ value: '*' })
  if (perDay) query.groupBy('n.day').select('n.day')
  const rows = (await query) as Array<{ day?: string; branchId: string; doctorId: string; sourceId: string; value: unknown }>
  return rows.map((row) => ({ day: row.day ?? '', branchId: row.branchId, doctorId: row.doctorId, sourceId: row.sourceId || null, value: Number(row.value) }))
}

/**
 * The lapsed visits behind the figure, as `patientVisitRowsFromAppointments(…, 'lapsed', …)` lists
 * them (earliest first, one page), and how many there are; the page's times from the appointments.
 */
export async function lapsedRowsFromVisitNextDays(db: Knex, filter: PatientVisitFilter, page: RowsPage): Promise<{ total: number; rows: PatientVisitRow[] }> {
  await refreshVisitNextDays(db, filter.companyId)
  const [{ count }] = (await lapsedVisits(db, filter).count({ count: '*' })) as Array<{ count: unknown }>
  const rows = (await lapsedVisits(db, filter)
    .join(`${APPOINTMENT_TABLE} as v`, (join) => join.on('v.companyId', 'n.companyId').andOn('v._id', 'n.appointmentId'))
    .select('n.appointmentId', 'n.day', 'v.time', 'n.branchId', 'n.customerId', 'n.staffId', 'n.sourceId')
    .orderBy([{ column: 'n.start' }, { column: 'n.appointmentId' }])
    .limit(page.limit)
    .offset(page.skip ?? 0)) as Array<Record<string, string>>
  return {
    total: Number(count),
    rows: rows.map((row) => ({
      _id: row.appointmentId, day: row.day, time: row.time, branchId: row.branchId, customerId: row.customerId, doctorId: row.staffId, sourceId: row.sourceId || null, value: 1
    }))
  }
}
