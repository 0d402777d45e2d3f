/**
 * The company's calendar settings (issue 5 contract): `company.settings.calendar`. Values the
 * company never saved come from the contract's defaults, field by field.
 */
export interface CalendarSettings {
  zoom: number
  step: number
  durationStep: number
  hoursStep: number
  dayStart: string
  dayEnd: string
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

export const zoomLevels = [1, 2, 3, 4] as const
export const stepChoices = [5, 10, 15, 20, 30, 60] as const
export const durationStepChoices = [5, 10, 15, 30] as const
export const hoursStepChoices = [5, 10, 15, 30, 60] as const

const time = /^([01]\d|2[0-3]):[0-5]\d$/

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
    dayStart: typeof stored.dayStart === 'string' && time.test(stored.dayStart) ? stored.dayStart : defaultCalendarSettings.dayStart,
    dayEnd: typeof stored.dayEnd === 'string' && time.test(stored.dayEnd) ? stored.dayEnd : defaultCalendarSettings.dayEnd,
    workingDays: days ? [...new Set(days)].sort() : defaultCalendarSettings.workingDays
  }
}
