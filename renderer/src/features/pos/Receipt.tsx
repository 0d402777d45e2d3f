import { useEffect, useRef, type ReactNode } from 'react'
import { Button, Space } from 'antd'
import { PrinterOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { useSignedIn } from '../../api/session-store'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import type { Checkout } from './pos-types'

export interface ReceiptFacts {
  checkout: Checkout
  patient: string
}

/**
 * The receipt of a checkout: a plain page to print (the print stylesheet leaves only it) with the
 * clinic, branch, date, patient, the lines of the invoices paid, totals, the payments by method,
 * the change, and the balance and debt after. Not a fiscal receipt (docs/decisions/billing-pos.md).
 */
export function Receipt({ facts, onClose }: { facts: ReceiptFacts; onClose: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const session = useSignedIn()
  const branches = useFind('branches', { archived: false, $limit: 100, $sort: { name: 1 } })
  const printRef = useRef<HTMLButtonElement>(null)
  const { checkout, patient } = facts
  const branch = branches.data?.data.find((entry) => entry._id === checkout.branchId)?.name ?? ''
  const money = (minor: number) => <span className="pos-money">{format.money(minor, currency)}</span>
  const pair = (label: string, value: ReactNode, testId?: string) => (
    <div key={label} className="pos-receipt-pair"><dt>{label}</dt><dd data-testid={testId}>{value}</dd></div>
  )
  const lines = checkout.invoices.flatMap((invoice) => invoice.lines.map((line) => ({ ...line, invoice: invoice.number })))
  const subtotal = checkout.invoices.reduce((sum, invoice) => sum + invoice.subtotal, 0)
  const discount = checkout.invoices.reduce((sum, invoice) => sum + invoice.discountAmount, 0)
  const byMethod = new Map<string, number>()
  for (const payment of checkout.payments) byMethod.set(payment.method, (byMethod.get(payment.method) ?? 0) + payment.amount)

  useEffect(() => printRef.current?.focus(), [])

  return (
    <div className="pos-receipt-page">
      <Space className="pos-no-print pos-receipt-actions">
        <Button ref={printRef} type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="pos-print">{t('pos.print')}</Button>
        <Button onClick={onClose} data-testid="pos-receipt-close">{t('pos.nextPatient')}</Button>
      </Space>
      <article className="pos-receipt" data-testid="pos-receipt" aria-label={t('pos.receipt')}>
        <header>
          <h1>{session.company.name}</h1>
          {branch && <div>{branch}</div>}
          <div>{format.dateTime(checkout.createdAt)}</div>
        </header>
        <p><strong>{t('pos.patient')}:</strong> {patient}</p>
        {lines.length > 0 && (
          <table className="pos-receipt-lines">
            <thead>
              <tr><th>{t('pos.service')}</th><th className="pos-right">{t('pos.quantity')}</th><th className="pos-right">{t('billing.amount')}</th></tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line._id}><td>{line.serviceName} <span className="pos-receipt-muted">({line.invoice})</span></td><td className="pos-right">{line.quantity}</td><td className="pos-right">{money(line.amount)}</td></tr>
              ))}
            </tbody>
          </table>
        )}
        <dl className="pos-receipt-totals">
          {discount > 0 && pair(t('pos.subtotal'), money(subtotal))}
          {discount > 0 && pair(t('pos.discountAmount'), money(-discount))}
          {pair(t('pos.due'), money(checkout.due), 'receipt-due')}
          {[...byMethod].map(([method, amount]) => pair(t(`billing.methods.${method}`), money(amount), `receipt-paid-${method}`))}
          {pair(t('pos.paid'), money(checkout.paid))}
          {checkout.topUp > 0 && pair(t('pos.toBalance'), money(checkout.topUp))}
          {checkout.cashGiven !== null && pair(t('pos.cashGiven'), money(checkout.cashGiven))}
          {checkout.cashGiven !== null && pair(t('pos.change'), money(checkout.change), 'receipt-change')}
          {pair(t('pos.balanceAfter'), money(checkout.balance), 'receipt-balance')}
          {pair(t('pos.debtAfter'), money(checkout.debt), 'receipt-debt')}
        </dl>
        <footer className="pos-receipt-muted">{t('pos.notFiscal')}</footer>
      </article>
    </div>
  )
}
