import { Button, Drawer, Empty, Grid, Skeleton, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatTooth } from '../../../../domain/clinical/teeth'
import { useGet } from '../../api/live'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { stateColors, type Invoice, type InvoiceRow } from './billing-types'
import { PayLinkButton } from './PayLink'
import { PrintButton } from '../documents/PrintButton'
import { usePaymentHistory } from './usePaymentHistory'

interface Props {
  /** The invoice as its list row has it (no lines): the whole invoice is read when the drawer opens. */
  invoice: InvoiceRow
  /** The patient whose payment history shows the payments to this invoice; null when the person may not read the history. */
  paymentsOf: string | null
  onPay?: () => void
  onCancel?: () => void
  onClose: () => void
}

/**
 * An invoice: its lines, totals with the discount and the VAT inside, and the payments that went
 * to it. The lists send only their rows, so the drawer reads the whole invoice (`get`, kept
 * current by the invoice's events and the money writes' refresh) and its payments on opening.
 */
export function InvoiceDetail({ invoice: row, paymentsOf, onPay, onCancel, onClose }: Props) {
  const { t } = useTranslation()
  const format = useFormat()
  const phone = !Grid.useBreakpoint().md
  const whole = useGet('invoices', row._id)
  // The whole invoice once read, so that the state, the totals and the actions agree; the row till then.
  const invoice: InvoiceRow = whole.data ?? row
  const open = invoice.state !== 'cancelled' && invoice.state !== 'closed'

  return (
    <Drawer
      open
      width={phone ? '100%' : 560}
      title={
        <span>
          {t('billing.invoiceTitle', { number: invoice.number })}{' '}
          <Tag color={stateColors[invoice.state]} data-testid="invoice-detail-state">{t(`billing.states.${invoice.state}`)}</Tag>
        </span>
      }
      onClose={onClose}
      data-testid="invoice-detail"
    >
      <Typography.Paragraph type="secondary">{format.date(`${invoice.issuedOn}T12:00:00`)}</Typography.Paragraph>
      {whole.data?.cancelReason && (
        <Typography.Paragraph type="danger">{t('billing.cancelledBecause', { reason: t(`billing.reasons.${whole.data.cancelReason}`) })}{whole.data.cancelNote ? ` · ${whole.data.cancelNote}` : ''}</Typography.Paragraph>
      )}
      <div className="billing-detail-actions">
        <PrintButton
          choices={[
            { key: 'invoice', label: 'printInvoice', data: { kind: 'invoice', sourceId: invoice._id } },
            { key: 'act', label: 'printAct', data: { kind: 'act', sourceId: invoice._id } }
          ]}
        />
      </div>
      {open && (
        <div className="billing-detail-actions">
          {onPay && invoice.due > 0 && <Button type="primary" onClick={onPay} data-testid="invoice-pay">{t('billing.takePayment')}</Button>}
          {invoice.due > 0 && <PayLinkButton invoice={invoice} />}
          {onCancel && <Button danger onClick={onCancel} data-testid="invoice-cancel">{t('billing.cancelInvoice')}</Button>}
        </div>
      )}
      {whole.error && !whole.data ? (
        <FetchError error={whole.error} onRetry={() => void whole.refetch()} />
      ) : !whole.data ? (
        <div data-testid="invoice-loading">
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : (
        <LinesAndTotals invoice={whole.data} />
      )}
      {paymentsOf !== null && <InvoicePayments customerId={paymentsOf} invoiceId={row._id} />}
    </Drawer>
  )
}

/** The lines as they were priced, then subtotal, the patient's discount, total, VAT inside, paid and left. */
function LinesAndTotals({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const company = useGet('my-company', 'mine')
  const numbering = company.data?.settings.toothNumbering ?? 'FDI'
  const money = (minor: number) => <span className="billing-money">{format.money(minor, currency)}</span>
  return (
    <>
      <div data-testid="invoice-lines">
        {invoice.lines.map((line) => (
          <div key={line._id} className="billing-line">
            <div>
              <div>{line.serviceName}</div>
              <Typography.Text type="secondary">
                {line.teeth.length > 0 && `${line.teeth.map((tooth) => formatTooth(tooth.tooth, numbering)).join(', ')} · `}
                {line.quantity} × {format.money(line.price, currency)}
                {line.discountPercent > 0 && ` − ${line.discountPercent}%`}
              </Typography.Text>
            </div>
            {money(line.amount)}
          </div>
        ))}
      </div>
      <div className="billing-totals" data-testid="invoice-totals">
        <span>{t('billing.subtotal')}</span>
        {money(invoice.subtotal)}
        {invoice.discountAmount > 0 && (
          <>
            <span>{t('billing.discount', { percent: invoice.discountPercent })}</span>
            <span className="billing-money">−{format.money(invoice.discountAmount, currency)}</span>
          </>
        )}
        <span className="billing-grand">{t('billing.total')}</span>
        <span className="billing-grand">{money(invoice.total)}</span>
        {invoice.vatPercent > 0 && (
          <>
            <Typography.Text type="secondary">{t('billing.vat', { percent: invoice.vatPercent })}</Typography.Text>
            <Typography.Text type="secondary">{money(invoice.vatAmount)}</Typography.Text>
          </>
        )}
        <span>{t('billing.paid')}</span>
        <span data-testid="invoice-paid">{money(invoice.paid)}</span>
        <span className="billing-grand">{t('billing.due')}</span>
        <span className="billing-grand" data-testid="invoice-due">{money(invoice.due)}</span>
      </div>
    </>
  )
}

/** The payments and refunds with a part on this invoice (the history's, asked for this invoice alone), with that part. */
function InvoicePayments({ customerId, invoiceId }: { customerId: string; invoiceId: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const found = usePaymentHistory(customerId, true, { invoiceId })
  const payments = found.history?.data
  return (
    <>
      <Typography.Title level={5}>{t('billing.payments')}</Typography.Title>
      {found.error && !payments ? (
        <FetchError error={found.error} onRetry={() => void found.refetch()} />
      ) : !payments ? (
        <div data-testid="invoice-payments-loading">
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        </div>
      ) : payments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.noPayments')} />
      ) : (
        <div data-testid="invoice-payments">
          {payments.map((payment) => {
            const part = payment.allocations.filter((allocation) => allocation.invoiceId === invoiceId).reduce((sum, allocation) => sum + allocation.amount, 0)
            return (
              <div key={payment._id} className="billing-line">
                <div>
                  <div>{t(`billing.methods.${payment.method}`)}{payment.kind === 'refund' ? ` · ${t('billing.refund')}` : ''}</div>
                  <Typography.Text type="secondary">{format.dateTime(payment.date)}</Typography.Text>
                  {payment.status === 'cancelled' && <Tag className="billing-tag-gap">{t('billing.statuses.cancelled')}</Tag>}
                </div>
                <span className={`billing-money${part < 0 ? ' billing-negative' : ''}`} style={payment.status === 'cancelled' ? { textDecoration: 'line-through' } : undefined}>
                  {format.money(part, currency)}
                </span>
              </div>
            )
          })}
        </div>
      )}
    </>
  )
}
