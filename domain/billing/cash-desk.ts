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
