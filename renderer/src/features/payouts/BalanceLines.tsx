import { Table, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import type { BalanceLine } from '../../../../server/src/services/billing/user-balance-history/user-balance-history.shared'

/**
 * A statement's lines: day, what (patient and service, or a payout), base, the rule, the share and
 * the running balance. On a phone the base and rule go under the line's name.
 */
export function BalanceLines({ lines, loading, linkPatients }: { lines: BalanceLine[]; loading: boolean; linkPatients: boolean }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const money = (minor: number) => format.money(minor, currency)
  const day = (line: BalanceLine) => format.date(`${line.date}T12:00:00`)
  const rule = (line: BalanceLine) => (line.kind === 'payout' ? '' : line.fixedAmount !== null ? t('payouts.fixedPerUnit', { amount: money(line.fixedAmount) }) : `${line.percent ?? 0}%`)
  return (
    <Table<BalanceLine>
      rowKey="_id"
      size="middle"
      loading={loading}
      dataSource={lines}
      data-testid="payouts-lines"
      pagination={{ pageSize: 100, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: t('payouts.empty') }}
      rowClassName={(line) => (line.share < 0 ? 'payouts-negative' : '')}
      columns={[
        { key: 'date', title: t('payouts.date'), responsive: ['sm'], className: 'payouts-nowrap', render: (_, line) => day(line) },
        {
          key: 'what',
          title: t('payouts.what'),
          render: (_, line) => (
            <div className="payouts-what">
              {/* On a phone the day column hides: the day goes first. */}
              <span className="payouts-day">{day(line)}</span>
              {line.kind === 'payout' ? (
                <span className="payouts-name">{t('payouts.payoutLine', { method: t(`payouts.methods.${line.method ?? 'other'}`) })}</span>
              ) : (
                <span className="payouts-name">
                  {linkPatients && line.customerId ? <Link to={`/customer/${line.customerId}/billing`}>{line.customerName}</Link> : line.customerName}
                  {' · '}
                  {line.serviceName}
                  {line.quantity > 1 ? ` × ${line.quantity}` : ''}
                </span>
              )}
              <span className="payouts-sub">
                {[
                  line.kind === 'payout' ? line.note : line.invoiceNumber,
                  line.kind === 'earning' ? t(line.source === 'invoice-line' ? 'payouts.sources.invoice-line' : 'payouts.sources.payment-allocation') : null
                ].filter(Boolean).join(' · ')}
              </span>
              <span className="payouts-phone">{line.kind === 'earning' ? `${money(line.base)} · ${rule(line)}` : ''}</span>
              <span>
                {line.base < 0 && line.kind === 'earning' && <Tag color="red">{t('payouts.reversal')}</Tag>}
                {line.adjustment && <Tag color="orange">{t('payouts.adjustment')}</Tag>}
                {line.closed && <Tag>{t('payouts.closed')}</Tag>}
              </span>
            </div>
          )
        },
        { key: 'base', title: t('payouts.base'), align: 'right', responsive: ['md'], className: 'payouts-nowrap payouts-amount', render: (_, line) => (line.kind === 'earning' ? money(line.base) : '') },
        { key: 'rule', title: t('payouts.rule'), align: 'right', responsive: ['md'], className: 'payouts-nowrap', render: (_, line) => rule(line) },
        { key: 'share', title: t('payouts.share'), align: 'right', className: 'payouts-nowrap payouts-amount payouts-share', render: (_, line) => money(line.share) },
        { key: 'balance', title: t('payouts.balance'), align: 'right', responsive: ['sm'], className: 'payouts-nowrap payouts-amount', render: (_, line) => money(line.balance) }
      ]}
    />
  )
}
