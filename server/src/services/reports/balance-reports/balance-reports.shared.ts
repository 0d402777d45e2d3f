import { clientService } from '../../../client-service'
import type { BalanceReportsService } from './balance-reports.class'
import type { DebtRow } from '../../billing/debt-report-reads'
import { ageingBuckets, type AgeingBucket } from '../../../../../domain/reports/money-reports'

/**
 * `balance-reports` (spec sections 6 and 7, issue 19): the debtors report. What patients owe as
 * of the end of a company-local day (default today), aged 0–30, 31–60, 61–90 and over 90 days
 * from the invoice's issue day, per branch and per patient; and the prepaid balances the clinic
 * holds for patients (definitions: docs/decisions/reports.md). Find only; resource
 * `balance-reports`, module `reports`. `$rows: 'debt'` answers the invoices behind a number,
 * `$rows: 'prepaid'` the patients holding money.
 */
export const balanceReportsPath = 'balance-reports'
export const balanceReportsMethods = ['find'] as const
export type BalanceReportsClientService = Pick<BalanceReportsService, (typeof balanceReportsMethods)[number]>

export { ageingBuckets }
export type { AgeingBucket }
export const debtFigures = ['debt', 'prepaid'] as const
export type DebtFigure = (typeof debtFigures)[number]

export type AgedDebt = Record<AgeingBucket, number> & {
  /** Σ of the buckets. */
  debt: number
  /** Invoices owing. */
  invoices: number
}

export interface DebtByBranch extends AgedDebt {
  branchId: string
}
export interface DebtByPatient extends AgedDebt {
  customerId: string
  name: string
}

export interface BalanceReport {
  asOf: string
  branchId: string | null
  doctorId: string | null
  totals: AgedDebt & { patients: number }
  byBranch: DebtByBranch[]
  /** The patients owing, largest debt first, at most 1000 (`patientsTotal`: how many there are). */
  patients: DebtByPatient[]
  patientsTotal: number
  /**
   * Money on patients' balances (owed by the clinic): the company's, so only for a report of
   * every branch and every doctor; null otherwise.
   */
  prepaid: { sum: number; patients: number } | null
  /** Each figure's formula, as a text key (`reports.debtors.formulas.<figure>`). */
  formulas: Record<'debt' | 'age' | 'prepaid', string>
}

export interface DebtReportRow extends DebtRow {
  /** Days from the issue day to the report's day. */
  age: number
  customerName: string
  doctorName: string
}
export interface PrepaidReportRow {
  _id: string
  customerId: string
  customerName: string
  /** Company-local day money last moved on the balance. */
  lastMovement: string
  value: number
}

export interface BalanceReportRows<F extends DebtFigure = DebtFigure> {
  figure: F
  asOf: string
  /** The sum of every matching row (not only those sent). */
  sum: number
  total: number
  limit: number
  data: F extends 'debt' ? DebtReportRow[] : PrepaidReportRow[]
}

export const balanceReportsClient = clientService<BalanceReportsClientService>()(balanceReportsPath, balanceReportsMethods)
