import { clientService } from '../../../client-service'
import type { ExpenseReportsService } from './expense-reports.class'
import type { ExpenseRow, PayoutRow } from '../../billing/expense-report-reads'
import type { PaymentRow } from '../../billing/payment-report-reads'

/**
 * `expense-reports` (spec sections 6 and 7, issue 19): the money a clinic spent in a period, per
 * category, branch and company-local day, and the period's net: money taken (payments less
 * refunds) − expenses − payouts to doctors (docs/decisions/reports.md). Find only; resource
 * `expense-reports`, module `reports`. `$rows: <figure>` answers the rows behind one number.
 */
export const expenseReportsPath = 'expense-reports'
export const expenseReportsMethods = ['find'] as const
export type ExpenseReportsClientService = Pick<ExpenseReportsService, (typeof expenseReportsMethods)[number]>

/** The figures: `net` = income − expenses − payouts. */
export const expenseFigures = ['expenses', 'income', 'payouts', 'net'] as const
export type ExpenseFigure = (typeof expenseFigures)[number]
/** The figures made of rows (the net is made of the other three). */
export const expenseRowFigures = ['expenses', 'income', 'payouts'] as const
export type ExpenseRowFigure = (typeof expenseRowFigures)[number]

export interface ExpenseByCategory {
  category: string
  count: number
  amount: number
}
export interface ExpenseByBranch {
  branchId: string
  count: number
  amount: number
}
export interface ExpenseDay {
  day: string
  expenses: number
  payouts: number
}
export interface ExpenseCell {
  day: string
  branchId: string
  category: string
  count: number
  amount: number
}

export interface ExpenseReport {
  from: string
  to: string
  branchId: string | null
  /** `income`, `payouts` and `net` are null for one who may not view the payments and payouts reports. */
  totals: { expenses: number; count: number; income: number | null; payouts: number | null; net: number | null }
  byCategory: ExpenseByCategory[]
  byBranch: ExpenseByBranch[]
  /** Days with an expense or a payout, in order. */
  byDay: ExpenseDay[]
  /** Per day, branch and category: what the export writes. */
  cells: ExpenseCell[]
  /** Each figure's formula, as a text key (`reports.expenses.formulas.<figure>`). */
  formulas: Record<ExpenseFigure, string>
}

/** A row behind a number: an expense, a payout to a doctor or a payment (refunds negative). */
export type ExpenseReportRow =
  | (ExpenseRow & { kind: 'expense' })
  | (PayoutRow & { kind: 'payout'; doctorName: string })
  | (Pick<PaymentRow, '_id' | 'day' | 'date' | 'branchId' | 'customerId' | 'method' | 'value'> & { kind: 'payment' | 'refund'; customerName: string })

export interface ExpenseReportRows {
  figure: ExpenseRowFigure
  from: string
  to: string
  /** The sum of every matching row (not only those sent). */
  sum: number
  total: number
  limit: number
  data: ExpenseReportRow[]
}

export const expenseReportsClient = clientService<ExpenseReportsClientService>()(expenseReportsPath, expenseReportsMethods)
