import './billing.css'
import { useState } from 'react'
import { Button, Card, Dropdown, Empty, Grid, Space, Table, Tag, Typography } from 'antd'
import { MoreOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { PageLoading } from '../../components/PageLoading'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import type { PaymentHistoryEntry } from './billing-types'
import { useBillingTexts } from './BillingTab'
import { MoneySummary } from './MoneySummary'
import { PaymentModal, type PaymentIntent } from './PaymentModal'
import { ReasonModal } from './ReasonModal'
import { usePaymentHistory } from './usePaymentHistory'
import { PrintButton } from '../documents/PrintButton'

export default function TransactionsTab({ customerId }: { customerId: string }) {
  return useBillingTexts() ? <Transactions customerId={customerId} /> : <PageLoading />
}

/** What is left of a payment to give back: its amount less its refunds not cancelled. */
export function refundable(payment: PaymentHistoryEntry, all: readonly PaymentHistoryEntry[]): number {
  if (payment.kind !== 'payment' || payment.status !== 'success') return 0
  return all.filter((entry) => entry.refundOf === payment._id && entry.status !== 'cancelled').reduce((left, refund) => left + refund.amount, payment.amount)
}

/**
 * The patient card's transactions tab: every payment and refund, newest first, with what it paid
 * (invoice numbers or the balance) and its status; a top-up of the balance; a refund or a
 * cancellation of a payment, with a reason and a note.
 */
function Transactions({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const phone = !Grid.useBreakpoint().md
  const canView = useCan('payment-history', 'view')
  const canCreate = useCan('transactions', 'create')
  const canCancel = useCan('transactions', 'delete')
  const found = usePaymentHistory(customerId, canView)
  const patch = usePatch('transactions', { also: ['invoices', 'payment-history', 'customers'] })
  const [intent, setIntent] = useState<PaymentIntent | null>(null)
  const [cancelling, setCancelling] = useState<PaymentHistoryEntry | null>(null)
  const history = found.history
  const rows = history?.data ?? []

  const amount = (payment: PaymentHistoryEntry) => (
    <span className={`billing-money${payment.amount < 0 ? ' billing-negative' : ''}`} style={payment.status === 'cancelled' ? { textDecoration: 'line-through' } : undefined}>
      {format.money(payment.amount, currency)}
    </span>
  )
  const paidFor = (payment: PaymentHistoryEntry) => payment.allocations.map((allocation) => allocation.invoiceNumber ?? t('billing.toBalance')).join(', ')
  const method = (payment: PaymentHistoryEntry) => `${t(`billing.methods.${payment.method}`)}${payment.kind === 'refund' ? ` · ${t('billing.refund')}` : ''}`
  const status = (payment: PaymentHistoryEntry) => (
    <Tag color={payment.status === 'cancelled' ? 'default' : payment.status === 'success' ? 'green' : 'blue'}>{t(`billing.statuses.${payment.status}`)}</Tag>
  )
  const actions = (payment: PaymentHistoryEntry) => {
    const left = canCreate && payment.method !== 'balance' ? refundable(payment, rows) : 0
    const items = [
      ...(left > 0 ? [{ key: 'refund', label: t('billing.refund'), onClick: () => setIntent({ kind: 'refund', payment, left }) }] : []),
      ...(canCancel && payment.status !== 'cancelled' ? [{ key: 'cancel', danger: true, label: t('billing.cancelPayment'), onClick: () => setCancelling(payment) }] : [])
    ]
    if (items.length === 0) return null
    return (
      <span onClick={(event) => event.stopPropagation()}>
        <Dropdown menu={{ items }} trigger={['click']}>
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`${t('billing.open')} ${format.money(payment.amount, currency)}`} data-testid="payment-actions" />
        </Dropdown>
      </span>
    )
  }

  /** A payment's receipt, on the front desk's 80 mm printer or a 58 mm one. */
  const receipt = (payment: PaymentHistoryEntry) =>
    payment.kind === 'payment' && payment.status !== 'cancelled' ? (
      <span onClick={(event) => event.stopPropagation()}>
        <PrintButton
          size="small"
          iconOnly
          choices={[
            { key: `receipt-80-${payment._id}`, label: 'receipt80', data: { kind: 'receipt', sourceId: payment._id, paper: '80mm' } },
            { key: `receipt-58-${payment._id}`, label: 'receipt58', data: { kind: 'receipt', sourceId: payment._id, paper: '58mm' } }
          ]}
        />
      </span>
    ) : null

  const columns = [
    { key: 'date', title: t('billing.date'), render: (_: unknown, payment: PaymentHistoryEntry) => format.dateTime(payment.date) },
    { key: 'method', title: t('billing.method'), render: (_: unknown, payment: PaymentHistoryEntry) => method(payment) },
    { key: 'amount', title: t('billing.amount'), align: 'right' as const, render: (_: unknown, payment: PaymentHistoryEntry) => amount(payment) },
    { key: 'for', title: t('billing.paidFor'), render: (_: unknown, payment: PaymentHistoryEntry) => paidFor(payment) },
    { key: 'status', title: t('billing.status'), render: (_: unknown, payment: PaymentHistoryEntry) => status(payment) },
    { key: 'actions', title: '', width: 88, render: (_: unknown, payment: PaymentHistoryEntry) => <Space size={0}>{receipt(payment)}{actions(payment)}</Space> }
  ]

  return (
    <Card
      size="small"
      title={t('billing.history')}
      data-testid="transactions-tab"
      extra={canCreate && <Button type="primary" icon={<PlusOutlined />} onClick={() => setIntent({ kind: 'top-up' })} data-testid="balance-top-up">{t('billing.topUp')}</Button>}
    >
      {history && <MoneySummary balance={history.balance} debt={history.debt} />}
      {found.error && !found.data ? (
        <FetchError error={found.error} onRetry={() => void found.refetch()} />
      ) : !history ? (
        <PageLoading />
      ) : rows.length === 0 ? (
        <Empty description={t('billing.noHistory')} />
      ) : phone ? (
        <div className="billing-rows" data-testid="payments">
          {rows.map((payment) => (
            <div key={payment._id} className="billing-row" data-testid="payment-row">
              <div className="billing-row-main">
                <Typography.Text strong>{method(payment)}</Typography.Text>
                {status(payment)}
                <Typography.Text type="secondary">{format.dateTime(payment.date)} · {paidFor(payment)}</Typography.Text>
              </div>
              <div className="billing-row-side">
                {amount(payment)}
                {receipt(payment)}
                {actions(payment)}
              </div>
            </div>
          ))}
        </div>
      ) : (
        <Table<PaymentHistoryEntry> data-testid="payments" rowKey="_id" size="middle" columns={columns} dataSource={rows} pagination={false} onRow={() => ({ 'data-testid': 'payment-row' } as object)} />
      )}
      {intent && <PaymentModal customerId={customerId} intent={intent} balance={history?.balance ?? null} onClose={() => setIntent(null)} />}
      {cancelling && (
        <ReasonModal
          title={t('billing.cancelPayment')}
          done={t('billing.paymentCancelled')}
          onCancel={(values) => patch(cancelling._id, { action: 'cancel', ...values })}
          onClose={() => setCancelling(null)}
        />
      )}
    </Card>
  )
}
