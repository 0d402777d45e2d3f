import { useMemo, useState } from 'react'
import { Grid, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFind } from '../../api/live'
import { useCurrentBranch } from '../../api/branch'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { customerName } from '../customers/customer-name'
import type { CustomerRecord } from '../customers/customer-types'
import { EntryActions } from './EntryActions'
import { entryTexts } from './entry-text'
import { useCatalogue, useCustomersById, useDoctors } from './useLookups'
import { waitingStatuses, type WaitingListEntry, type WaitingStatus } from './waiting-list-types'

const PAGE_SIZE = 20
/** The doctor filter's "no preference" choice: entries with staffId null. */
const ANY_DOCTOR = '-'
const statusColors: Record<WaitingStatus, string> = { waiting: 'blue', booked: 'green', removed: 'default' }

/** Entries of the current branch, oldest window first, filtered by doctor and status. */
export function WaitingTab({ onEdit }: { onEdit: (entry: WaitingListEntry, customer: CustomerRecord | null) => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const phone = !Grid.useBreakpoint().md
  const branchId = useCurrentBranch()
  const [status, setStatus] = useState<WaitingStatus | 'all'>('waiting')
  const [doctor, setDoctor] = useState<string | undefined>()
  const [page, setPage] = useState(1)
  const canBook = useCan('appointment', 'create')
  const canEdit = useCan('appointment', 'edit')
  const { doctors, names: doctorNames } = useDoctors()
  const catalogue = useCatalogue()
  const query = useMemo(
    () => ({
      ...(branchId ? { branchId } : {}),
      ...(status === 'all' ? {} : { status }),
      ...(doctor ? { staffId: doctor === ANY_DOCTOR ? null : doctor } : {}),
      $sort: { dateFrom: 1, createdAt: 1 },
      $limit: PAGE_SIZE,
      $skip: (page - 1) * PAGE_SIZE
    }),
    [branchId, status, doctor, page]
  )
  const entries = useFind('waiting-list', query)
  const rows = useMemo(() => entries.data?.data ?? [], [entries.data])
  const customers = useCustomersById(useMemo(() => rows.map((entry) => entry.customerId), [rows]))
  const texts = (entry: WaitingListEntry) => entryTexts(t, entry, { doctorNames, serviceNames: catalogue.names, date: format.date })
  const customerCell = (entry: WaitingListEntry) => {
    const customer = customers.get(entry.customerId)
    return customer ? <Link to={`/customer/${customer._id}`}>{customerName(customer)}</Link> : <Typography.Text type="secondary">—</Typography.Text>
  }
  const statusTag = (entry: WaitingListEntry) => <Tag color={statusColors[entry.status]}>{t(`waitingList.status.${entry.status}`)}</Tag>
  const actions = (entry: WaitingListEntry) => (
    <EntryActions entry={entry} canBook={canBook} canEdit={canEdit} onEdit={() => onEdit(entry, customers.get(entry.customerId) ?? null)} />
  )

  const columns: TableColumnsType<WaitingListEntry> = phone
    ? [
        {
          key: 'entry',
          render: (_, entry) => {
            const text = texts(entry)
            return (
              <div className="waiting-row">
                <div className="waiting-row-head">
                  <strong>{customerCell(entry)}</strong>
                  {status === 'all' && statusTag(entry)}
                </div>
                <div>{[text.doctor, text.services].filter(Boolean).join(' · ')}</div>
                <div className="waiting-muted">
                  {text.dates} · {text.days} · {text.times} · {text.duration}
                </div>
                {entry.notes && <div className="waiting-muted">{entry.notes}</div>}
                {actions(entry)}
              </div>
            )
          }
        }
      ]
    : [
        {
          key: 'customer',
          title: t('waitingList.customer'),
          render: (_, entry) => (
            <div className="waiting-row">
              {customerCell(entry)}
              {entry.notes && <div className="waiting-muted waiting-notes">{entry.notes}</div>}
            </div>
          )
        },
        { key: 'doctor', title: t('waitingList.doctor'), render: (_, entry) => texts(entry).doctor },
        { key: 'services', title: t('waitingList.services'), render: (_, entry) => texts(entry).services || '—' },
        {
          key: 'window',
          title: t('waitingList.window.title'),
          render: (_, entry) => {
            const text = texts(entry)
            return (
              <div className="waiting-row">
                <span className="waiting-nowrap">{text.dates}</span>
                <span className="waiting-muted">
                  {text.days} · <span className="waiting-nowrap">{text.times}</span>
                </span>
              </div>
            )
          }
        },
        { key: 'duration', title: t('waitingList.duration'), render: (_, entry) => <span className="waiting-nowrap">{texts(entry).duration}</span> },
        ...(status === 'all' ? [{ key: 'status', title: t('waitingList.statusLabel'), render: (_: unknown, entry: WaitingListEntry) => statusTag(entry) }] : []),
        { key: 'actions', align: 'right', render: (_, entry) => actions(entry) }
      ]

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('waitingList.doctor')}
          data-testid="waiting-doctor-filter"
          allowClear
          placeholder={t('waitingList.allDoctors')}
          style={{ minWidth: 200 }}
          value={doctor}
          onChange={(next) => {
            setDoctor(next)
            setPage(1)
          }}
          options={[
            { value: ANY_DOCTOR, label: t('waitingList.noPreference') },
            ...doctors.map((item) => ({ value: item._id, label: `${item.last_name} ${item.first_name}`.trim() }))
          ]}
        />
        <Select<WaitingStatus | 'all'>
          aria-label={t('waitingList.statusLabel')}
          data-testid="waiting-status-filter"
          style={{ minWidth: 160 }}
          value={status}
          onChange={(next) => {
            setStatus(next)
            setPage(1)
          }}
          options={[...waitingStatuses.map((value) => ({ value, label: t(`waitingList.status.${value}`) })), { value: 'all' as const, label: t('waitingList.status.all') }]}
        />
        {entries.data && <Typography.Text type="secondary">{t('waitingList.count', { count: entries.data.total })}</Typography.Text>}
      </Space>
      {entries.error ? (
        <FetchError error={entries.error} onRetry={() => void entries.refetch()} />
      ) : (
        <Table<WaitingListEntry>
          rowKey="_id"
          data-testid="waiting-table"
          loading={entries.isLoading}
          dataSource={rows}
          locale={{ emptyText: status === 'waiting' && !doctor ? t('waitingList.empty') : t('waitingList.emptyFilter') }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: entries.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
          showHeader={!phone}
          columns={columns}
        />
      )}
    </>
  )
}
