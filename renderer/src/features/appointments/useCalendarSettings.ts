import { useGet } from '../../api/live'
import { useSignedIn } from '../../api/session-store'
import type { MyCompany } from '../../api/types'
import { defaultCalendarSettings, type CalendarSettings } from './appointment-types'

/** company.settings.calendar with the contract's defaults for anything not set. */
export function calendarSettingsOf(raw: Partial<CalendarSettings> | undefined | null): CalendarSettings {
  const merged = { ...defaultCalendarSettings, ...(raw ?? {}) }
  return merged.dayEnd > merged.dayStart ? merged : { ...merged, dayStart: defaultCalendarSettings.dayStart, dayEnd: defaultCalendarSettings.dayEnd }
}

export function useCalendarSettings(): CalendarSettings {
  const company = useGet<MyCompany & { settings?: { calendar?: Partial<CalendarSettings> } }>('my-company', 'mine')
  return calendarSettingsOf(company.data?.settings?.calendar)
}

/** The clinic's timezone: every time on these screens is shown in it. */
export function useCompanyZone(): string {
  const session = useSignedIn()
  return session.company?.timezone || 'UTC'
}

export function useCurrency(): string {
  return useSignedIn().company?.currency || 'UZS'
}
