import { Type, type Static } from '@feathersjs/typebox'
import { BadRequest } from '@feathersjs/errors'
import type { HookContext } from '../declarations'
import { clinicError } from '../errors'
import { intervalsProblem, sortIntervals, MAX_INTERVALS_PER_DAY, type TimeInterval } from '../../../domain/schedule/intervals'
import { MAX_SCHEDULE_DATES, normalizeSchedule, scheduleProblem, weekdayKeys, type StaffSchedule } from '../../../domain/schedule/working-hours'

/*
 * Schemas say the shape; the times themselves ('HH:mm', start before end, no overlaps, real
 * dates) are checked by domain/schedule with our own message codes and field paths, so a form
 * can show "Enter a time as HH:mm" at the very field rather than a generic "not valid".
 */

/** One interval of a day, company-local wall-clock times. */
export const TimeIntervalSchema = Type.Object({ start: Type.String({ maxLength: 5 }), end: Type.String({ maxLength: 5 }) }, { additionalProperties: false })
/** A day's intervals. The hard cap is generous; the domain's own limit answers with its message. */
export const DayIntervalsSchema = Type.Array(TimeIntervalSchema, { maxItems: MAX_INTERVALS_PER_DAY * 4 })

/** A team member's working hours: see domain/schedule/working-hours.ts. */
export const StaffScheduleSchema = Type.Object(
  {
    week: Type.Optional(Type.Object(Object.fromEntries(weekdayKeys.map((key) => [key, Type.Optional(DayIntervalsSchema)])), { additionalProperties: false })),
    dates: Type.Optional(Type.Record(Type.String({ maxLength: 10 }), DayIntervalsSchema, { maxProperties: MAX_SCHEDULE_DATES }))
  },
  { additionalProperties: false }
)
export type StaffScheduleShape = Static<typeof StaffScheduleSchema>

/** Before create/patch (after the schema): checks `field`'s schedule and stores it normalised. */
export const checkSchedule =
  (field = 'schedule') =>
  (context: HookContext) => {
    const data = context.data as Record<string, unknown> | undefined
    const schedule = data?.[field] as StaffSchedule | undefined
    if (!data || schedule === undefined) return
    const problem = scheduleProblem(schedule)
    if (problem) throw clinicError(BadRequest, problem.code, `${field}.${problem.path}`)
    context.data = { ...data, [field]: normalizeSchedule(schedule) }
  }

/** Before create/patch (after the schema): checks a list of intervals and stores it sorted. */
export const checkIntervals =
  (field = 'intervals') =>
  (context: HookContext) => {
    const data = context.data as Record<string, unknown> | undefined
    const intervals = data?.[field] as TimeInterval[] | undefined
    if (!data || intervals === undefined) return
    if (intervals.length > MAX_INTERVALS_PER_DAY) throw clinicError(BadRequest, 'too-many-intervals', field)
    const problem = intervalsProblem(intervals)
    if (problem) throw clinicError(BadRequest, problem.code, `${field}.${problem.path}`)
    context.data = { ...data, [field]: sortIntervals(intervals) }
  }
