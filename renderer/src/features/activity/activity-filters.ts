import dayjs, { type Dayjs } from 'dayjs'

/** The filters of the activity log: a person, a section (service), a day range (inclusive). */
export interface ActivityFilterValues {
  userId?: string
  service?: string
  range?: [Dayjs, Dayjs] | null
}

/** The server query for the filters: days are the viewer's local days, sent as UTC instants. */
export function activityQuery(filters: ActivityFilterValues): Record<string, unknown> {
  const query: Record<string, unknown> = {}
  if (filters.userId) query.userId = filters.userId
  if (filters.service) query.service = filters.service
  if (filters.range) {
    query.createdAt = {
      $gte: filters.range[0].startOf('day').toISOString(),
      $lt: filters.range[1].add(1, 'day').startOf('day').toISOString()
    }
  }
  return query
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * The filters a link opens the log with (the history report's "open in the log"): `user`,
 * `service`, and `from` and `to` as days, both included. Values not of that shape are ignored.
 */
export function activityFiltersFrom(params: URLSearchParams): ActivityFilterValues {
  const filters: ActivityFilterValues = {}
  const user = params.get('user')
  const service = params.get('service')
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  if (user) filters.userId = user
  if (service) filters.service = service
  if (DAY.test(from) && DAY.test(to) && from <= to) filters.range = [dayjs(from), dayjs(to)]
  return filters
}

/** The log's address with those filters (`/company/userActivities?…`). */
export function activityLink(filters: { userId?: string; service?: string; from: string; to: string }): string {
  const params = new URLSearchParams()
  if (filters.userId) params.set('user', filters.userId)
  if (filters.service) params.set('service', filters.service)
  params.set('from', filters.from)
  params.set('to', filters.to)
  return `/company/userActivities?${params.toString()}`
}
