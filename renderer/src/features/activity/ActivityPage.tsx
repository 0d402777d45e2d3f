import { useMemo, useState } from 'react'
import { Card, Grid, Table, Typography, type TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useFind } from '../../api/live'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { summarize, type ActivityEntry } from './activity-entry'
import { activityFiltersFrom, activityQuery, type ActivityFilterValues } from './activity-filters'
import { ActivityFilters } from './ActivityFilters'
import { ActivityChanges } from './ActivityChanges'
import { ActivityRecord } from './ActivityRecord'
import { useActivityLookups } from './useActivityLookups'
import { entryRecordName } from './activity-values'

const PAGE_SIZE = 25

/** /company/userActivities: who changed what and when, newest first, filtered and paged. */
export default function ActivityPage() {
  const { t } = useTranslation()
  const format = useFormat()
  // A link may open the log filtered (the history report's numbers: activity-filters.ts).
  const [search] = useSearchParams()
  const [filters, setFilters] = useState<ActivityFilterValues>(() => activityFiltersFrom(search))
  const [page, setPage] = useState(1)
  const query = useMemo(
    () => ({ ...activityQuery(filters), $sort: { createdAt: -1, _id: -1 }, $limit: PAGE_SIZE, $skip: (page - 1) * PAGE_SIZE }),
    [filters, page]
  )
  const entries = useFind('user-activities', query)
  const lookups = useActivityLookups(entries.data?.data)
  const filtered = Boolean(filters.userId || filters.service || filters.range)
  const phone = !Grid.useBreakpoint().md
  const when = (entry: ActivityEntry) => (
    <div className="activity-when">
      <span>{format.dateTime(entry.createdAt)}</span>
      <Typography.Text type="secondary">{lookups.people.get(entry.userId) ?? '—'}</Typography.Text>
    </div>
  )
  const what = (entry: ActivityEntry) => <ActivityRecord summary={summarize(entry)} name={entryRecordName(entry, lookups)} />
  const changes = (entry: ActivityEntry) => <ActivityChanges service={entry.service} changes={summarize(entry).changes} lookups={lookups} />
  // A phone stacks the three columns in one cell.
  const columns: TableColumnsType<ActivityEntry> = phone
    ? [
        {
          key: 'entry',
          render: (_, entry) => (
            <div className="stacked-cell">
              {what(entry)}
              {summarize(entry).changes.length > 0 && changes(entry)}
              <Typography.Text type="secondary" className="activity-record">
                {format.dateTime(entry.createdAt)} · {lookups.people.get(entry.userId) ?? '—'}
              </Typography.Text>
            </div>
          )
        }
      ]
    : [
        { key: 'when', title: t('activity.when'), render: (_, entry) => when(entry) },
        { key: 'what', title: t('activity.action'), render: (_, entry) => what(entry) },
        { key: 'changes', title: t('activity.changes'), render: (_, entry) => changes(entry) }
      ]

  return (
    <>
      <PageHeader title={t('activity.title')} subtitle={t('activity.subtitle')} />
      <Card>
        <ActivityFilters
          value={filters}
          team={lookups.team}
          onChange={(next) => {
            setFilters(next)
            setPage(1)
          }}
        />
        {entries.error ? (
          <FetchError error={entries.error} onRetry={() => void entries.refetch()} />
        ) : (
          <Table<ActivityEntry>
            rowKey="_id"
            loading={entries.isFetching && !entries.data}
            dataSource={entries.data?.data ?? []}
            locale={{ emptyText: filtered ? t('activity.noMatch') : t('activity.empty') }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: entries.data?.total ?? 0,
              onChange: setPage,
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (total) => t('activity.count', { count: total })
            }}
            showHeader={!phone}
            columns={columns}
          />
        )}
      </Card>
    </>
  )
}
