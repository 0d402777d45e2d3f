import type { Knex } from 'knex'
import type { ReportFilter } from '../../report-filter'
import { bookedMinutesGroups } from '../../appointments/appointment/outcome-reads'
import { loadHours } from './load-hours'
import type { LoadMinuteKey } from './appointment-reports.shared'

/** Minutes of one load sum on one day, in total (`branchId` null) or in one branch's line. */
export interface DailyLoadEntry {
  day: string
  branchId: string | null
  key: LoadMinuteKey
  value: number
}

/**
 * The appointments report's load sums per company-local day, in total and per branch, for a
 * caller's reach (the director's home sums them into its periods). The same reads as the report,
 * so a period's sums equal the report's totals and branch lines for it: a doctor of two branches
 * counts in both branch lines and once in the total.
 */
export async function dailyLoad(db: Knex, filter: ReportFilter): Promise<DailyLoadEntry[]> {
  const [booked, hours] = await Promise.all([bookedMinutesGroups(db, filter), loadHours(db, filter)])
  const entries: DailyLoadEntry[] = []
  const add = (day: string, branchIds: readonly string[], key: LoadMinuteKey, value: number) => {
    for (const branchId of [null, ...branchIds]) entries.push({ day, branchId, key, value })
  }
  for (const group of booked) {
    add(group.day, [group.branchId], 'bookedMinutes', group.value)
    if (group.workPlaceId) add(group.day, [group.branchId], 'chairBookedMinutes', group.value)
  }
  for (const day of hours.doctors) add(day.day, day.branchIds, 'availableMinutes', day.minutes)
  for (const day of hours.chairs) add(day.day, [day.branchId], 'chairAvailableMinutes', day.minutes)
  return entries
}
