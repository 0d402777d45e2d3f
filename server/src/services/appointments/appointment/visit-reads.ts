import type { Knex } from 'knex'
import { APPOINTMENT_TABLE } from './appointment-booking'
import type { AppointmentStatus } from '../../../../../domain/appointments/status'
import { instantBounds, type FigureGroup, type FigureRow, type ReportFilter, type RowsPage, type RowsNarrowing } from '../../report-filter'

/**
 * The appointments area's figures for the reports (issue 19, docs/decisions/reports.md):
 * - visits: appointments the patient came to (arrived, started or completed) on the period's
 *   company-local days;
 * - newPatients: those visits that are the patient's first visit ever (no earlier one in any
 *   branch, with any doctor; two on the same first day: the earlier start), so each patient is
 *   new once, on the day and in the branch of their first visit.
 * - noShows: appointments marked "did not come" (status noShow) on the period's days, in their
 *   branch, with their doctor (the director's home compares them day by day).
 * Read through the (companyId, branchId, start) index, or (companyId, start) for every branch
 * (migration 20261129120500_report_indexes), and for "first ever" (companyId, customerId, start).
 */
export type VisitFigure = 'visits' | 'newPatients' | 'noShows'

export const VISIT_STATUSES: readonly AppointmentStatus[] = ['arrived', 'started', 'completed']

/**
 * How far an appointment's start may lie outside its stored day's instants in today's zone: its
 * day was stored in the zone of its booking, and two zones differ by at most 26 hours. The start
 * bound keeps the read on the start indexes; the stored day decides.
 */
export const STORED_DAY_SLACK_MS = 2 * 24 * 60 * 60 * 1000

/** An instant moved by `ms`, as the ISO text the appointments' instants are compared with. */
export const shiftedInstant = (instant: string, ms: number) => new Date(Date.parse(instant) + ms).toISOString()

/**
 * The appointments of a figure in the period (or one cell of it): the summary's query, grouped
 * per doctor or source by visit-groups.ts. A visit counts on the day stored with it (`date`, the
 * clinic's local day when it was booked or moved), so a later change of the clinic's time zone
 * moves no visit to another day; the visits rollup (visit-stats.ts) counts the same way.
 */
export function visitsIn(db: Knex, filter: ReportFilter, figure: VisitFigure, narrow: RowsNarrowing) {
  const [start, end] = instantBounds(filter, narrow.day)
  const query = db(`${APPOINTMENT_TABLE} as v`)
    .where('v.companyId', filter.companyId)
    .where('v.start', '>=', shiftedInstant(start, -STORED_DAY_SLACK_MS))
    .where('v.start', '<', shiftedInstant(end, STORED_DAY_SLACK_MS))
    .whereIn('v.status', figure === 'noShows' ? ['noShow'] : [...VISIT_STATUSES])
  if (narrow.day) query.where('v.date', narrow.day)
  else query.where('v.date', '>=', filter.from).where('v.date', '<', filter.to)
  if (filter.branchIds) query.whereIn('v.branchId', [...filter.branchIds])
  if (narrow.branchId) query.where('v.branchId', narrow.branchId)
  if (filter.doctorId) query.where('v.staffId', filter.doctorId)
  if (figure === 'newPatients') query.whereNotExists(earlierVisitOf(db, 'v'))
  return query
}

/**
 * The one definition of "not the first visit" (docs/decisions/reports.md): a visit of the same
 * patient before the visit aliased `alias` (any branch, any doctor; the same start: the smaller
 * id), as a subquery for `whereExists` / `whereNotExists`. New patients are visits without one
 * (here and in the customers report), returning visits those with one.
 */
export function earlierVisitOf(db: Knex, alias: string) {
  return db(`${APPOINTMENT_TABLE} as e`)
    .select(db.raw('1'))
    .where('e.companyId', db.ref(`${alias}.companyId`))
    .where('e.customerId', db.ref(`${alias}.customerId`))
    .whereIn('e.status', [...VISIT_STATUSES])
    .where((earlier) => earlier.where('e.start', '<', db.ref(`${alias}.start`)).orWhere((same) => same.where('e.start', db.ref(`${alias}.start`)).where('e._id', '<', db.ref(`${alias}._id`))))
}

/** Visits or new patients per company-local day and branch. */
export async function visitFigure(db: Knex, filter: ReportFilter, figure: VisitFigure): Promise<FigureGroup[]> {
  const rows = (await visitsIn(db, filter, figure, {}).groupBy('v.date', 'v.branchId').select('v.date as day', 'v.branchId as branchId').count({ value: '*' })) as Array<{ day: string; branchId: string; value: unknown }>
  return rows.map((row) => ({ day: row.day, branchId: row.branchId, value: Number(row.value) }))
}

/** The visits behind a figure (or one cell of it), earliest first, one page of them (`RowsPage`); and how many there are. */
export async function visitFigureRows(db: Knex, filter: ReportFilter, figure: VisitFigure, narrow: RowsNarrowing, page: RowsPage): Promise<{ total: number; rows: FigureRow[] }> {
  const base = visitsIn(db, filter, figure, narrow)
  const [{ count }] = (await base.clone().count({ count: '*' })) as Array<{ count: unknown }>
  const rows = (await base.select('v._id', 'v.date', 'v.time', 'v.branchId', 'v.customerId', 'v.staffId').orderBy([{ column: 'v.start' }, { column: 'v._id' }]).limit(page.limit)
    .offset(page.skip ?? 0)) as Array<Record<string, unknown>>
  return {
    total: Number(count),
    rows: rows.map((row) => ({ _id: String(row._id), day: String(row.date), branchId: String(row.branchId), customerId: String(row.customerId), doctorId: String(row.staffId), label: String(row.time), value: 1 }))
  }
}

/**
 * The patients of a company by their last visit (arrived, started or completed), as a subquery
 * of customer ids for a broadcast's filter (dispatch): `before` a day, whose last visit was
 * before it; `after`, with a visit on or after it (company-local days, `YYYY-MM-DD`). Reads the
 * (companyId, customerId, start) index.
 */
export function customersByLastVisit(db: Knex, companyId: string, bounds: { before?: string; after?: string }) {
  const query = db(APPOINTMENT_TABLE).select('customerId').where('companyId', companyId).whereIn('status', [...VISIT_STATUSES]).groupBy('customerId')
  if (bounds.before) query.havingRaw('max(??) < ?', ['date', bounds.before])
  if (bounds.after) query.havingRaw('max(??) >= ?', ['date', bounds.after])
  return query
}
