import { cashRefusedWithoutShift, shiftForDesk } from '../../../../domain/billing/cash-desk'

/**
 * Whether the payment screens (the patient card's payment form, the POS) can already tell that
 * cash will be refused: the company takes cash only into an open shift, and the branch's open
 * shifts (`undefined` while unknown) give none to a payment that names no desk, which is how
 * these screens pay. The server judges by the same rules (z-payments/shift-ledger.ts). Unknown
 * is not blocked: the screen then leaves it to the server's answer.
 */
export function cashBlocked(needsOpenShift: boolean, openShifts: ReadonlyArray<{ _id: string; desk: string }> | undefined): boolean {
  if (!needsOpenShift || !openShifts) return false
  return cashRefusedWithoutShift({ method: 'cash', shiftId: shiftForDesk(openShifts, '')?._id ?? null }, needsOpenShift)
}
