import { useMemo, useState } from 'react'
import { Alert, Button, Grid, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd'
import { CheckOutlined, CloseOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFind, usePatch } from '../../api/live'
import { useCurrentBranch } from '../../api/branch'
import { useCan } from '../../api/permissions'
import { errorMessage, toast } from '../../app/toasts'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { customerName } from '../customers/customer-name'
import { StatusTag } from '../appointments/StatusTag'
import type { AppointmentStatus } from '../../../../domain/appointments/status'
import { canCancel, confirmedStatus } from './unconfirmed'
import { useCustomersById, useDoctors } from './useLookups'
import { unconfirmedStatuses, type AppointmentSummary } from './waiting-list-types'

const PAGE_SIZE = 20

/**
 * Drafts and online requests of the current branch: appointments that hold no slot. Confirm
 * makes them hold it (the server refuses with a Conflict when the doctor or chair is taken,
 * shown here until the next try); Cancel drops them.
 */
export function DraftsTab() {
  const { t } = useTranslation()
  const format = useFormat()
  const phone = !Grid.useBreakpoint().md
  const branchId = useCurrentBranch()
  const canEdit = useCan('appointment', 'edit')
  const [page, setPage] = useState(1)
  const [busy, setBusy] = useState<string | null>(null)
  const [problem, setProblem] = useState<{ id: string; message: string } | null>(null)
  const { names: doctorNames } = useDoctors()
  const query = useMemo(
    () => ({
      ...(branchId ? { branchId } : {}),
      status: { $in: [...unconfirmedStatuses] },
      $sort: { start: 1 },
      $limit: PAGE_SIZE,
      $skip: (page - 1) * PAGE_SIZE
    }),
    [branchId, page]
  )
  const found = useFind('appointment', query)
  const patchAppointment = usePatch('appointment')
  const rows = useMemo(() => found.data?.data ?? [], [found.data])
  const customers = useCustomersById(useMemo(() => rows.map((row) => row.customerId), [rows]))

  async function setStatus(appointment: AppointmentSummary, status: AppointmentStatus, done: string) {
    setBusy(appointment._id)
    setProblem(null)
    try {
      await patchAppointment(appointment._id, { status })
      toast.success(done)
    } catch (error) {
      // A Conflict (the slot was taken meanwhile) must stay readable, not flash by as a toast.
      setProblem({ id: appointment._id, message: errorMessage(error) })
    } finally {
      setBusy(null)
    }
  }

  const when = (row: AppointmentSummary) => `${format.date(row.date)}, ${row.time}`
  const who = (row: AppointmentSummary) => {
    const customer = customers.get(row.customerId)
    return customer ? <Link to={`/customer/${customer._id}`}>{customerName(customer)}</Link> : '—'
  }
  const kind = (row: AppointmentSummary) => <StatusTag status={row.status} />
  const services = (row: AppointmentSummary) => (row.services ?? []).map((item) => item.name).join(', ')
  const actions = (row: AppointmentSummary) => {
    if (!canEdit) return null
    const target = confirmedStatus(row.status)
    return (
      // One line at 1280 while the row has room (it stays short); the buttons wrap rather than push
      // the table past the screen's edge when names are long, and always on a phone.
      <Space wrap size={4}>
        {target && (
          <Button
            size="small"
            type="primary"
            icon={<CheckOutlined />}
            loading={busy === row._id}
            disabled={busy !== null && busy !== row._id}
            onClick={() => void setStatus(row, target, t('waitingList.confirmedDone'))}
          >
            {t('waitingList.confirm')}
          </Button>
        )}
        {canCancel(row.status) && (
          <Popconfirm
            title={t('waitingList.cancelConfirm')}
            onConfirm={() => setStatus(row, 'cancelled', t('waitingList.cancelledDone'))}
            okText={t('waitingList.cancelAppointment')}
            okButtonProps={{ danger: true }}
            cancelText={t('waitingList.keep')}
          >
            <Button size="small" danger icon={<CloseOutlined />} disabled={busy !== null}>
              {t('waitingList.cancelAppointment')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    )
  }

  const columns: TableColumnsType<AppointmentSummary> = phone
    ? [
        {
          key: 'row',
          render: (_, row) => (
            <div className="waiting-row">
              <div className="waiting-row-head">
                <strong>{who(row)}</strong>
                {kind(row)}
              </div>
              <div>
                {when(row)} · {t('waitingList.minutes', { count: row.duration })}
              </div>
              <div className="waiting-muted">{[doctorNames.get(row.staffId), services(row)].filter(Boolean).join(' · ')}</div>
              {actions(row)}
            </div>
          )
        }
      ]
    : [
        {
          key: 'when',
          title: t('waitingList.when'),
          render: (_, row) => (
            <div className="waiting-row">
              <span className="waiting-nowrap">{when(row)}</span>
              <span className="waiting-muted">{t('waitingList.minutes', { count: row.duration })}</span>
            </div>
          )
        },
        { key: 'customer', title: t('waitingList.customer'), render: (_, row) => who(row) },
        { key: 'doctor', title: t('waitingList.doctor'), render: (_, row) => doctorNames.get(row.staffId) ?? '—' },
        { key: 'services', title: t('waitingList.services'), render: (_, row) => services(row) || '—' },
        { key: 'kind', title: t('waitingList.statusLabel'), render: (_, row) => kind(row) },
        { key: 'actions', align: 'right', render: (_, row) => actions(row) }
      ]

  const failed = problem ? rows.find((row) => row._id === problem.id) : undefined
  const failedCustomer = failed ? customers.get(failed.customerId) : undefined
  return (
    <>
      <Typography.Paragraph type="secondary">{t('waitingList.unconfirmedHint')}</Typography.Paragraph>
      {failed && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setProblem(null) }}
          style={{ marginBottom: 16 }}
          title={t('waitingList.confirmFailed', { name: failedCustomer ? customerName(failedCustomer) : '—', when: when(failed) })}
          description={problem?.message}
          data-testid="confirm-problem"
        />
      )}
      {found.error ? (
        <FetchError error={found.error} onRetry={() => void found.refetch()} />
      ) : (
        <Table<AppointmentSummary>
          rowKey="_id"
          data-testid="unconfirmed-table"
          loading={found.isLoading}
          dataSource={rows}
          locale={{ emptyText: t('waitingList.unconfirmedEmpty') }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: found.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
          showHeader={!phone}
          columns={columns}
        />
      )}
    </>
  )
}
