import { clientService } from '../../../client-service'
import type { UserBalanceHistoryService } from './user-balance-history.class'

export type {
  BalanceLine,
  BalanceRule,
  BalanceStatement,
  BalancePeriod,
  BalanceHistoryQuery,
  BalanceHistoryData,
  BalanceHistoryResult,
  BalanceRulesPatch,
  BalanceRulesResult
} from './user-balance-history.schema'

/**
 * `user-balance-history` (spec section 7): a doctor's earnings lines, payouts and running balance
 * for a period (find / get by the doctor's id), the overrides of their percent (patch by the
 * doctor's id), a payout or a period close (create). See docs/decisions/billing-payouts.md.
 */
export const userBalanceHistoryPath = 'user-balance-history'
export const userBalanceHistoryMethods = ['find', 'get', 'create', 'patch'] as const
export type UserBalanceHistoryClientService = Pick<UserBalanceHistoryService, (typeof userBalanceHistoryMethods)[number]>

/** The longest period one call lists (a year and a day). */
export const BALANCE_MAX_DAYS = 367
export const MAX_PAYOUT_RULES = 200
export const MAX_PAYOUT_NOTE = 2000

export const userBalanceHistoryClient = clientService<UserBalanceHistoryClientService>()(userBalanceHistoryPath, userBalanceHistoryMethods)
