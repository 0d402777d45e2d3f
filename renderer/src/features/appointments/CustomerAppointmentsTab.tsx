import './appointments.css'
import { useMemo, useState } from 'react'
import dayjs from 'dayjs'
import { Button, Empty, Grid, Table, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import type { AppointmentRecord } from './appointment-types'
import { BookingDrawer } from './BookingDrawer'
import { StatusTag } from './StatusTag'
import { durationLabel } from './duration-label'
import { useAppointments } from './useAppointments'
import { doctorName, useStaffNames } from './useResources'
import { useCompanyZone } from './useCalendarSettings'
import { floatingDay, toFloating, dayKey, timeKey } from './zoned-time'

const LIMIT = 100

/**
 * The appointments tab of /customer/{id}: upcoming visits soonest first, then past ones newest
 * first (one find each), and Book, which opens the calendar's booking form for this customer.
 */
export function CustomerAppointmentsTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const zone = useCompanyZone()
  const canCreate = useCan('appointment', 'create')
  const staff = useStaffNames()
  // Fixed for the tab's life: "now" moving every render would make a new query each time.
  const [now] = useState(() => new Date().toISOString())
  const upcoming = useAppointments(useMemo(() => ({ customerId, start: { $gte: now }, $sort: { start: 1 }, $limit: LIMIT }), [customerId, now]))
  const past = useAppointments(useMemo(() => ({ customerId, start: { $lt: now }, $sort: { start: -1 }, $limit: LIMIT }), [customerId, now]))
  const [editing, setEditing] = useState<AppointmentRecord | null>(null)
  // A phone shows what a front desk asks first: when, which status, with whom.
  const phone = !Grid.useBreakpoint().md

  const columns = [
    {
      key: 'when',
      title: t('appointments.when'),
      render: (_: unknown, row: AppointmentRecord) => {
        const floating = toFloating(row.start, zone)
        return (
          <span className="nowrap">
            {dayjs(floatingDay(dayKey(floating))).format('DD.MM.YYYY')} <b>{timeKey(floating)}</b>
          </span>
        )
      }
    },
    {
      key: 'doctor',
      title: t('appointments.doctor'),
      render: (_: unknown, row: AppointmentRecord) => {
        const member = staff.get(row.staffId)
        return member ? doctorName(member) : '—'
      }
    },
    { key: 'services', title: t('appointments.services'), render: (_: unknown, row: AppointmentRecord) => row.services.map((item) => item.name).join(', ') || '—' },
    { key: 'duration', title: t('appointments.duration'), render: (_: unknown, row: AppointmentRecord) => <span className="nowrap">{durationLabel(t, row.duration)}</span> },
    { key: 'status', title: t('appointments.status'), render: (_: unknown, row: AppointmentRecord) => <StatusTag status={row.status} /> }
  ].filter((column) => !phone || ['when', 'doctor', 'status'].includes(column.key))
  const table = (rows: AppointmentRecord[], loading: boolean, testId: string) => (
    <Table
      rowKey="_id"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('appointments.none')} /> }}
      rowClassName={() => 'clickable-row'}
      onRow={(row) => ({ onClick: () => setEditing(row) })}
      data-testid={testId}
    />
  )
  const error = upcoming.error ?? past.error
  if (error && !upcoming.data && !past.data) return <FetchError error={error} onRetry={() => void Promise.all([upcoming.refetch(), past.refetch()])} />
  const all = [...(upcoming.data?.data ?? []), ...(past.data?.data ?? [])]

  return (
    <div className="customer-appointments">
      <div className="page-header" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('appointments.upcoming')}
        </Typography.Title>
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/appointments/calendar?book=1&customerId=${encodeURIComponent(customerId)}`)} data-testid="customer-book">
            {t('calendar.book')}
          </Button>
        )}
      </div>
      {table(upcoming.data?.data ?? [], upcoming.isLoading, 'customer-upcoming')}
      <Typography.Title level={5} style={{ margin: '24px 0 8px' }}>
        {t('appointments.past')}
      </Typography.Title>
      {table(past.data?.data ?? [], past.isLoading, 'customer-past')}
      {editing && <BookingDrawer appointment={all.find((row) => row._id === editing._id) ?? editing} onClose={() => setEditing(null)} />}
    </div>
  )
}
