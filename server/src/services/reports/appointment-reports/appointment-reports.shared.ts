import { clientService } from '../../../client-service'
import type { AppointmentReportsService } from './appointment-reports.class'

/**
 * `appointment-reports` (spec sections 2 and 6, issue 19): the outcome of a period's appointments
 * per doctor, source and branch: completed, cancelled (by the patient or the clinic, late or
 * early), no-show, rescheduled, and the doctors' load (booked ÷ available minutes). Definitions:
 * docs/decisions/reports.md. Find only; resource `appointment-reports`, module `reports`.
 * `$rows: <figure>` answers the rows behind a figure, narrowed by the same filters.
 */
export const appointmentReportsPath = 'appointment-reports'
export const appointmentReportsMethods = ['find'] as const
export type AppointmentReportsClientService = Pick<AppointmentReportsService, (typeof appointmentReportsMethods)[number]>

export const appointmentFigures = [
  'completed', 'cancelled', 'cancelledByPatient', 'cancelledByClinic', 'cancelledLate', 'cancelledEarly', 'noShow', 'rescheduled', 'bookedMinutes', 'availableMinutes'
] as const
export type AppointmentFigure = (typeof appointmentFigures)[number]
/** Figures that are minutes (the others count appointments or moves). */
export const minuteFigures: readonly AppointmentFigure[] = ['bookedMinutes', 'availableMinutes']
/** The work places' (chairs') load: booked on a work place, and its open hours. Only `$rows` of these take `workPlaceId`. */
export const chairFigures = ['chairBookedMinutes', 'chairAvailableMinutes'] as const
export type ChairFigure = (typeof chairFigures)[number]
/** Everything `$rows` may ask for. */
export const rowFigures = [...appointmentFigures, ...chairFigures] as const
export type RowFigure = AppointmentFigure | ChairFigure
/** The formulas a report states: each figure's, and the two loads'. */
export type FormulaKey = RowFigure | 'load' | 'chairLoad'
/** `sourceId` of patients with no source recorded. */
export { NO_SOURCE } from '../../../../../domain/reports/sources'

export type AppointmentFigures = Record<AppointmentFigure, number>

/** One line of a table: a doctor, a source (null: none recorded) or a branch, and its figures. */
export interface AppointmentReportLine extends AppointmentFigures {
  key: string | null
  /** The doctor's or source's name ('' for a branch: the screen has the names). */
  name: string
}

/** A line of the load tables: a doctor, a work place or a branch, booked and available minutes (load = booked ÷ available). */
export interface LoadLine {
  key: string
  /** The doctor's or work place's name ('' for a branch, or a work place since removed). */
  name: string
  /** A work place's branch (null for the other lines). */
  branchId: string | null
  bookedMinutes: number
  availableMinutes: number
}

/** The work places' load: in total, per work place and per branch (a work place belongs to one branch, so these add up). */
export interface ChairLoad {
  totals: { bookedMinutes: number; availableMinutes: number }
  byChair: LoadLine[]
  byBranch: LoadLine[]
}

/** The four sums behind the two loads: doctors' (booked ÷ available) and work places' (chair booked ÷ chair available). */
export const loadMinuteKeys = ['bookedMinutes', 'availableMinutes', 'chairBookedMinutes', 'chairAvailableMinutes'] as const
export type LoadMinuteKey = (typeof loadMinuteKeys)[number]
export type LoadMinutes = Record<LoadMinuteKey, number>

export interface AppointmentReport {
  from: string
  to: string
  branchId: string | null
  doctorId: string | null
  sourceId: string | null
  totals: AppointmentFigures
  /** Doctors with figures or working hours in the period, by name. */
  byDoctor: AppointmentReportLine[]
  /** Sources have no hours: `availableMinutes` is 0 there. */
  bySource: AppointmentReportLine[]
  /** `availableMinutes` of a branch: its doctors' hours (a doctor of two branches counts in both: these may add up to more than the total). */
  byBranch: AppointmentReportLine[]
  chairs: ChairLoad
  /** Each figure's formula, as a text key (`reports.appointments.formulas.<figure>`). */
  formulas: Record<FormulaKey, string>
}

export interface AppointmentReportRow {
  _id: string
  /** null for a row of working hours. */
  appointmentId: string | null
  day: string
  /** Company-local start time (for a move: of the start it left); the hours for `availableMinutes` and `chairAvailableMinutes`. */
  time: string
  branchId: string | null
  customerId: string | null
  customerName: string
  /** null for a work place's open hours. */
  doctorId: string | null
  doctorName: string
  workPlaceId: string | null
  workPlaceName: string
  sourceId: string | null
  sourceName: string
  /** A cancellation's or move's moment, and who made it ('' when not a member: the patient). */
  changedAt: string | null
  changedByName: string | null
  /** Whole hours from the cancellation to the start (negative: after it). */
  hoursBefore: number | null
  /** A move's new company-local day and time. */
  movedToDay: string | null
  movedToTime: string | null
  value: number
}

export interface AppointmentReportRows {
  figure: RowFigure
  from: string
  to: string
  /** The sum of every matching row (not only those sent), equal to the figure. */
  sum: number
  total: number
  limit: number
  data: AppointmentReportRow[]
}

export const appointmentReportsClient = clientService<AppointmentReportsClientService>()(appointmentReportsPath, appointmentReportsMethods)
