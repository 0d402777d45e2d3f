import { clientService } from '../../../client-service'
import type { CustomerReportsService } from './customer-reports.class'
import { customerFigures, type CustomerFigure, type LapsedMonths } from '../../../../../domain/reports/customer-reports'

/**
 * `customer-reports` (spec sections 2 and 6, issue 19): new patients and returning visits per
 * day, branch, doctor and source, patients registered, and patients lapsed (no visit for a
 * number of months). Definitions: docs/decisions/reports.md. Find only; resource
 * `customer-reports`, module `reports`. `$rows: <figure>` answers the patients behind a figure,
 * narrowed by the same filters (and `day`).
 */
export const customerReportsPath = 'customer-reports'
export const customerReportsMethods = ['find'] as const
export type CustomerReportsClientService = Pick<CustomerReportsService, (typeof customerReportsMethods)[number]>

export { customerFigures, type CustomerFigure }
export type CustomerFigures = Record<CustomerFigure, number>

/** A line of a table: a day, doctor, source (null: none recorded) or branch, and its figures. */
export interface CustomerReportLine extends CustomerFigures {
  key: string | null
  /** The doctor's or source's name ('' for a day or a branch: the screen has those). */
  name: string
}

export interface CustomerReport {
  from: string
  to: string
  branchId: string | null
  doctorId: string | null
  sourceId: string | null
  lapsedMonths: LapsedMonths
  /** `registered` is 0 and not shown with a doctor: a customer has no doctor. */
  totals: CustomerFigures
  registeredShown: boolean
  /** Days with new, returning or registered patients (lapsed patients have no day of the period). */
  byDay: CustomerReportLine[]
  /** Doctors of the visits (no registered column: customers have no doctor). */
  byDoctor: CustomerReportLine[]
  bySource: CustomerReportLine[]
  byBranch: CustomerReportLine[]
  /** Each figure's formula, as a text key (`reports.customers.formulas.<figure>`). */
  formulas: Record<CustomerFigure, string>
}

/** A patient behind a figure: the visit counted (or the registration), with the patient's first visit ever. */
export interface CustomerReportRow {
  /** The visit's id, or the customer's for `registered`. */
  _id: string
  customerId: string
  customerName: string
  /** null when phone protection hides it from the caller (`phoneHidden`). */
  phone: string | null
  phoneHidden: boolean
  /** The visit's day (lapsed: the last visit's), or the day registered. */
  day: string
  time: string | null
  branchId: string
  doctorId: string | null
  doctorName: string
  sourceId: string | null
  sourceName: string
  firstVisit: string | null
  firstVisitDoctorName: string
  value: number
}

export interface CustomerReportRows {
  figure: CustomerFigure
  from: string
  to: string
  /** The sum of every matching row (not only those sent), equal to the figure. */
  sum: number
  total: number
  limit: number
  data: CustomerReportRow[]
}

export const customerReportsClient = clientService<CustomerReportsClientService>()(customerReportsPath, customerReportsMethods)
