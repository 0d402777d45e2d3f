import { isEndTime, isTime, toMinutes } from './intervals'

/** Spec section 9: calendar zoom, calendar step, duration step, appointment hours step. */
export const calendarZooms = [1, 2, 3, 4] as const
/** Minutes per slot row of the calendar. */
export const calendarSteps = [5, 10, 15, 20, 30, 60] as const
/** Duration choices of the booking form, minutes apart. */
export const calendarDurationSteps = [5, 10, 15, 30] as const
/** Time choices of the booking form, minutes apart. */
export const calendarHoursSteps = [5, 10, 15, 30, 60] as const

/** `company.settings.calendar`: how the appointment calendar looks and what the booking form offers. */
export interface CalendarSettings {
  zoom: (typeof calendarZooms)[number]
  step: (typeof calendarSteps)[number]
  durationStep: (typeof calendarDurationSteps)[number]
  hoursStep: (typeof calendarHoursSteps)[number]
  /** The calendar's visible day, company-local 'HH:mm' ('24:00' may end it). */
  dayStart: string
  dayEnd: string
  /** Days shown in the week view, 1 = Monday .. 7 = Sunday, ascending. */
  workingDays: number[]
}

export const defaultCalendarSettings: CalendarSettings = {
  zoom: 2,
  step: 15,
  durationStep: 15,
  hoursStep: 15,
  dayStart: '08:00',
  dayEnd: '20:00',
  workingDays: [1, 2, 3, 4, 5, 6]
}

/** Stored settings (possibly partial, or absent in a company made before issue 5) completed with the defaults. */
export function withCalendarDefaults(stored: Partial<CalendarSettings> | null | undefined): CalendarSettings {
  return { ...defaultCalendarSettings, ...(stored ?? {}) }
}

export type CalendarSettingsProblemCode = 'time-invalid' | 'calendar-day-invalid' | 'working-days-required'

/**
 * The first problem of complete calendar settings that their schema cannot say, with the field
 * (relative to the calendar object), or null. The schema checks the steps and the day numbers.
 */
export function calendarSettingsProblem(settings: CalendarSettings): { code: CalendarSettingsProblemCode; path: string } | null {
  if (!isTime(settings.dayStart)) return { code: 'time-invalid', path: 'dayStart' }
  if (!isEndTime(settings.dayEnd)) return { code: 'time-invalid', path: 'dayEnd' }
  if (toMinutes(settings.dayStart) >= toMinutes(settings.dayEnd)) return { code: 'calendar-day-invalid', path: 'dayEnd' }
  if (settings.workingDays.length === 0) return { code: 'working-days-required', path: 'workingDays' }
  return null
}
