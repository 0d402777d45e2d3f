import type { Knex } from 'knex'
import { bookedMinutesFromStats } from './visit-stats'
import { outcomeGroupsFromStats } from './source-stats-reads'
import { LATE_CANCEL } from './cancel-timing'
import { shiftedInstant, STORED_DAY_SLACK_MS } from './visit-reads'
import { APPOINTMENT_TABLE, MOVES_TABLE } from './appointment-booking'
import { databaseEngine } from '../../../db'
import { slotHoldingStatuses } from '../../../../../domain/appointments/status'
import { customerSourcesTable } from '../../customers/customers/customer-sources'
import { instantBounds, type ReportFilter, type RowsPage } from '../../report-filter'

/**
 * The appointments area's figures for the appointments report (issue 19, docs/decisions/reports.md),
 * each on the company-local day of the appointment's start in the period, per doctor (`staffId`),
 * branch and the patient's source:
 * - completed, noShow: appointments whose status now is completed / no-show;
 * - cancelled: whose status now is cancelled, split by who (the last status change's `by`: none
 *   is the patient, through the confirm link or Telegram; a member is the clinic) and how late
 *   (that change less than 24 hours before the start, or after it: late; else early);
 * - rescheduled: moves of a booked appointment (`appointment_moves`), on the day it left, with
 *   the doctor it was booked with;
 * - bookedMinutes: Σ duration of appointments holding their slot (planned to completed).
 * A total and its rows come from one query (`outcomeQuery`): only the select differs.
 */
export const outcomeFigures = ['completed', 'cancelled', 'cancelledByPatient', 'cancelledByClinic', 'cancelledLate', 'cancelledEarly', 'noShow', 'rescheduled', 'bookedMinutes'] as const
export type OutcomeFigure = (typeof outcomeFigures)[number]

/** The report filter and the patient's source: undefined any, null none recorded. */
export interface OutcomeFilter extends ReportFilter {
  sourceId?: string | null
  /** Only appointments booked on this work place (a chair's load). */
  workPlaceId?: string
  /** Only appointments booked on a work place (the chairs' load). */
  onWorkPlace?: boolean
}

export interface OutcomeGroup {
  doctorId: string
  branchId: string
  sourceId: string | null
  value: number
}

export interface OutcomeRow {
  /** The appointment's id, or the move's. */
  _id: string
  appointmentId: string
  day: string
  /** The appointment's start (for a move: the start it left). */
  start: string
  branchId: string
  customerId: string
  doctorId: string
  workPlaceId: string | null
  sourceId: string | null
  /** The status change (a cancellation) or the move: when and by whom (null: not a member). */
  changedAt: string | null
  changedBy: string | null
  /** A move's new start. */
  movedTo: string | null
  value: number
}

const sources = (db: Knex, filter: OutcomeFilter) => customerSourcesTable(db, filter.companyId).as('cs')

function bySource(query: Knex.QueryBuilder, filter: OutcomeFilter) {
  if (filter.sourceId === null) query.whereNull('cs.sourceId')
  else if (filter.sourceId !== undefined) query.where('cs.sourceId', filter.sourceId)
}

