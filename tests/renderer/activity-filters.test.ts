import { activityFiltersFrom, activityLink, activityQuery } from '../../renderer/src/features/activity/activity-filters'

describe('the activity log opened from an address (the history report\'s link)', () => {
  test('the link carries the person, section and days; the log reads them back', () => {
    const link = activityLink({ userId: 'u1', service: 'customers', from: '2026-11-01', to: '2026-11-30' })
    expect(link).toBe('/company/userActivities?user=u1&service=customers&from=2026-11-01&to=2026-11-30')
    const filters = activityFiltersFrom(new URL(link, 'http://x').searchParams)
    expect([filters.userId, filters.service, filters.range?.map((day) => day.format('YYYY-MM-DD'))]).toEqual(['u1', 'customers', ['2026-11-01', '2026-11-30']])
    // Both days included: the query ends at the start of the day after.
    const query = activityQuery(filters) as { createdAt: { $gte: string; $lt: string } }
    expect(Date.parse(query.createdAt.$lt) - Date.parse(query.createdAt.$gte)).toBeGreaterThanOrEqual(29 * 86_400_000)
    expect(activityLink({ from: '2026-11-05', to: '2026-11-05' })).toBe('/company/userActivities?from=2026-11-05&to=2026-11-05')
  })

  test('days not of that shape, or the wrong way round, are ignored', () => {
    for (const search of ['from=2026-11-30&to=2026-11-01', 'from=yesterday&to=2026-11-01', 'from=2026-11-01', '']) {
      expect(activityFiltersFrom(new URLSearchParams(search)).range).toBeUndefined()
    }
  })
})
