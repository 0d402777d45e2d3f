import { addDays, companyToday, dayRangeQuery } from './zoned-time'
import type { AppointmentStatus } from './appointment-types'

/** The server's largest page; a calendar range asks for up to the contract's 1000. */
export const MAX_PAGE = 500
export const RANGE_LIMIT = 1000

/** The named lists of /appointments/filter/{filter}. */
export const appointmentFilters = ['today', 'tomorrow', 'week', 'upcoming', 'past', 'all'] as const
export type AppointmentFilter = (typeof appointmentFilters)[number]

export function isAppointmentFilter(value: unknown): value is AppointmentFilter {
  return typeof value === 'string' && (appointmentFilters as readonly string[]).includes(value)
}

export interface ListState {
  /** Clinic days 'YYYY-MM-DD', inclusive; either may be open. */
  from?: string | null
  to?: string | null
  staffId?: string | null
  status?: AppointmentStatus | null
  page: number
}

/**
 * A named filter → the day range it means in the clinic's calendar (inclusive days, open ends as
 * null) and its sort: what is coming soonest first, except the past, newest first.
 */
export function filterRange(filter: AppointmentFilter, timeZone: string, now: Date = new Date()): { from: string | null; to: string | null; newestFirst: boolean } {
  const today = companyToday(timeZone, now)
  switch (filter) {
    case 'today':
      return { from: today, to: today, newestFirst: false }
    case 'tomorrow':
      return { from: addDays(today, 1), to: addDays(today, 1), newestFirst: false }
    case 'week':
      return { from: today, to: addDays(today, 6), newestFirst: false }
    case 'upcoming':
      return { from: today, to: null, newestFirst: false }
    case 'past':
      return { from: null, to: addDays(today, -1), newestFirst: true }
    default:
      return { from: null, to: null, newestFirst: true }
  }
}

/** The `start` condition for inclusive clinic days, open ends left out. */
export function startCondition(from: string | null | undefined, to: string | null | undefined, timeZone: string) {
  const condition: Record<string, string> = {}
  if (from) condition.$gte = dayRangeQuery(from, addDays(from, 1), timeZone).$gte
  if (to) condition.$lt = dayRangeQuery(to, addDays(to, 1), timeZone).$lt
  return Object.keys(condition).length ? condition : undefined
}

export const LIST_PAGE_SIZE = 25

/** The find query of one list page. */
export function listQuery(state: ListState, newestFirst: boolean, timeZone: string, extra: Record<string, unknown> = {}) {
  const start = startCondition(state.from, state.to, timeZone)
  return {
    ...extra,
    ...(start ? { start } : {}),
    ...(state.staffId ? { staffId: state.staffId } : {}),
    ...(state.status ? { status: state.status } : {}),
    $sort: { start: newestFirst ? -1 : 1 },
    $limit: LIST_PAGE_SIZE,
    $skip: (Math.max(1, state.page) - 1) * LIST_PAGE_SIZE
  }
}
