import type { Knex } from 'knex'
import { APPOINTMENT_TABLE } from './appointment-booking'
import { VISIT_STATUSES, earlierVisitOf, shiftedInstant, STORED_DAY_SLACK_MS } from './visit-reads'
import { newAndReturningGroupsFromStats, patientVisitGroupsFromStats } from './source-stats-reads'
import { lapsedFromVisitNextDays, lapsedRowsFromVisitNextDays } from './visit-next-days'
import { customerSourcesTable } from '../../customers/customers/customer-sources'
import { instantBounds, type ReportFilter, type RowsPage } from '../../report-filter'
import { shiftMonths } from '../../../../../domain/reports/customer-reports'
import { appointmentStatuses, type AppointmentStatus } from '../../../../../domain/appointments/status'

/**
 * The appointments area's figures for the customers report and the conversion funnel (issue 19,
 * docs/decisions/reports.md), with the summary's one definition of a first visit
 * (`earlierVisitOf`, visit-reads.ts):
 * - newPatients: visits in the period that are the patient's first visit ever;
 * - returning: visits in the period of a patient with an earlier visit (new + returning = visits);
 * - lapsed: patients whose last visit before the period's end fell `months` months before the
 *   period (so they reached `months` without a visit during it), on that visit's branch and doctor.
 * Each per company-local day (lapsed: of the last visit), branch, doctor and the patient's source;
 * a figure and its rows come from one query (`patientVisits`), only the select differs.
 * Indexes: appointment (companyId, start) / (companyId, branchId, start), and
 * (companyId, customerId, start) for "earlier" and "later" visits.
 */
export type PatientVisitFigure = 'newPatients' | 'returning' | 'lapsed'

/**
 * The report filter, the patient's source (undefined any, null none), the lapse in months and the
 * instants that bound the days `months` before the period (for the start index).
 */
export interface PatientVisitFilter extends ReportFilter {
  sourceId?: string | null
  lapsedMonths: number
  lapsedStarts: readonly [string, string]
}

export interface PatientVisitGroup {
  day: string
  branchId: string
  doctorId: string
  sourceId: string | null
  value: number
}

export interface PatientVisitRow {
  /** The visit's id. */
  _id: string
  day: string
  time: string
  branchId: string
  customerId: string
  doctorId: string
  sourceId: string | null
  value: number
}

/** The narrowing of a drill-down (a day of the period; lapsed has no day of the period). */
export interface PatientVisitNarrowing {
  day?: string
}

