import { minutesOfDay, toZoned } from './zoned-time'

/** What a waiting-list entry says about the slot its customer would take. */
export interface WaitingWish {
  staffId: string | null
  dateFrom: string
  dateTo: string
  /** 1 Monday .. 7 Sunday; empty means any day. */
  days: number[]
  timeFrom: string
  timeTo: string
  duration: number
}

export interface FreeSlot {
  start: string
  end: string
  staffId: string
}

/**
 * Whether a waiting customer could take a free slot: the doctor is the one they want (or they
 * want any), the slot's local day is in their date range and on one of their days, and their
 * visit (its duration from the slot's start) fits both the slot and their time window. A slot
 * crossing local midnight never fits (a visit happens within one day).
 */
export function fitsSlot(wish: WaitingWish, slot: FreeSlot, timeZone: string): boolean {
  if (wish.staffId !== null && wish.staffId !== slot.staffId) return false
  const startMs = Date.parse(slot.start)
  const endMs = Date.parse(slot.end)
  if (!(endMs > startMs) || wish.duration * 60_000 > endMs - startMs) return false
  const local = toZoned(startMs, timeZone)
  if (local.date < wish.dateFrom || local.date > wish.dateTo) return false
  if (wish.days.length > 0 && !wish.days.includes(local.weekday)) return false
  const visitEnd = local.minutes + wish.duration
  return local.minutes >= minutesOfDay(wish.timeFrom) && visitEnd <= minutesOfDay(wish.timeTo) && visitEnd <= 1440
}
