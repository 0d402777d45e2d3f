/**
 * Doctors' payouts (docs/decisions/billing-payouts.md): pure rules, integer minor units only.
 * A doctor earns a share of each invoice line they did: a percent of the line's base, or a fixed
 * amount per unit; the base is what the line was billed (its part of the invoice's total) or what
 * was paid towards it (each payment's allocation spread over the invoice's lines pro rata).
 */
import { percentOf, ratio } from './money'

/** What a doctor's share of a line is: a whole percent (0..100) of the base, or a fixed amount per unit. */
export type ShareRule = { percent: number; amount: null } | { percent: null; amount: number }

/** Which base the company pays doctors on (company setting `payoutBase`, default billed). */
export const payoutBases = ['billed', 'paid'] as const
export type PayoutBase = (typeof payoutBases)[number]

/** How money is given to a doctor. */
export const payoutMethods = ['cash', 'card', 'bank', 'other'] as const
export type PayoutMethod = (typeof payoutMethods)[number]

/**
 * `amount` split over parts in proportion to `weights`, in whole minor units that add up to
 * `amount` exactly (largest remainder; ties go to the earlier part). A negative amount (a
 * refund) splits as the mirror of its positive; weights of zero get nothing unless all are zero,
 * when the first part takes everything.
 */
export function spread(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return []
  if (amount < 0) return spread(-amount, weights).map((part) => (part === 0 ? 0 : -part))
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  if (total <= 0) return weights.map((_, index) => (index === 0 ? amount : 0))
  const parts: number[] = []
  const remainders: Array<{ index: number; rest: number }> = []
  let given = 0
  weights.forEach((weight, index) => {
    // amount × weight passes 2^53 for everyday sums in tiyin (an invoice of 1 500 000 sum is
    // 1.5e8 minor units, squared 2.25e16): the product in BigInt, the part and the remainder
    // (smaller than `total`) back in numbers.
    const product = BigInt(amount) * BigInt(weight)
    const rest = product % BigInt(total)
    const part = Number((product - rest) / BigInt(total))
    parts.push(part)
    given += part
    remainders.push({ index, rest: Number(rest) })
  })
  remainders.sort((a, b) => b.rest - a.rest || a.index - b.index)
  for (let left = amount - given, at = 0; left > 0; left -= 1, at += 1) parts[remainders[at].index] += 1
  return parts
}

/**
 * The doctor's share of a line's base or of a part of it. `portion` is the money counted (the
 * line's billed base, or a payment's part of it); `lineBase` the line's whole billed base and
 * `whole` whether the portion is the whole line (billed base). A percent is taken of the
 * portion; a fixed amount per unit is `amount × quantity` for the whole line and pro rata to the
 * money for a part (nothing for a part of a free line). Signs follow the portion: a refund or a
 * cancellation takes the share back.
 */
export function shareOf(rule: ShareRule, portion: number, lineBase: number, quantity: number, whole: boolean): number {
  const sign = portion < 0 ? -1 : 1
  const size = portion * sign
  let share: number
  if (rule.percent !== null) share = percentOf(size, rule.percent)
  else if (whole) share = rule.amount * quantity
  else if (lineBase <= 0) share = 0
  else share = ratio(rule.amount * quantity, size, lineBase)
  return share === 0 ? 0 : share * sign
}

/** The day after a company-local day ('YYYY-MM-DD'). */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}
