/**
 * Load (docs/decisions/reports.md, "Load"): booked minutes ÷ available minutes as a whole
 * percent; null, shown as no figure rather than infinity, when nothing was available.
 */
export function loadPercent(booked: number, available: number): number | null {
  return available > 0 ? Math.round((booked / available) * 100) : null
}
