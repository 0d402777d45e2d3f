import type { AppointmentSlot, AppointmentSlotsQuery } from './appointment-types'
import { dayKey, toFloating } from './zoned-time'

/** What the slot finder asks for, as the person set it. */
export interface SlotSearch {
  serviceIds: string[]
  staffId: string | null
  workPlaceKind: 'chair' | 'room' | null
  /** Every branch the caller may book in, else the current one. */
  anyBranch: boolean
  timeFrom: string | null
  timeTo: string | null
  /** ISO weekdays (1 Monday .. 7 Sunday) wanted; empty: any day. */
  weekdays: number[]
  /** The first company-local day searched; four weeks from it (the server's default span). */
  dateFrom: string
}

/** The number of slots the finder shows. */
export const FINDER_SLOTS = 12

/** The query of appointment-slots, or null until a service is chosen (a visit has no length before). */
export function slotSearchQuery(search: SlotSearch, currentBranch: string | null): AppointmentSlotsQuery | null {
  if (search.serviceIds.length === 0) return null
  return {
    serviceIds: search.serviceIds,
    ...(search.staffId ? { staffId: search.staffId } : {}),
    ...(search.workPlaceKind ? { workPlaceKind: search.workPlaceKind } : {}),
    ...(!search.anyBranch && currentBranch ? { branchId: currentBranch } : {}),
    ...(search.timeFrom ? { timeFrom: search.timeFrom } : {}),
    ...(search.timeTo ? { timeTo: search.timeTo } : {}),
    ...(search.weekdays.length > 0 ? { weekdays: [...search.weekdays].sort((a, b) => a - b) } : {}),
    dateFrom: search.dateFrom,
    $limit: FINDER_SLOTS
  }
}

/** Slots grouped by their company-local day, in the server's order. */
export function slotsByDay(slots: AppointmentSlot[], timeZone: string): Array<{ day: string; slots: AppointmentSlot[] }> {
  const days: Array<{ day: string; slots: AppointmentSlot[] }> = []
  for (const slot of slots) {
    const day = dayKey(toFloating(slot.start, timeZone))
    const last = days[days.length - 1]
    if (last?.day === day) last.slots.push(slot)
    else days.push({ day, slots: [slot] })
  }
  return days
}
