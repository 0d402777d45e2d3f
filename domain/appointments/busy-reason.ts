import { fromMinutes, toMinutes } from '../schedule/intervals'

/** What a booking check knows of a visit: instants, and its company-local start time. */
export interface HeldSlot {
  start: string
  end: string
  /** end plus the services' buffer: the slot is held until then. */
  blockedUntil: string
  /** Company-local 'HH:mm' of start. */
  time: string
}

/**
 * Why a doctor or chair cannot take `wanted` because of `taken` (the two hold overlapping
 * slots), with company-local times the person can check on the calendar:
 * - `visit`: the visits themselves overlap (taken runs from..to);
 * - `buffer-after`: wanted starts in the buffer after taken's visit (which starts at `visit`), free from `until`;
 * - `own-buffer`: wanted's own buffer (until `until`) runs into taken's visit at `visit`.
 */
export type BusyReason =
  | { reason: 'visit'; from: string; to: string }
  | { reason: 'buffer-after'; visit: string; until: string }
  | { reason: 'own-buffer'; visit: string; until: string }

const minutesFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 60_000)
/** The local clock `minutes` after a local start time (wrapping past midnight). */
const clockAfter = (time: string, minutes: number) => fromMinutes((((toMinutes(time) + minutes) % 1440) + 1440) % 1440)

export function busyReason(wanted: HeldSlot, taken: HeldSlot): BusyReason {
  const takenEnd = clockAfter(taken.time, minutesFrom(taken.start, taken.end))
  if (Date.parse(taken.start) < Date.parse(wanted.end) && Date.parse(taken.end) > Date.parse(wanted.start)) {
    return { reason: 'visit', from: taken.time, to: takenEnd }
  }
  if (Date.parse(taken.start) < Date.parse(wanted.start)) {
    return { reason: 'buffer-after', visit: taken.time, until: clockAfter(taken.time, minutesFrom(taken.start, taken.blockedUntil)) }
  }
  return { reason: 'own-buffer', visit: taken.time, until: clockAfter(wanted.time, minutesFrom(wanted.start, wanted.blockedUntil)) }
}
