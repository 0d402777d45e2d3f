import { useGet } from '../../api/live'
import { useSignedIn } from '../../api/session-store'
import type { CalendarSettings } from './appointment-types'
import { calendarSettingsOf } from './calendar-model'

export function useCalendarSettings(): CalendarSettings {
  const company = useGet('my-company', 'mine')
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
