import { isEndTime, isTime } from '../../../../domain/schedule/intervals'
import {
  calendarDurationSteps,
  calendarHoursSteps,
  calendarSteps,
  calendarZooms,
  defaultCalendarSettings,
  type CalendarSettings
} from '../../../../domain/schedule/calendar-settings'

/** The company's calendar settings (`company.settings.calendar`); choices and defaults are the domain's. */
export type { CalendarSettings }
export { defaultCalendarSettings }
export const zoomLevels = calendarZooms
export const stepChoices = calendarSteps
export const durationStepChoices = calendarDurationSteps
export const hoursStepChoices = calendarHoursSteps

/** Reads what the company stored, keeping only valid values (an old or partial record still works). */
export function calendarSettingsOf(settings: Record<string, unknown> | null | undefined): CalendarSettings {
  const stored = (settings?.calendar ?? {}) as Partial<Record<keyof CalendarSettings, unknown>>
  const pick = <T>(value: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback)
  const days = Array.isArray(stored.workingDays) ? stored.workingDays.filter((day): day is number => Number.isInteger(day) && day >= 1 && day <= 7) : null
  return {
    zoom: pick(stored.zoom, zoomLevels, defaultCalendarSettings.zoom),
    step: pick(stored.step, stepChoices, defaultCalendarSettings.step),
    durationStep: pick(stored.durationStep, durationStepChoices, defaultCalendarSettings.durationStep),
    hoursStep: pick(stored.hoursStep, hoursStepChoices, defaultCalendarSettings.hoursStep),
    dayStart: isTime(stored.dayStart) ? stored.dayStart : defaultCalendarSettings.dayStart,
    dayEnd: isEndTime(stored.dayEnd) ? stored.dayEnd : defaultCalendarSettings.dayEnd,
    workingDays: days?.length ? [...new Set(days)].sort((a, b) => a - b) : defaultCalendarSettings.workingDays
  }
}
