import type { useFormat } from '../../i18n/format'
import { lastDayOf, type DayRange } from '../../../../domain/reports/periods'

/**
 * A report's days as its header writes them ("1 нояб. 2026 г. – 30 нояб. 2026 г."); the PDF says
 * the same under its title. Noon, so that no time zone moves a calendar day to its neighbour.
 */
export function periodText(format: ReturnType<typeof useFormat>, range: DayRange): string {
  const dayText = (day: string) => format.date(`${day}T12:00:00`)
  return `${dayText(range.from)} – ${dayText(lastDayOf(range))}`
}
