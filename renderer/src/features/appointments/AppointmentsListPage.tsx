import './appointments.css'
import { useMemo, useState } from 'react'
import dayjs from 'dayjs'
import { Button, Card, DatePicker, Grid, Pagination, Select, Table, Tabs } from 'antd'
import { CalendarOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { appointmentStatuses, isAppointmentStatus, type AppointmentStatus } from '../../../../domain/appointments/status'
import { useCurrentBranch } from '../../api/branch'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { customerName } from '../customers/customer-name'
import type { AppointmentRecord } from './appointment-types'
import { appointmentFilters, filterRange, isAppointmentFilter, LIST_PAGE_SIZE, listQuery, type AppointmentFilter } from './appointment-query'
import { BookingDrawer } from './BookingDrawer'
import { StatusTag } from './StatusTag'
import { durationLabel } from './duration-label'
import { useAppointments, useCustomersByIds } from './useAppointments'
import { doctorName, useDoctors, useStaffNames, useWorkPlaces } from './useResources'
import { useCompanyZone } from './useCalendarSettings'
import { floatingDay, toFloating, dayKey, timeKey } from './zoned-time'

/** Lists whose newest visit matters most come newest first; the rest soonest first. */
const pastStatuses: AppointmentStatus[] = ['completed', 'cancelled', 'noShow']

/**
 * /appointments/filter/{today|tomorrow|week|upcoming|past|all} and /appointments/status/{status}:
 * a page of visits with filters for days, doctor and status, the customers' names from one find.
 */
export default function AppointmentsListPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const phone = !Grid.useBreakpoint().md
  const params = useParams()
  const [search, setSearch] = useSearchParams()
  const zone = useCompanyZone()
  const branchId = useCurrentBranch()
  const byStatus = isAppointmentStatus(params.status) ? params.status : null
  const filter: AppointmentFilter = isAppointmentFilter(params.filter) ? params.filter : byStatus ? 'all' : 'today'
  const named = filterRange(filter, zone)
  const from = search.get('from') ?? named.from
  const to = search.get('to') ?? named.to
  const staffId = search.get('doctor')
  const statusParam = search.get('status')
  const status = byStatus ?? (isAppointmentStatus(statusParam) ? statusParam : null)
  const page = Math.max(1, Number(search.get('page')) || 1)
  const newestFirst = byStatus ? pastStatuses.includes(byStatus) : named.newestFirst
  const query = useMemo(
    () => listQuery({ from, to, staffId, status, page }, newestFirst, zone, branchId ? { branchId } : {}),
    [from, to, staffId, status, page, newestFirst, zone, branchId]
  )
  const list = useAppointments(query)
  const rows = useMemo(() => list.data?.data ?? [], [list.data])
  const customers = useCustomersByIds(useMemo(() => rows.map((row) => row.customerId), [rows]))
  const staff = useStaffNames()
  const { doctors } = useDoctors()
  const { workPlaces } = useWorkPlaces()
  const [editing, setEditing] = useState<AppointmentRecord | null>(null)

  const update = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(search)
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    if (!('page' in change)) next.delete('page')
    setSearch(next)
  }
  const nameOf = (row: AppointmentRecord) => {
    const customer = customers.get(row.customerId)
    return customer ? customerName(customer) : '…'
  }
  const staffName = (id: string) => {
    const member = staff.get(id)
    return member ? doctorName(member) : '—'
  }
  const when = (row: AppointmentRecord) => {
    const floating = toFloating(row.start, zone)
    return { day: dayKey(floating), time: timeKey(floating) }
  }
  const title = byStatus ? t(`appointmentStatus.${byStatus}`) : t(`appointments.filter.${filter}`)

  const columns = [
    {
      key: 'when',
      title: t('appointments.when'),
      render: (_: unknown, row: AppointmentRecord) => {
        const { day, time } = when(row)
        return (
          <span className="nowrap">
            {dayjs(floatingDay(day)).format('DD.MM.YYYY')} <b>{time}</b>
          </span>
        )
      }
    },
    {
      key: 'customer',
      title: t('appointments.customer'),
      render: (_: unknown, row: AppointmentRecord) => (
        <Link to={`/customer/${row.customerId}/appointments`} onClick={(event) => event.stopPropagation()}>
          {nameOf(row)}
        </Link>
      )
    },
    { key: 'doctor', title: t('appointments.doctor'), render: (_: unknown, row: AppointmentRecord) => staffName(row.staffId) },
    { key: 'chair', title: t('appointments.chair'), render: (_: unknown, row: AppointmentRecord) => workPlaces.find((place) => place._id === row.workPlaceId)?.name ?? '—' },
    { key: 'services', title: t('appointments.services'), render: (_: unknown, row: AppointmentRecord) => row.services.map((item) => item.name).join(', ') || '—' },
    { key: 'duration', title: t('appointments.duration'), render: (_: unknown, row: AppointmentRecord) => <span className="nowrap">{durationLabel(t, row.duration)}</span> },
    { key: 'status', title: t('appointments.status'), render: (_: unknown, row: AppointmentRecord) => <StatusTag status={row.status} /> }
  ]

  return (
    <>
      <PageHeader
        title={title}
        subtitle={typeof list.data?.total === 'number' ? t('appointments.count', { count: list.data.total }) : undefined}
        extra={
          <Button icon={<CalendarOutlined />} onClick={() => navigate('/appointments/calendar')}>
            {t('calendar.title')}
          </Button>
        }
      />
      <Card className="appointments-card">
        {!byStatus && (
          <Tabs
            activeKey={filter}
            onChange={(key) => navigate(`/appointments/filter/${key}`)}
            items={appointmentFilters.map((key) => ({ key, label: t(`appointments.filter.${key}`) }))}
            size="small"
          />
        )}
        <div className="appointments-filters">
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            value={[from ? dayjs(floatingDay(from)) : null, to ? dayjs(floatingDay(to)) : null]}
            onChange={(range) => update({ from: range?.[0]?.format('YYYY-MM-DD') ?? null, to: range?.[1]?.format('YYYY-MM-DD') ?? null })}
            aria-label={t('appointments.dates')}
            data-testid="appointments-dates"
          />
          <Select
            allowClear
            placeholder={t('appointments.anyDoctor')}
            value={staffId ?? undefined}
            onChange={(value) => update({ doctor: value ?? null })}
            options={doctors.map((member) => ({ value: member._id, label: doctorName(member) }))}
            data-testid="appointments-doctor"
          />
          {byStatus ? (
            <Select
              value={byStatus}
              onChange={(value) => navigate(`/appointments/status/${value}?${search.toString()}`)}
              options={appointmentStatuses.map((value) => ({ value, label: t(`appointmentStatus.${value}`) }))}
              data-testid="appointments-status"
            />
          ) : (
            <Select
              allowClear
              placeholder={t('appointments.anyStatus')}
              value={status ?? undefined}
              onChange={(value) => update({ status: value ?? null })}
              options={appointmentStatuses.map((value) => ({ value, label: t(`appointmentStatus.${value}`) }))}
              data-testid="appointments-status"
            />
          )}
        </div>
        {list.error && !list.data ? (
          <FetchError error={list.error} onRetry={() => void list.refetch()} />
        ) : phone ? (
          <div data-testid="appointments-list">
            {rows.map((row) => {
              const { day, time } = when(row)
              return (
                <div key={row._id} className="appointment-item" onClick={() => setEditing(row)} role="button" tabIndex={0}>
                  <div className="appointment-item-top">
                    <b>
                      {dayjs(floatingDay(day)).format('DD.MM')} {time}
                    </b>
                    <StatusTag status={row.status} />
                  </div>
                  <div>{nameOf(row)}</div>
                  <div className="muted">
                    {staffName(row.staffId)} · {durationLabel(t, row.duration)}
                  </div>
                </div>
              )
            })}
            {!rows.length && !list.isLoading && <div className="board-empty">{t('appointments.empty')}</div>}
          </div>
        ) : (
          <Table
            rowKey="_id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={list.isLoading}
            pagination={false}
            locale={{ emptyText: t('appointments.empty') }}
            rowClassName={() => 'clickable-row'}
            onRow={(row) => ({ onClick: () => setEditing(row) })}
            scroll={{ x: 'max-content' }}
            data-testid="appointments-table"
          />
        )}
        {(list.data?.total ?? 0) > LIST_PAGE_SIZE && (
          <Pagination
            className="appointments-pager"
            current={page}
            pageSize={LIST_PAGE_SIZE}
            total={list.data?.total}
            simple={phone}
            showSizeChanger={false}
            onChange={(next) => update({ page: String(next) })}
          />
        )}
      </Card>
      {editing && <BookingDrawer appointment={rows.find((row) => row._id === editing._id) ?? editing} onClose={() => setEditing(null)} />}
    </>
  )
}
