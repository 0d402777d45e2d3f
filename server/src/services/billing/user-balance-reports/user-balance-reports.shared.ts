import { clientService } from '../../../client-service'
import type { UserBalanceReportsService } from './user-balance-reports.class'

export type { BalanceReport, BalanceReportRow, BalanceReportQuery } from './user-balance-reports.schema'

/**
 * `user-balance-reports` (spec section 7): per doctor for a period, the base and share earned,
 * what was paid out and the balance at the period's end, for the company or one branch. Find
 * only; resource `balance-reports` (docs/decisions/billing-payouts.md).
 */
export const userBalanceReportsPath = 'user-balance-reports'
export const userBalanceReportsMethods = ['find'] as const
export type UserBalanceReportsClientService = Pick<UserBalanceReportsService, (typeof userBalanceReportsMethods)[number]>
export const userBalanceReportsClient = clientService<UserBalanceReportsClientService>()(userBalanceReportsPath, userBalanceReportsMethods)
