import './billing.css'
import { useState } from 'react'
import { Button, Card, Empty, Grid, Table, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind, usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { useTextArea } from '../../i18n/useTextArea'
import { PageLoading } from '../../components/PageLoading'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { useRefreshOnMoney } from './useRefreshOnMoney'
import { useCurrency } from '../appointments/useCalendarSettings'
import { INVOICE_MAX_PAGE } from '../../../../server/src/services/billing/invoices/invoices.shared'
import { INVOICE_ROW_COLUMNS, stateColors, type InvoiceRow } from './billing-types'
import { CreateInvoiceModal } from './CreateInvoiceModal'
import { InvoiceDetail } from './InvoiceDetail'
import { MoneySummary } from './MoneySummary'
import { PaymentModal } from './PaymentModal'
import { ReasonModal } from './ReasonModal'
import { usePaymentHistory } from './usePaymentHistory'

/** Loads the billing area's texts first (i18n/text-areas.ts): the card's other tabs do not carry them. */
export function useBillingTexts() {
  return useTextArea('billing')
}

export default function BillingTab({ customerId }: { customerId: string }) {
  return useBillingTexts() ? <Invoices customerId={customerId} /> : <PageLoading />
}

type Dialog = 'create' | 'pay' | 'cancel' | null

/**
 * The patient card's billing tab: balance and debt, the invoices newest first with what is left
 * to pay, an invoice made from a visit's treatments, and an invoice's detail where a payment is
 * taken or the invoice cancelled. It reads only what it shows: the list's columns (no lines) and
 * the history's balance and debt (no payments); an opened invoice reads its lines and payments.
 */
function Invoices({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const phone = !Grid.useBreakpoint().md
  const canHistory = useCan('payment-history', 'view')
  const canCreate = useCan('invoices', 'create')
  const canCancel = useCan('invoices', 'delete')
  const canPay = useCan('transactions', 'create')
  const found = useFind('invoices', { customerId, $select: [...INVOICE_ROW_COLUMNS], $sort: { createdAt: -1 }, $limit: INVOICE_MAX_PAGE })
  // A payment taken at another desk changes invoices' paid and state without an invoice event.
  useRefreshOnMoney('invoices', true)
  const { history } = usePaymentHistory(customerId, canHistory, { limit: 0 })
  const patch = usePatch('invoices', { also: ['treatment', 'payment-history', 'customers'] })
  const [openId, setOpenId] = useState<string | null>(null)
  const [dialog, setDialog] = useState<Dialog>(null)
  const invoices: InvoiceRow[] = found.data?.data ?? []
  // The live list keeps the open invoice's row current (the payment form offers its due); the drawer reads the whole invoice.
  const open = invoices.find((invoice) => invoice._id === openId) ?? null
  const money = (minor: number) => <span className="billing-money">{format.money(minor, currency)}</span>
  const state = (invoice: InvoiceRow) => <Tag color={stateColors[invoice.state]} data-testid="invoice-state">{t(`billing.states.${invoice.state}`)}</Tag>
  const day = (invoice: InvoiceRow) => format.date(`${invoice.issuedOn}T12:00:00`)

  const columns = [
    { key: 'number', title: t('billing.number'), render: (_: unknown, invoice: InvoiceRow) => <Typography.Link>{invoice.number}</Typography.Link> },
    { key: 'date', title: t('billing.date'), render: (_: unknown, invoice: InvoiceRow) => day(invoice) },
    { key: 'total', title: t('billing.total'), align: 'right' as const, render: (_: unknown, invoice: InvoiceRow) => money(invoice.total) },
    { key: 'paid', title: t('billing.paid'), align: 'right' as const, render: (_: unknown, invoice: InvoiceRow) => money(invoice.paid) },
    { key: 'due', title: t('billing.due'), align: 'right' as const, render: (_: unknown, invoice: InvoiceRow) => <span data-testid="invoice-due-cell">{money(invoice.due)}</span> },
    { key: 'state', title: t('billing.state'), render: (_: unknown, invoice: InvoiceRow) => state(invoice) }
  ]

  return (
    <Card size="small" title={t('billing.invoices')} data-testid="billing-tab" extra={canCreate && <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('create')} data-testid="invoice-create">{t('billing.createInvoice')}</Button>}>
      {history && <MoneySummary balance={history.balance} debt={history.debt} />}
      {found.error && !found.data ? (
        <FetchError error={found.error} onRetry={() => void found.refetch()} />
      ) : !found.data ? (
        <PageLoading />
      ) : invoices.length === 0 ? (
        <Empty description={t('billing.noInvoices')} />
      ) : phone ? (
        <div className="billing-rows" data-testid="invoices">
          {invoices.map((invoice) => (
            <div key={invoice._id} className="billing-row" role="button" tabIndex={0} data-testid="invoice-row" onClick={() => setOpenId(invoice._id)} onKeyDown={(event) => { if (event.key === 'Enter') setOpenId(invoice._id) }}>
              <div className="billing-row-main">
                <Typography.Text strong>{invoice.number}</Typography.Text>
                <Typography.Text type="secondary">{day(invoice)}</Typography.Text>
                {state(invoice)}
              </div>
              <div className="billing-row-side">
                {money(invoice.total)}
                {invoice.due > 0 && <Typography.Text type="danger">{t('billing.due')}: {format.money(invoice.due, currency)}</Typography.Text>}
              </div>
            </div>
          ))}
        </div>
      ) : (
        <Table<InvoiceRow>
          data-testid="invoices"
          rowKey="_id"
          size="middle"
          columns={columns}
          dataSource={invoices}
          pagination={false}
          onRow={(invoice) => ({ onClick: () => setOpenId(invoice._id), style: { cursor: 'pointer' }, 'data-testid': 'invoice-row' } as object)}
        />
      )}
      {open && (
        <InvoiceDetail
          invoice={open}
          paymentsOf={canHistory ? customerId : null}
          onPay={canPay ? () => setDialog('pay') : undefined}
          onCancel={canCancel ? () => setDialog('cancel') : undefined}
          onClose={() => setOpenId(null)}
        />
      )}
      {dialog === 'create' && <CreateInvoiceModal customerId={customerId} onClose={() => setDialog(null)} onCreated={(invoice) => { setDialog(null); setOpenId(invoice._id) }} />}
      {dialog === 'pay' && open && <PaymentModal customerId={customerId} intent={{ kind: 'pay', invoice: open }} balance={history?.balance ?? null} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && open && (
        <ReasonModal
          title={t('billing.cancelInvoice')}
          done={t('billing.invoiceCancelled')}
          onCancel={(values) => patch(open._id, { action: 'cancel', ...values })}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  )
}
