import { useMemo } from 'react'
import type { StaffSchedule } from '../../../../domain/schedule/working-hours'
import { offHours } from './bookable-hours'
import { dayKey, minutesOf, timeKey } from './zoned-time'
import type { ColumnsBy } from './calendar-model'

type Reason = ReturnType<typeof offHours>

/**
 * The calendar's cell check: why a doctor's cell cannot be booked (day off, break, outside the
 * day's hours), or null. Answers are kept per doctor, day and time, since the grid asks for every
 * cell of every column on each render (a week of 10 doctors is thousands of cells).
 */
export function offHoursLookup(schedules: ReadonlyMap<string, StaffSchedule | null>, by: ColumnsBy, step: number) {
  const known = new Map<string, Reason>()
  return (cell: Date, resourceId: unknown): Reason => {
    if (by !== 'staff' || typeof resourceId !== 'string' || !schedules.has(resourceId)) return null
    const day = dayKey(cell)
    const time = timeKey(cell)
    const key = `${resourceId} ${day} ${time}`
    if (!known.has(key)) known.set(key, offHours(schedules.get(resourceId), day, minutesOf(time), step))
    return known.get(key) ?? null
  }
}

/** offHoursLookup for the doctors on screen, remade when their hours or the grid's step change. */
export function useOffHours(doctors: ReadonlyArray<{ _id: string; schedule?: StaffSchedule | null }>, by: ColumnsBy, step: number) {
  return useMemo(() => offHoursLookup(new Map(doctors.map((member) => [member._id, member.schedule ?? null])), by, step), [doctors, by, step])
}