/** The one query behind a figure, over visits aliased `v` joined to the patients' sources `cs`. */
function patientVisits(db: Knex, filter: PatientVisitFilter, figure: PatientVisitFigure, narrow: PatientVisitNarrowing) {
  const query = db(`${APPOINTMENT_TABLE} as v`)
    .leftJoin(customerSourcesTable(db, filter.companyId).as('cs'), 'cs._id', 'v.customerId')
    .where('v.companyId', filter.companyId)
    .whereIn('v.status', [...VISIT_STATUSES])
  if (figure === 'lapsed') {
    // The last visit before the period's end, on a day `months` before the period.
    query.where('v.start', '>=', filter.lapsedStarts[0]).where('v.start', '<', filter.lapsedStarts[1])
    query.where('v.date', '>=', shiftMonths(filter.from, -filter.lapsedMonths)).where('v.date', '<', shiftMonths(filter.to, -filter.lapsedMonths))
    query.whereNotExists(
      db(`${APPOINTMENT_TABLE} as l`)
        .select(db.raw('1'))
        .where('l.companyId', db.ref('v.companyId'))
        .where('l.customerId', db.ref('v.customerId'))
        .whereIn('l.status', [...VISIT_STATUSES])
        .where('l.date', '<', filter.to)
        .where((later) => later.where('l.start', '>', db.ref('v.start')).orWhere((same) => same.where('l.start', db.ref('v.start')).where('l._id', '>', db.ref('v._id'))))
    )
  } else {
    // As visits (visit-reads.ts): a visit counts on the day stored with it (a change of zone moves none).
    const [start, end] = instantBounds(filter, narrow.day)
    query.where('v.start', '>=', shiftedInstant(start, -STORED_DAY_SLACK_MS)).where('v.start', '<', shiftedInstant(end, STORED_DAY_SLACK_MS))
    if (narrow.day) query.where('v.date', narrow.day)
    else query.where('v.date', '>=', filter.from).where('v.date', '<', filter.to)
    if (figure === 'newPatients') query.whereNotExists(earlierVisitOf(db, 'v'))
    else query.whereExists(earlierVisitOf(db, 'v'))
  }
  if (filter.branchIds) query.whereIn('v.branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('v.staffId', filter.doctorId)
  if (filter.sourceId === null) query.whereNull('cs.sourceId')
  else if (filter.sourceId !== undefined) query.where('cs.sourceId', filter.sourceId)
  return query
}

/**
 * A figure per day, branch, doctor and source: new and returning from the visits by source rollup
 * (visit-source-stats.ts); lapsed (the last visit before the period's end, per patient) from each
 * visit's next day (visit-next-days.ts), per day of the last visit unless `lapsedPerDay` is false (day '').
 */
export async function patientVisitFigure(db: Knex, filter: PatientVisitFilter, figure: PatientVisitFigure, lapsedPerDay = true): Promise<PatientVisitGroup[]> {
  if (figure === 'lapsed') return lapsedFromVisitNextDays(db, filter, lapsedPerDay)
  return patientVisitGroupsFromStats(db, filter, figure)
}

/** New patients and returning visits at once (one read of the visits by source rollup), each as `patientVisitFigure` answers it. */
export async function newAndReturningFigures(db: Knex, filter: PatientVisitFilter): Promise<Record<'newPatients' | 'returning', PatientVisitGroup[]>> {
  return newAndReturningGroupsFromStats(db, filter)
}

/** The same, counted from the visits (the definition the rollup is tested against). */
export async function patientVisitFigureFromAppointments(db: Knex, filter: PatientVisitFilter, figure: PatientVisitFigure): Promise<PatientVisitGroup[]> {
  const rows = (await patientVisits(db, filter, figure, {})
    .groupBy('v.date', 'v.branchId', 'v.staffId', 'cs.sourceId')
    .select('v.date as day', 'v.branchId as branchId', 'v.staffId as doctorId', 'cs.sourceId as sourceId')
    .count({ value: '*' })) as Array<{ day: string; branchId: string; doctorId: string; sourceId: string | null; value: unknown }>
  return rows.map((row) => ({ day: row.day, branchId: row.branchId, doctorId: row.doctorId, sourceId: row.sourceId ?? null, value: Number(row.value) }))
}

/** The visits behind a figure, earliest first, one page of them (`RowsPage`); and how many there are. Lapsed: from each visit's next day (visit-next-days.ts). */
export async function patientVisitRows(db: Knex, filter: PatientVisitFilter, figure: PatientVisitFigure, narrow: PatientVisitNarrowing, page: RowsPage): Promise<{ total: number; rows: PatientVisitRow[] }> {
  if (figure === 'lapsed') return lapsedRowsFromVisitNextDays(db, filter, page)
  return patientVisitRowsFromAppointments(db, filter, figure, narrow, page)
}

/** The same from the appointments (the definition the next days are tested against). */
export async function patientVisitRowsFromAppointments(db: Knex, filter: PatientVisitFilter, figure: PatientVisitFigure, narrow: PatientVisitNarrowing, page: RowsPage): Promise<{ total: number; rows: PatientVisitRow[] }> {
  const base = patientVisits(db, filter, figure, narrow)
  const [{ count }] = (await base.clone().count({ count: '*' })) as Array<{ count: unknown }>
  const rows = (await base
    .select('v._id', 'v.date', 'v.time', 'v.branchId', 'v.customerId', 'v.staffId', 'cs.sourceId as sourceId')
    .orderBy([{ column: 'v.start' }, { column: 'v._id' }])
    .limit(page.limit)
    .offset(page.skip ?? 0)) as Array<Record<string, unknown>>
  return {
    total: Number(count),
    rows: rows.map((row) => ({
      _id: String(row._id), day: String(row.date), time: String(row.time), branchId: String(row.branchId), customerId: String(row.customerId),
      doctorId: String(row.staffId), sourceId: (row.sourceId as string | null) ?? null, value: 1
    }))
  }
}

/** Each patient's first visit ever (day and doctor), for the rows of a report; patients never seen are missing. */
export async function firstVisitsOf(db: Knex, companyId: string, customerIds: readonly string[]): Promise<Map<string, { day: string; doctorId: string }>> {
  const found = new Map<string, { day: string; doctorId: string }>()
  const ids = [...new Set(customerIds)]
  for (let start = 0; start < ids.length; start += 500) {
    const rows = (await db(`${APPOINTMENT_TABLE} as v`)
      .where('v.companyId', companyId)
      .whereIn('v.customerId', ids.slice(start, start + 500))
      .whereIn('v.status', [...VISIT_STATUSES])
      .whereNotExists(earlierVisitOf(db, 'v'))
      .select('v.customerId', 'v.date', 'v.staffId')) as Array<{ customerId: string; date: string; staffId: string }>
    for (const row of rows) found.set(row.customerId, { day: row.date, doctorId: row.staffId })
  }
  return found
}

/** The funnel's "booked": an appointment made, whatever became of it; a draft or an online request not taken up is no booking. */
export const BOOKED_STATUSES: readonly AppointmentStatus[] = appointmentStatuses.filter((status) => status !== 'draft' && status !== 'onlineWaiting')

/**
 * Of these patients, those with an appointment in one of `statuses` (with `doctorId` when given),
 * whenever it is: the funnel's "booked" and "arrived" steps.
 */
export async function patientsWithAppointments(db: Knex, companyId: string, customerIds: readonly string[], statuses: readonly string[], doctorId: string | null): Promise<Set<string>> {
  const found = new Set<string>()
  const ids = [...new Set(customerIds)]
  for (let start = 0; start < ids.length; start += 500) {
    const query = db(APPOINTMENT_TABLE).distinct('customerId').where({ companyId }).whereIn('customerId', ids.slice(start, start + 500)).whereIn('status', [...statuses])
    if (doctorId) query.where('staffId', doctorId)
    for (const row of (await query) as Array<{ customerId: string }>) found.add(row.customerId)
  }
  return found
}
