import type { TFunction } from 'i18next'
import { daysText } from './waiting-entry'
import type { WaitingListEntry } from './waiting-list-types'

/** The readable parts of an entry, shared by the table, the phone rows and the slot offers. */
export function entryTexts(
  t: TFunction,
  entry: WaitingListEntry,
  lookups: { doctorNames: Map<string, string>; serviceNames: Map<string, string>; date: (value: string) => string }
) {
  return {
    doctor: entry.staffId ? lookups.doctorNames.get(entry.staffId) ?? '—' : t('waitingList.anyDoctor'),
    services: entry.serviceIds.map((id) => lookups.serviceNames.get(id)).filter(Boolean).join(', '),
    dates: entry.dateFrom === entry.dateTo ? lookups.date(entry.dateFrom) : `${lookups.date(entry.dateFrom)} – ${lookups.date(entry.dateTo)}`,
    days: daysText(entry.days, (day) => t(`waitingList.weekdays.${day}`), t('waitingList.anyDay')),
    times: `${entry.timeFrom}–${entry.timeTo}`,
    duration: t('waitingList.minutes', { count: entry.duration })
  }
}
