import { clientService } from '../../../client-service'
import type { UserBalanceReportsService } from './user-balance-reports.class'

/**
 * `user-balance-reports` (spec section 7): per doctor for a period, the balance before it, the
 * base and share earned, what was paid out and the balance at the period's end, for the company
 * or one branch, and the same per day. Find only; resource `balance-reports`
 * (docs/decisions/billing-payouts.md, docs/decisions/reports.md). `$rows: <figure>` answers the
 * statement lines behind one number.
 */
export const userBalanceReportsPath = 'user-balance-reports'
export const userBalanceReportsMethods = ['find'] as const
export type UserBalanceReportsClientService = Pick<UserBalanceReportsService, (typeof userBalanceReportsMethods)[number]>

/** The figures of a doctor's period; `balance` = opening + share − paidOut. */
export const payoutFigures = ['opening', 'base', 'share', 'paidOut', 'balance'] as const
export type PayoutFigure = (typeof payoutFigures)[number]
/** The figures made of lines (the balance is made of three of them). */
export const payoutRowFigures = ['opening', 'base', 'share', 'paidOut'] as const
export type PayoutRowFigure = (typeof payoutRowFigures)[number]
export type PayoutFigures = Record<PayoutFigure, number>

export interface BalanceReportRow extends PayoutFigures {
  userId: string
  name: string
}

/** One day of the period, every doctor in scope added up; `balance` is what they are owed at the day's end. */
export interface BalanceReportDay {
  day: string
  base: number
  share: number
  paidOut: number
  balance: number
}

export interface BalanceReport extends PayoutFigures {
  from: string
  to: string
  branchId: string | null
  doctorId: string | null
  /** Per doctor (those who take appointments, and anyone with earnings), by name. */
  rows: BalanceReportRow[]
  /** Every day of the period in order. */
  days: BalanceReportDay[]
  /** Each figure's formula, as a text key (`reports.payouts.formulas.<figure>`). */
  formulas: Record<PayoutFigure, string>
}

/** A statement line behind a figure: an earning (a share of an invoice line) or a payout. */
export interface PayoutReportLine {
  _id: string
  kind: 'earning' | 'payout'
  source: 'invoice-line' | 'payment-allocation' | 'payout'
  day: string
  userId: string
  doctorName: string
  branchId: string | null
  customerId: string | null
  customerName: string
  invoiceId: string | null
  invoiceNumber: string | null
  serviceName: string
  quantity: number
  percent: number | null
  fixedAmount: number | null
  base: number
  share: number
  method: string | null
  note: string | null
  closed: boolean
  adjustment: boolean
  /** What the line adds to the figure asked for. */
  value: number
}

export interface BalanceReportRows {
  figure: PayoutRowFigure
  from: string
  to: string
  /** The sum of every matching line (not only those sent). */
  sum: number
  /** How many lines match; at most `limit` are in `data`. */
  total: number
  limit: number
  data: PayoutReportLine[]
}

export const userBalanceReportsClient = clientService<UserBalanceReportsClientService>()(userBalanceReportsPath, userBalanceReportsMethods)
