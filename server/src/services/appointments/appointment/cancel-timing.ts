/**
 * A cancellation less than 24 hours before the start (or after it), computed from the row aliased
 * `a` on each engine: the appointments report's "late" (outcome-reads.ts) and its rollup
 * (visit-source-stats.ts) share it.
 */
export const LATE_CANCEL = {
  postgres: `a."statusChangedAt" > a."start" - interval '24 hours'`,
  sqlite: `unixepoch(a."statusChangedAt") > unixepoch(a."start") - 86400`
} as const
