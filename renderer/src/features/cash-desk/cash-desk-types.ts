import type { CashShift, ShiftReport, ShiftMovement } from '../../../../server/src/services/billing/z-payments/z-payments.shared'

export type { CashShift, ShiftReport, ShiftMovement }
export { zPaymentsPath, MAX_MOVEMENT_NOTE, MAX_CLOSE_NOTE } from '../../../../server/src/services/billing/z-payments/z-payments.shared'
export { MAX_DESK_NAME, overShort } from '../../../../domain/billing/cash-desk'

/** Whether a count came out over, short or exact (the colour and word of the figure). */
export function balanceWord(difference: number): 'over' | 'short' | 'exact' {
  return difference > 0 ? 'over' : difference < 0 ? 'short' : 'exact'
}