function appointmentsIn(db: Knex, filter: OutcomeFilter, figure: Exclude<OutcomeFigure, 'rescheduled'>) {
  const [start, end] = instantBounds(filter)
  // As visits (visit-reads.ts): an appointment counts on the day stored with it.
  const query = db(`${APPOINTMENT_TABLE} as a`)
    .leftJoin(sources(db, filter), 'cs._id', 'a.customerId')
    .where('a.companyId', filter.companyId)
    .where('a.start', '>=', shiftedInstant(start, -STORED_DAY_SLACK_MS))
    .where('a.start', '<', shiftedInstant(end, STORED_DAY_SLACK_MS))
    .where('a.date', '>=', filter.from)
    .where('a.date', '<', filter.to)
  if (filter.branchIds) query.whereIn('a.branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('a.staffId', filter.doctorId)
  if (filter.workPlaceId) query.where('a.workPlaceId', filter.workPlaceId)
  if (filter.onWorkPlace) query.whereNotNull('a.workPlaceId')
  bySource(query, filter)
  const late = LATE_CANCEL[databaseEngine(db)]
  switch (figure) {
    case 'completed':
      return query.where('a.status', 'completed')
    case 'noShow':
      return query.where('a.status', 'noShow')
    case 'bookedMinutes':
      return query.whereIn('a.status', [...slotHoldingStatuses])
    case 'cancelled':
      return query.where('a.status', 'cancelled')
    case 'cancelledByPatient':
      return query.where('a.status', 'cancelled').whereNull('a.statusChangedBy')
    case 'cancelledByClinic':
      return query.where('a.status', 'cancelled').whereNotNull('a.statusChangedBy')
    case 'cancelledLate':
      return query.where('a.status', 'cancelled').whereNotNull('a.statusChangedAt').whereRaw(late)
    case 'cancelledEarly':
      return query.where('a.status', 'cancelled').where((early) => early.whereNull('a.statusChangedAt').orWhereRaw(`not (${late})`))
  }
}

function movesIn(db: Knex, filter: OutcomeFilter) {
  const query = db(`${MOVES_TABLE} as m`)
    .join(`${APPOINTMENT_TABLE} as a`, (on) => on.on('a._id', 'm.appointmentId').andOn('a.companyId', 'm.companyId'))
    .leftJoin(sources(db, filter), 'cs._id', 'a.customerId')
    .where('m.companyId', filter.companyId)
    .where('m.fromDate', '>=', filter.from)
    .where('m.fromDate', '<', filter.to)
  if (filter.branchIds) query.whereIn('m.branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('m.staffId', filter.doctorId)
  bySource(query, filter)
  return query
}

/** The one query behind a figure: its rows' columns, named alike for appointments and moves. */
export function outcomeQuery(db: Knex, filter: OutcomeFilter, figure: OutcomeFigure) {
  return figure === 'rescheduled'
    ? { query: movesIn(db, filter), doctor: 'm.staffId', branch: 'm.branchId', id: 'm._id', day: 'm.fromDate', start: 'm.fromStart', order: 'm.fromStart' }
    : { query: appointmentsIn(db, filter, figure), doctor: 'a.staffId', branch: 'a.branchId', id: 'a._id', day: 'a.date', start: 'a.start', order: 'a.start' }
}

/**
 * Every figure per doctor, branch and source: from the visits by source rollup
 * (visit-source-stats.ts), which holds no work place; narrowed to work places, the appointments.
 */
export async function outcomeFigureGroups(db: Knex, filter: OutcomeFilter): Promise<Record<OutcomeFigure, OutcomeGroup[]>> {
  if (filter.workPlaceId === undefined && !filter.onWorkPlace) return outcomeGroupsFromStats(db, filter, outcomeFigures)
  const groups = await Promise.all(outcomeFigures.map((figure) => outcomeFigureFromAppointments(db, filter, figure)))
  return Object.fromEntries(outcomeFigures.map((figure, index) => [figure, groups[index]])) as Record<OutcomeFigure, OutcomeGroup[]>
}

/** A figure per doctor, branch and source (as `outcomeFigureGroups`: the rollup unless narrowed to work places). */
export async function outcomeFigure(db: Knex, filter: OutcomeFilter, figure: OutcomeFigure): Promise<OutcomeGroup[]> {
  if (filter.workPlaceId === undefined && !filter.onWorkPlace) return (await outcomeGroupsFromStats(db, filter, [figure]))[figure]
  return outcomeFigureFromAppointments(db, filter, figure)
}

/** A figure per doctor, branch and source, counted from the appointments (the definition the rollup is tested against). */
export async function outcomeFigureFromAppointments(db: Knex, filter: OutcomeFilter, figure: OutcomeFigure): Promise<OutcomeGroup[]> {
  const { query, doctor, branch } = outcomeQuery(db, filter, figure)
  query.groupBy(doctor, branch, 'cs.sourceId').select(`${doctor} as doctorId`, `${branch} as branchId`, 'cs.sourceId as sourceId')
  if (figure === 'bookedMinutes') query.sum({ value: 'a.duration' })
  else query.count({ value: '*' })
  const rows = (await query) as Array<{ doctorId: string; branchId: string; sourceId: string | null; value: unknown }>
  return rows.map((row) => ({ doctorId: row.doctorId, branchId: row.branchId, sourceId: row.sourceId ?? null, value: Number(row.value ?? 0) }))
}

const instant = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString())

/** The rows behind a figure, earliest first, one page of them (`RowsPage`); and how many there are. */
export async function outcomeFigureRows(db: Knex, filter: OutcomeFilter, figure: OutcomeFigure, page: RowsPage): Promise<{ total: number; rows: OutcomeRow[] }> {
  const { query, doctor, branch, id, day, start, order } = outcomeQuery(db, filter, figure)
  const [{ count }] = (await query.clone().count({ count: '*' })) as Array<{ count: unknown }>
  const moves = figure === 'rescheduled'
  const found = (await query
    .select(
      `${id} as _id`, 'a._id as appointmentId', `${day} as day`, `${start} as start`, `${branch} as branchId`, 'a.customerId as customerId', `${doctor} as doctorId`,
      'a.workPlaceId as workPlaceId', 'cs.sourceId as sourceId', 'a.duration as duration',
      moves ? 'm.at as changedAt' : 'a.statusChangedAt as changedAt', moves ? 'm.by as changedBy' : 'a.statusChangedBy as changedBy', ...(moves ? ['m.toStart as movedTo'] : [])
    )
    .orderBy([{ column: order }, { column: id }])
    .limit(page.limit)
    .offset(page.skip ?? 0)) as Array<Record<string, unknown>>
  return {
    total: Number(count),
    rows: found.map((row) => ({
      _id: String(row._id),
      appointmentId: String(row.appointmentId),
      day: String(row.day),
      start: instant(row.start)!,
      branchId: String(row.branchId),
      customerId: String(row.customerId),
      doctorId: String(row.doctorId),
      workPlaceId: (row.workPlaceId as string | null) ?? null,
      sourceId: (row.sourceId as string | null) ?? null,
      changedAt: figure.startsWith('cancelled') || moves ? instant(row.changedAt) : null,
      changedBy: figure.startsWith('cancelled') || moves ? ((row.changedBy as string | null) ?? null) : null,
      movedTo: moves ? instant(row.movedTo) : null,
      value: figure === 'bookedMinutes' ? Number(row.duration) : 1
    }))
  }
}

/** Booked minutes of one day, branch, doctor and work place (null: booked without one). */
export interface BookedMinutesGroup {
  day: string
  branchId: string
  doctorId: string
  workPlaceId: string | null
  value: number
}

/**
 * Booked minutes (as the `bookedMinutes` figure: the same query) per company-local day, branch,
 * doctor and work place: the load's numerator for doctors and chairs, per day for the home.
 */
export async function bookedMinutesGroups(db: Knex, filter: OutcomeFilter): Promise<BookedMinutesGroup[]> {
  // The visits rollup holds no patient's source: by source, the appointments themselves.
  if (filter.sourceId === undefined) return bookedMinutesFromStats(db, filter)
  return bookedMinutesFromAppointments(db, filter)
}

/** The same, counted from the appointments (the definition the rollup is tested against). */
export async function bookedMinutesFromAppointments(db: Knex, filter: OutcomeFilter): Promise<BookedMinutesGroup[]> {
  const { query } = outcomeQuery(db, filter, 'bookedMinutes')
  const rows = (await query
    .groupBy('a.date', 'a.branchId', 'a.staffId', 'a.workPlaceId')
    .select('a.date as day', 'a.branchId as branchId', 'a.staffId as doctorId', 'a.workPlaceId as workPlaceId')
    .sum({ value: 'a.duration' })) as Array<{ day: string; branchId: string; doctorId: string; workPlaceId: string | null; value: unknown }>
  return rows.map((row) => ({ day: String(row.day), branchId: row.branchId, doctorId: row.doctorId, workPlaceId: row.workPlaceId ?? null, value: Number(row.value ?? 0) }))
}
