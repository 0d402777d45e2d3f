import type { Knex } from 'knex'
import type { ReportFilter } from '../../report-filter'
import { bookableMembers, type BookableMember } from '../../team/users/user-rows'
import { workPlacesOf, type WorkPlaceEntry } from '../../schedule/work-place/work-place-rows'
import { workingIntervalsOn } from '../../../../../domain/schedule/working-hours'
import { minutesOf, unionOfIntervals, type TimeInterval } from '../../../../../domain/schedule/intervals'
import { pushTo } from '../../../../../domain/multimap'

/** A doctor's working hours on one day of the period (their schedule, as the calendar reads it). */
export interface DoctorDay {
  doctorId: string
  /** The doctor's branches among those asked for: the branch lines their hours count in. */
  branchIds: string[]
  day: string
  minutes: number
  /** '09:00–13:00, 14:00–18:00' */
  hours: string
}

/** A work place's open hours on one day: the union of the hours of the doctors of its branch. */
export interface ChairDay {
  workPlaceId: string
  branchId: string
  day: string
  minutes: number
  hours: string
}

/** The denominators of the load: doctors' days, chairs' days, and every work place asked for (for names). */
export interface LoadHours {
  doctors: DoctorDay[]
  chairs: ChairDay[]
  workPlaces: WorkPlaceEntry[]
}

const hoursText = (intervals: readonly TimeInterval[]) => intervals.map((interval) => `${interval.start}–${interval.end}`).join(', ')

/**
 * The available minutes of the period (docs/decisions/reports.md, "Load"), from one read of the
 * team and one of the work places:
 * - a doctor's: their working hours each day (`users.schedule` through `bookableMembers`, each day
 *   by `workingIntervalsOn`, the calendar's rule), for members who take appointments, working in
 *   the branches asked for, one when a doctor is named (or the caller sees only their own);
 * - a work place's (active ones only): each day, the union of the hours of those same doctors
 *   who work in its branch: the chair can be used while someone who books it is at work. With
 *   one doctor, their hours: the chair's time during that doctor's day.
 * Schedules have no branch: a doctor of two branches brings all their hours to either.
 */
export async function loadHours(db: Knex, filter: ReportFilter, workPlaceId?: string, options: { hoursText?: boolean } = {}): Promise<LoadHours> {
  // The hours as text are for the report's rows; the home sums minutes only.
  const textOf = options.hoursText === false ? () => '' : hoursText
  const [members, workPlaces] = await Promise.all([
    bookableMembers(db, filter.companyId, { staffId: filter.doctorId ?? undefined, inBranches: filter.branchIds }),
    workPlacesOf(db, filter.companyId, filter.branchIds, workPlaceId)
  ])
  const asked = filter.branchIds ? new Set(filter.branchIds) : null
  // Each doctor's hours of each day, computed once for both the doctors' and the chairs' lines.
  const hoursOf = new Map<string, TimeInterval[][]>()
  const doctors: DoctorDay[] = []
  for (const member of members) {
    const branchIds = member.branchIds.filter((branchId) => !asked || asked.has(branchId))
    const days = filter.days.map((day) => workingIntervalsOn(member.schedule, day))
    hoursOf.set(member._id, days)
    days.forEach((intervals, index) => {
      const minutes = minutesOf(intervals)
      if (minutes > 0) doctors.push({ doctorId: member._id, branchIds, day: filter.days[index], minutes, hours: textOf(intervals) })
    })
  }
  return { doctors, chairs: chairDays(members, hoursOf, workPlaces, filter.days, textOf), workPlaces }
}

/** The members of each branch, grouped once (a year of 300 branches asked each branch-day: 65 M list scans). */
function membersByBranch(members: readonly BookableMember[]): Map<string, BookableMember[]> {
  const byBranch = new Map<string, BookableMember[]>()
  for (const member of members) for (const branchId of member.branchIds) pushTo(byBranch, branchId, member)
  return byBranch
}

function chairDays(
  members: readonly BookableMember[], hoursOf: ReadonlyMap<string, TimeInterval[][]>, workPlaces: readonly WorkPlaceEntry[], days: readonly string[], textOf: (intervals: readonly TimeInterval[]) => string
): ChairDay[] {
  const byBranch = membersByBranch(members)
  // A branch's open hours of a day, their minutes and text: once for all its work places.
  const open = new Map<string, { minutes: number; hours: string }>()
  const openHours = (branchId: string, dayIndex: number) => {
    const key = `${branchId}|${dayIndex}`
    let found = open.get(key)
    if (!found) {
      const union = unionOfIntervals((byBranch.get(branchId) ?? []).flatMap((member) => hoursOf.get(member._id)![dayIndex]))
      open.set(key, (found = { minutes: minutesOf(union), hours: textOf(union) }))
    }
    return found
  }
  const chairs: ChairDay[] = []
  for (const place of workPlaces) {
    if (!place.active) continue
    days.forEach((day, dayIndex) => {
      const { minutes, hours } = openHours(place.branchId, dayIndex)
      if (minutes > 0) chairs.push({ workPlaceId: place._id, branchId: place.branchId, day, minutes, hours })
    })
  }
  return chairs
}
