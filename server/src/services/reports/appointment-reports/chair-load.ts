import type { BookedMinutesGroup } from '../../appointments/appointment/outcome-reads'
import { lineOf } from '../report-scope'
import type { LoadHours } from './load-hours'
import type { ChairLoad, LoadLine } from './appointment-reports.shared'

/**
 * The work places' load of the report: booked minutes on each work place (`bookedMinutesGroups`
 * with a work place) over its open hours (`loadHours`), per work place, per branch and in total.
 * Every active work place has a line; one made inactive or removed since keeps a line for what
 * was booked on it, with no hours (its load is no figure).
 */
export function chairLoad(hours: LoadHours, booked: readonly BookedMinutesGroup[]): ChairLoad {
  const places = new Map(hours.workPlaces.map((place, index) => [place._id, { ...place, order: index }]))
  const byChair = new Map<string, LoadLine>()
  const byBranch = new Map<string, LoadLine>()
  const totals = { bookedMinutes: 0, availableMinutes: 0 }
  const empty = (key: string, name: string, branchId: string) => (): LoadLine => ({ key, name, branchId, bookedMinutes: 0, availableMinutes: 0 })
  const lines = (workPlaceId: string, branchId: string) => [
    lineOf(byChair, workPlaceId, empty(workPlaceId, places.get(workPlaceId)?.name ?? '', places.get(workPlaceId)?.branchId ?? branchId)),
    lineOf(byBranch, branchId, empty(branchId, '', branchId))
  ]
  for (const place of hours.workPlaces) if (place.active) lines(place._id, place.branchId)
  for (const group of booked) {
    if (!group.workPlaceId) continue
    for (const line of lines(group.workPlaceId, group.branchId)) line.bookedMinutes += group.value
    totals.bookedMinutes += group.value
  }
  for (const day of hours.chairs) {
    for (const line of lines(day.workPlaceId, day.branchId)) line.availableMinutes += day.minutes
    totals.availableMinutes += day.minutes
  }
  // The calendar's order (branch, rank); work places no longer known last.
  const order = (line: LoadLine) => places.get(line.key)?.order ?? Number.MAX_SAFE_INTEGER
  return {
    totals,
    byChair: [...byChair.values()].sort((a, b) => order(a) - order(b) || a.key.localeCompare(b.key)),
    byBranch: [...byBranch.values()].sort((a, b) => a.key.localeCompare(b.key))
  }
}
