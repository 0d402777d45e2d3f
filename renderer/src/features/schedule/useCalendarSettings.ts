import { useMemo } from 'react'
import { useGet } from '../../api/live'
import { calendarSettingsOf, type CalendarSettings } from './calendar-settings'

/** The company's calendar settings, kept live through `company` events; defaults until loaded. */
export function useCalendarSettings(): CalendarSettings & { loaded: boolean } {
  const company = useGet('company', 'mine')
  const settings = company.data?.settings
  // Stable while the settings are: editors derive their starting state from it.
  return useMemo(() => ({ ...calendarSettingsOf(settings), loaded: company.isSuccess }), [settings, company.isSuccess])
}
