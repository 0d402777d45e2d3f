import { Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import { balanceWord, type CashShift } from './cash-desk-types'

/**
 * A shift's report: payments and refunds by method, the drawer's cash (float, cash taken and
 * given back, cash in and out, expected) and, once closed, what was counted and over/short. The
 * same block is the X-report of an open shift and the printed Z-report of a closed one.
 */
export function ShiftReport({ shift, currency, names }: { shift: CashShift; currency: string; names?: Map<string, string> }) {
  const { t } = useTranslation()
  const format = useFormat()
  const money = (minor: number) => format.money(minor, currency)
  const report = shift.report
  const closed = shift.status === 'closed'
  const lines: Array<[string, string, string, string?]> = [
    ['float', t('cashDesk.openingFloat'), money(shift.openingFloat)],
    ['cash-paid', t('cashDesk.cashPaid'), `+ ${money(report.cashPaid)}`],
    ['cash-refunded', t('cashDesk.cashRefunded'), `− ${money(report.cashRefunded)}`],
    ['cash-in', t('cashDesk.cashIn'), `+ ${money(report.cashIn)}`],
    ['cash-out', t('cashDesk.cashOut'), `− ${money(report.cashOut)}`],
    ['expected', t('cashDesk.expected'), money(report.expectedCash), 'cash-report-strong']
  ]
  if (closed && shift.countedCash !== null && shift.overShort !== null) {
    const word = balanceWord(shift.overShort)
    lines.push(['counted', t('cashDesk.counted'), money(shift.countedCash), 'cash-report-strong'])
    lines.push(['over-short', t(`cashDesk.${word}`), money(shift.overShort), `cash-report-strong cash-${word}`])
  }
  return (
    <div className="cash-report" data-testid={closed ? 'z-report' : 'x-report'}>
      <div className="cash-report-head">
        <Typography.Title level={5}>{closed ? t('cashDesk.zReport') : t('cashDesk.xReport')} · {shift.desk || t('cashDesk.mainDesk')}</Typography.Title>
        <Typography.Text type="secondary">
          {t('cashDesk.openedAt')}: {format.dateTime(shift.openedAt)}
          {names?.get(shift.openedBy ?? '') ? ` · ${names.get(shift.openedBy ?? '')}` : ''}
          {shift.closedAt ? ` — ${t('cashDesk.closedAt')}: ${format.dateTime(shift.closedAt)}${names?.get(shift.closedBy ?? '') ? ` · ${names.get(shift.closedBy ?? '')}` : ''}` : ''}
        </Typography.Text>
      </div>
      <div className="cash-report-counts">
        <span data-testid="report-payments">{t('cashDesk.paymentsCount')}: <strong>{report.payments}</strong> · {money(report.paid)}</span>
        <span data-testid="report-refunds">{t('cashDesk.refundsCount')}: <strong>{report.refunds}</strong> · {money(report.refunded)}</span>
      </div>
      <Table
        size="small"
        rowKey="method"
        pagination={false}
        dataSource={report.byMethod}
        className="cash-report-methods"
        scroll={{ x: 'max-content' }}
        data-testid="report-methods"
        locale={{ emptyText: t('cashDesk.noPayments') }}
        columns={[
          { key: 'method', title: t('cashDesk.method'), render: (_, row) => t(`billing.methods.${row.method}`) },
          { key: 'paid', title: t('cashDesk.payments'), align: 'right', render: (_, row) => <span className="cash-money">{money(row.paid)}<Typography.Text type="secondary" className="cash-count"> ×{row.payments}</Typography.Text></span> },
          { key: 'refunded', title: t('cashDesk.refunds'), align: 'right', render: (_, row) => <span className="cash-money">{money(row.refunded)}<Typography.Text type="secondary" className="cash-count"> ×{row.refunds}</Typography.Text></span> },
          { key: 'net', title: t('cashDesk.net'), align: 'right', responsive: ['sm'], render: (_, row) => <strong className="cash-money">{money(row.paid - row.refunded)}</strong> }
        ]}
      />
      <dl className="cash-drawer" data-testid="report-drawer">
        {lines.map(([key, label, value, className]) => (
          <div key={key} className={className} data-testid={`report-${key}`}>
            <dt>{label}</dt>
            <dd className="cash-money">{value}</dd>
          </div>
        ))}
      </dl>
      {closed && shift.closeNote && <Typography.Paragraph type="secondary" className="cash-note">{shift.closeNote}</Typography.Paragraph>}
    </div>
  )
}
