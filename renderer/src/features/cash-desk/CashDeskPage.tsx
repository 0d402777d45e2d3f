import './cash-desk.css'
import { useMemo, useState } from 'react'
import { Button, Card, Empty, Grid, List, Modal, Space, Table, Typography } from 'antd'
import { LoginOutlined, LogoutOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { useCurrentBranch } from '../../api/branch'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { usePeopleNames } from '../../components/usePeopleNames'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { ShiftReport } from './ShiftReport'
import { CloseShiftModal, MovementModal, OpenShiftCard } from './shift-forms'
import { useShiftsFollowPayments } from './useShifts'
import { balanceWord, zPaymentsPath, type CashShift } from './cash-desk-types'

const PAST_PAGE = 10

/** Prints the Z-report alone: the print stylesheet shows only `.cash-print` while the body has this class. */
function printReport() {
  document.body.classList.add('cash-printing')
  const done = () => {
    document.body.classList.remove('cash-printing')
    window.removeEventListener('afterprint', done)
  }
  window.addEventListener('afterprint', done)
  window.print()
  // Browsers that print synchronously have printed by now.
  setTimeout(done, 1000)
}

/**
 * /company/z-payments: the cash desk of the current branch. The open shift (or shifts, one per
 * desk) with its X-report, cash in and out and the close with the counted cash; without one,
 * opening with a float. Below, the closed shifts with their Z-reports, printable.
 */
export default function CashDeskPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const phone = !Grid.useBreakpoint().md
  const branchId = useCurrentBranch()
  const canOpen = useCan('payments', 'create')
  const canEdit = useCan('payments', 'edit')
  const { names } = usePeopleNames()
  const [page, setPage] = useState(1)
  const [movement, setMovement] = useState<{ shift: CashShift; kind: 'cash-in' | 'cash-out' } | null>(null)
  const [closing, setClosing] = useState<CashShift | null>(null)
  const [viewing, setViewing] = useState<CashShift | null>(null)
  const [another, setAnother] = useState(false)
  useShiftsFollowPayments()
  const open = useFind(zPaymentsPath, { branchId: branchId ?? undefined, status: 'open', $limit: 20, $sort: { openedAt: 1 } }, Boolean(branchId))
  const past = useFind(zPaymentsPath, { branchId: branchId ?? undefined, status: 'closed', $limit: PAST_PAGE, $skip: (page - 1) * PAST_PAGE, $sort: { closedAt: -1 } }, Boolean(branchId))
  const branches = useFind('branches', { $limit: 200, $sort: { name: 1 } })
  const branchName = useMemo(() => (branches.data?.data ?? []).find((branch) => branch._id === branchId)?.name, [branches.data, branchId])
  const money = (minor: number) => format.money(minor, currency)
  const openShifts = open.data?.data ?? []

  if (open.error || past.error) return <FetchError error={open.error ?? past.error} onRetry={() => void Promise.all([open.refetch(), past.refetch()])} />
  return (
    <>
      <PageHeader
        title={t('cashDesk.title')}
        subtitle={branchName ? t('cashDesk.subtitle', { branch: branchName }) : undefined}
        extra={
          canOpen && openShifts.length > 0 && !another && (
            <Button icon={<PlusOutlined />} onClick={() => setAnother(true)} data-testid="open-another">
              {t('cashDesk.openAnother')}
            </Button>
          )
        }
      />
      <div className="cash-page">
        {branchId && canOpen && !open.isLoading && (openShifts.length === 0 || another) && (
          <OpenShiftCard branchId={branchId} currency={currency} another={openShifts.length > 0} onDone={() => setAnother(false)} />
        )}
        {!canOpen && !open.isLoading && openShifts.length === 0 && <Card><Empty description={t('cashDesk.noShift')} /></Card>}
        {openShifts.map((shift) => (
          <Card
            key={shift._id}
            className="cash-shift"
            data-testid="open-shift-card"
            title={<span>{shift.desk || t('cashDesk.mainDesk')} <Typography.Text type="secondary" className="cash-count">· {t('cashDesk.openShiftLabel')}</Typography.Text></span>}
            extra={
              canEdit && (
                <Space wrap size={phone ? 4 : 8}>
                  <Button icon={<LoginOutlined />} onClick={() => setMovement({ shift, kind: 'cash-in' })} data-testid="cash-in">{t('cashDesk.cashIn')}</Button>
                  <Button icon={<LogoutOutlined />} onClick={() => setMovement({ shift, kind: 'cash-out' })} data-testid="cash-out">{t('cashDesk.cashOut')}</Button>
                  <Button type="primary" danger onClick={() => setClosing(shift)} data-testid="close-shift">{t('cashDesk.closeShift')}</Button>
                </Space>
              )
            }
          >
            <ShiftReport shift={shift} currency={currency} names={names} />
            <Typography.Title level={5} className="cash-section">{t('cashDesk.movements')}</Typography.Title>
            <List
              size="small"
              data-testid="movements"
              dataSource={shift.movements}
              locale={{ emptyText: t('cashDesk.noMovements') }}
              renderItem={(move) => (
                <List.Item className="cash-movement" data-testid="movement">
                  <span>
                    <strong>{move.kind === 'in' ? t('cashDesk.cashIn') : t('cashDesk.cashOut')}</strong>
                    <Typography.Text type="secondary"> · {format.dateTime(move.createdAt)}{names.get(move.createdBy ?? '') ? ` · ${names.get(move.createdBy ?? '')}` : ''}</Typography.Text>
                    <div className="cash-note">{move.note}</div>
                  </span>
                  <span className={`cash-money${move.kind === 'out' ? ' cash-short' : ''}`}>{move.kind === 'out' ? '− ' : '+ '}{money(move.amount)}</span>
                </List.Item>
              )}
            />
          </Card>
        ))}
        <Card title={t('cashDesk.past')} className="cash-past">
          <Table<CashShift>
            rowKey="_id"
            size="middle"
            loading={past.isLoading}
            dataSource={past.data?.data ?? []}
            data-testid="past-shifts"
            locale={{ emptyText: t('cashDesk.noPast') }}
            pagination={{ current: page, pageSize: PAST_PAGE, total: past.data?.total ?? 0, hideOnSinglePage: true, showSizeChanger: false, onChange: setPage }}
            onRow={(shift) => ({ onClick: () => setViewing(shift), className: 'cash-clickable', 'data-testid': 'past-shift' } as object)}
            columns={[
              {
                key: 'when',
                title: t('cashDesk.closedAt'),
                render: (_, shift) => (
                  <div className="cash-what">
                    <span>{format.dateTime(shift.closedAt)}</span>
                    <Typography.Text type="secondary" className="cash-count">{shift.desk || t('cashDesk.mainDesk')}</Typography.Text>
                  </div>
                )
              },
              { key: 'payments', title: t('cashDesk.payments'), responsive: ['md'], align: 'right', render: (_, shift) => <span className="cash-money">{money(shift.report.paid)}<Typography.Text type="secondary" className="cash-count"> ×{shift.report.payments}</Typography.Text></span> },
              { key: 'expected', title: t('cashDesk.expected'), responsive: ['lg'], align: 'right', render: (_, shift) => <span className="cash-money">{money(shift.expectedCash ?? 0)}</span> },
              { key: 'counted', title: t('cashDesk.counted'), responsive: ['sm'], align: 'right', render: (_, shift) => <span className="cash-money">{money(shift.countedCash ?? 0)}</span> },
              {
                key: 'overShort',
                title: t('cashDesk.overShort'),
                align: 'right',
                render: (_, shift) => <span className={`cash-money cash-${balanceWord(shift.overShort ?? 0)}`}>{money(shift.overShort ?? 0)}</span>
              }
            ]}
          />
        </Card>
      </div>
      {movement && <MovementModal shift={movement.shift} kind={movement.kind} currency={currency} onClose={() => setMovement(null)} />}
      {closing && (
        <CloseShiftModal
          shift={closing}
          currency={currency}
          onClose={() => setClosing(null)}
          onClosed={(closed) => {
            setClosing(null)
            setViewing(closed)
          }}
        />
      )}
      {viewing && (
        <Modal
          open
          width={640}
          title={t('cashDesk.zReport')}
          onCancel={() => setViewing(null)}
          footer={[
            <Button key="print" icon={<PrinterOutlined />} onClick={printReport} data-testid="print-z">{t('cashDesk.print')}</Button>,
            <Button key="close" type="primary" onClick={() => setViewing(null)}>{t('cashDesk.done')}</Button>
          ]}
        >
          <div className="cash-print">
            <Typography.Text type="secondary" className="cash-print-branch">{branchName}</Typography.Text>
            <ShiftReport shift={viewing} currency={currency} names={names} />
          </div>
        </Modal>
      )}
    </>
  )
}
