import type { Dayjs } from 'dayjs'

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
