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
/** `sourceId` of patients with no source recorded. */
export { NO_SOURCE } from '../../../../../domain/reports/sources'

export type AppointmentFigures = Record<AppointmentFigure, number>

/** One line of a table: a doctor, a source (null: none recorded) or a branch, and its figures. */
export interface AppointmentReportLine extends AppointmentFigures {
  key: string | null
  /** The doctor's or source's name ('' for a branch: the screen has the names). */
  name: string
}

export interface AppointmentReport {
  from: string
  to: string
  branchId: string | null
  doctorId: string | null
  sourceId: string | null
  totals: AppointmentFigures
  /** Doctors with figures or working hours in the period, by name. Only these lines have `availableMinutes`. */
  byDoctor: AppointmentReportLine[]
  bySource: AppointmentReportLine[]
  byBranch: AppointmentReportLine[]
  /** Each figure's formula, as a text key (`reports.appointments.formulas.<figure>`). */
  formulas: Record<AppointmentFigure, string>
}

export interface AppointmentReportRow {
  _id: string
  /** null for a row of working hours. */
  appointmentId: string | null
  day: string
  /** Company-local start time (for a move: of the start it left); working hours for `availableMinutes`. */
  time: string
  branchId: string | null
  customerId: string | null
  customerName: string
  doctorId: string
  doctorName: string
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
  figure: AppointmentFigure
  from: string
  to: string
  /** The sum of every matching row (not only those sent), equal to the figure. */
  sum: number
  total: number
  limit: number
  data: AppointmentReportRow[]
}

export const appointmentReportsClient = clientService<AppointmentReportsClientService>()(appointmentReportsPath, appointmentReportsMethods)
