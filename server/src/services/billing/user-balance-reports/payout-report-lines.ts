import type { BalanceLine } from '../user-balance-history/user-balance-history.schema'
import type { BalanceReportDay, PayoutRowFigure } from './user-balance-reports.shared'

/** A doctor's statement line as `statementLines` orders it (user-balance-history.class.ts). */
export type StatementLine = Omit<BalanceLine, 'balance' | 'customerName'>

/**
 * What a line adds to a figure of the period `[from, last]` (last included), or null when it is
 * not part of it. The one rule behind both the totals and the drill-down rows, so a figure always
 * equals the sum of its rows; it is `periodTotals`' (user-balance-history.class.ts) rule:
 * before the period everything moves the opening balance (earnings up, payouts down); in it,
 * earnings count their base and share, payouts their amount.
 */
export function lineValue(line: StatementLine, figure: PayoutRowFigure, from: string, last: string): number | null {
  if (line.date > last) return null
  if (figure === 'opening') return line.date < from ? line.share : null
  if (line.date < from) return null
  if (figure === 'paidOut') return line.kind === 'payout' ? -line.share : null
  if (line.kind !== 'earning') return null
  return figure === 'base' ? line.base : line.share
}

/** The figures of a doctor's lines over the period, computed by `lineValue`. */
export function lineTotals(lines: readonly StatementLine[], from: string, last: string) {
  const sum = (figure: PayoutRowFigure) => lines.reduce((total, line) => total + (lineValue(line, figure, from, last) ?? 0), 0)
  const totals = { opening: sum('opening'), base: sum('base'), share: sum('share'), paidOut: sum('paidOut'), balance: 0 }
  totals.balance = totals.opening + totals.share - totals.paidOut
  return totals
}

/** Adds a doctor's lines to the period's days (base, share, paid out); the running balance is set by `closeDays`. */
export function addToDays(days: Map<string, BalanceReportDay>, lines: readonly StatementLine[], from: string, last: string) {
  for (const line of lines) {
    const day = days.get(line.date)
    if (!day) continue
    day.base += lineValue(line, 'base', from, last) ?? 0
    day.share += lineValue(line, 'share', from, last) ?? 0
    day.paidOut += lineValue(line, 'paidOut', from, last) ?? 0
  }
}

/** Each day's balance at its end: the opening plus what was earned less what was paid out up to it. */
export function closeDays(days: Iterable<BalanceReportDay>, opening: number): BalanceReportDay[] {
  let running = opening
  return [...days].map((day) => {
    running += day.share - day.paidOut
    return { ...day, balance: running }
  })
}
