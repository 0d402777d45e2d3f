/**
 * The cash desk's pure rules (docs/decisions/billing-cash-desk.md): desk names, what the drawer
 * should hold, and what a count says about it. Integer minor units only.
 */

/** The longest desk name. */
export const MAX_DESK_NAME = 60

/** A desk's name as stored: trimmed, inner spaces single. '' is the branch's main desk. */
export function deskName(value: string | undefined | null): string {
  return (value ?? '').replace(/\s+/g, ' ').trim()
}

/** The key two names of one desk share: any case, ё as е. */
export function deskKey(value: string | undefined | null): string {
  return deskName(value).toLowerCase().replace(/ё/g, 'е')
}

export interface DrawerFigures {
  openingFloat: number
  /** Cash payments taken (positive). */
  cashPaid: number
  /** Cash given back in refunds (positive). */
  cashRefunded: number
  cashIn: number
  cashOut: number
}

/** What the drawer should hold: the float, plus cash taken and put in, less cash given back and taken out. */
export function expectedCash(figures: DrawerFigures): number {
  return figures.openingFloat + figures.cashPaid - figures.cashRefunded + figures.cashIn - figures.cashOut
}

/** Over (positive) or short (negative): what was counted less what was expected. */
export function overShort(counted: number, expected: number): number {
  return counted - expected
}

/**
 * The open shift a payment taken now goes to (docs/decisions/billing-cash-desk.md): the open
 * shift of the desk the payment names (`receiver`) when it names one; with no desk named, the
 * branch's only open shift; else none (a bank account named, several desks open and none named,
 * or no shift open). The server decides with it, and the screens say beforehand what it will say.
 */
export function shiftForDesk<T extends { desk: string }>(open: readonly T[], receiver: string | undefined | null): T | null {
  const named = deskKey(receiver)
  if (named) return open.find((shift) => deskKey(shift.desk) === named) ?? null
  return open.length === 1 ? open[0] : null
}

/** The company switch "cash payments only with an open shift" (`settings.cashNeedsOpenShift`); off unless set. */
export function cashNeedsOpenShift(settings: { cashNeedsOpenShift?: unknown } | null | undefined): boolean {
  return settings?.cashNeedsOpenShift === true
}

/**
 * Whether a payment or refund is refused for want of a shift: only cash, only with the switch on,
 * and only when no open shift takes it. Every other method is taken as before.
 */
export function cashRefusedWithoutShift(payment: { method: string; shiftId: string | null }, needsOpenShift: boolean): boolean {
  return needsOpenShift && payment.method === 'cash' && payment.shiftId === null
}
