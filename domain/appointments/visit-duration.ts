/**
 * How long a visit of some catalogue services takes, as the booking form proposes it: the sum of
 * the services' durations, rounded up to the company's duration step (a 40-minute treatment on
 * a 15-minute grid takes 45). The slot search (appointment-slots) uses the same rule, so the
 * slot it proposes is the one the form then books.
 */

/** Rounds up to the step (never below one step). */
export function roundUpToStep(minutes: number, step: number): number {
  return Math.max(step, Math.ceil(minutes / step) * step)
}

/** The visit's minutes for services of these durations; null when there are none. */
export function visitDuration(serviceDurations: readonly number[], step: number): number | null {
  if (serviceDurations.length === 0) return null
  return roundUpToStep(serviceDurations.reduce((sum, minutes) => sum + minutes, 0), step)
}
