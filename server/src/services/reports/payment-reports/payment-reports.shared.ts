import { clientService } from '../../../client-service'
import type { PaymentReportsService } from './payment-reports.class'
import type { PaymentRow } from '../../billing/payment-report-reads'
import { paymentFigures, type AllocationTarget, type PaymentFigure } from '../../../../../domain/reports/money-reports'

/**
 * `payment-reports` (spec sections 6 and 7, issue 19): the money taken in a period: collected,
 * refunds, net and cancelled payments per company-local day and branch, per method, per staff
 * member who took it and per doctor of the invoices it went to (definitions:
 * docs/decisions/reports.md). Find only; resource `payment-reports`, module `reports`.
 * `$rows: <figure>` answers the rows behind one number.
 */
export const paymentReportsPath = 'payment-reports'
export const paymentReportsMethods = ['find'] as const
export type PaymentReportsClientService = Pick<PaymentReportsService, (typeof paymentReportsMethods)[number]>

export { paymentFigures }
export type { AllocationTarget, PaymentFigure }
export type PaymentFigures = Record<PaymentFigure, number>

export interface PaymentCell extends PaymentFigures {
  day: string
  branchId: string
}
export interface PaymentDay extends PaymentFigures {
  day: string
}
export interface PaymentByBranch extends PaymentFigures {
  branchId: string
}
/**
 * The day × branch cells come without asking for a report of one branch or of at most this many
 * days; otherwise only with `cells: true` (a year of 300 branches is 110,000 cells, 14 MB).
 */
export const PAYMENT_CELLS_DAYS = 31
export interface PaymentByMethod extends PaymentFigures {
  method: string
}
export interface PaymentByCashier extends PaymentFigures {
  /** The staff member who recorded the payment; null: no one (an online payment). */
  cashierId: string | null
  name: string
}
export interface PaymentByDoctor extends PaymentFigures {
  /** The doctor of the invoices the money went to; null with `via` for the balance or invoices without a doctor. */
  doctorId: string | null
  via: AllocationTarget | null
  name: string
}

export interface PaymentReport {
  from: string
  to: string
  branchId: string | null
  doctorId: string | null
  totals: PaymentFigures
  /** Per day over the branches, days in order, only days with something in them. */
  byDay: PaymentDay[]
  /** Per branch over the days, only branches with something in them. */
  byBranch: PaymentByBranch[]
  /**
   * Per day and branch, days in order, only cells with something in them; null when left out:
   * asked with `cells: false`, or a period over `PAYMENT_CELLS_DAYS` days of several branches not
   * asked with `cells: true`.
   */
  cells: PaymentCell[] | null
  byMethod: PaymentByMethod[]
  byCashier: PaymentByCashier[]
  byDoctor: PaymentByDoctor[]
  /** Each figure's formula, as a text key (`reports.payments.formulas.<figure>`). */
  formulas: Record<PaymentFigure, string>
}

export interface PaymentReportRow extends PaymentRow {
  customerName: string
  cashierName: string
  doctorName: string
}

export interface PaymentReportRows {
  figure: PaymentFigure
  from: string
  to: string
  /** The sum of every matching row (not only those sent). */
  sum: number
  /** How many rows match; at most `limit` are in `data`. */
  total: number
  limit: number
  data: PaymentReportRow[]
}

export const paymentReportsClient = clientService<PaymentReportsClientService>()(paymentReportsPath, paymentReportsMethods)
