import { Drawer, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { client } from '../../api/client'
import type { BalanceReportRows, PayoutReportLine } from '../../../../server/src/services/billing/user-balance-reports/user-balance-reports.shared'
import type { PayoutDrill, PayoutFilter } from './usePayoutReport'
import { paymentMethods } from '../../../../domain/billing/money'
import { DrillRows } from './DrillRows'
import { fileColumn, wordsOf, type DrillColumn } from './drill-columns'
import { drillQuery, useDrillRows } from './useDrillRows'

/**
 * The statement lines behind one number of the payouts reports (`$rows`): the invoice lines
 * whose share was earned (or reversed), or the payouts made; their sum is the number.
 */
export function PayoutRowsDrawer({ filter, drill, onClose, branchName, money, dayText, phone }: {
  filter: PayoutFilter | null
  drill: PayoutDrill | null
  onClose: () => void
  branchName: Map<string, string>
  money: (value: number) => string
  dayText: (day: string) => string
  phone: boolean
}) {
  const { t } = useTranslation()
  const rows = useDrillRows('user-balance-reports', filter, drill, (query) => client.service('user-balance-reports').find({ query }) as Promise<BalanceReportRows>)
  const figure = drill?.figure ?? 'share'
  const where = [drill?.day ? dayText(drill.day) : null, drill?.doctorId ? rows.data?.data[0]?.doctorName : null].filter(Boolean).join(' · ')
  const what = (row: PayoutReportLine) =>
    row.kind === 'payout' ? (
      <>
        {t('reports.payouts.payout')} · {t(`reports.methods.${row.method}`)}
        {row.note ? ` · ${row.note}` : ''}
      </>
    ) : (
      <>
        {row.invoiceNumber ?? '—'} · {row.serviceName || '—'}
        {row.quantity > 1 ? ` × ${row.quantity}` : ''}
        {row.value < 0 || row.share < 0 ? <Tag className="reports-tag">{t('reports.payouts.reversal')}</Tag> : null}
        {row.adjustment ? <Tag className="reports-tag">{t('reports.payouts.adjustment')}</Tag> : null}
      </>
    )
  const rule = (row: PayoutReportLine) => (row.kind === 'payout' ? '' : row.percent !== null ? `${row.percent} %` : row.fixedAmount !== null ? money(row.fixedAmount) : '')
  const shares = figure === 'share' || figure === 'opening'
  // One list for the table and the export of every row (DrillRows): the file has the line's and the rule's parts one by one.
  const columns: Array<DrillColumn<PayoutReportLine>> = [
    { key: 'day', title: t('reports.table.day'), kind: 'date', nowrap: true, render: (row) => dayText(row.day) },
    { key: 'doctorName', title: t('reports.rows.doctor'), kind: 'text', render: (row) => <Link to={`/people/${row.userId}/balanceHistory`}>{row.doctorName || '—'}</Link> },
    { key: 'kind', title: t('reports.payouts.line'), kind: 'text', only: 'table', render: (row) => what(row) },
    fileColumn('kind', t('reports.payouts.line')),
    fileColumn('invoiceNumber', t('reports.rows.invoice')),
    fileColumn('serviceName', t('reports.services.service')),
    fileColumn('quantity', t('reports.services.quantity'), 'number'),
    fileColumn('method', t('reports.rows.method')),
    fileColumn('note', t('reports.rows.note')),
    { key: 'customerName', title: t('reports.rows.patient'), kind: 'text', render: (row) => (row.customerId ? <Link to={`/customer/${row.customerId}/billing`}>{row.customerName || '—'}</Link> : '—') },
    { key: 'branchId', title: t('reports.table.branch'), kind: 'text', render: (row) => (row.branchId ? (branchName.get(row.branchId) ?? '—') : t('reports.payouts.noBranch')) },
    ...(shares ? [{ key: 'base', title: t('reports.payouts.figures.base'), kind: 'money', align: 'right', nowrap: true, render: (row) => (row.kind === 'payout' ? '' : money(row.base)) } satisfies DrillColumn<PayoutReportLine>] : []),
    ...(shares || figure === 'base'
      ? [
          { key: 'percent', title: t('reports.payouts.rule'), kind: 'text', only: 'table', align: 'right', nowrap: true, render: (row) => rule(row) } satisfies DrillColumn<PayoutReportLine>,
          fileColumn<PayoutReportLine>('percent', `${t('reports.payouts.rule')}, %`, 'number'),
          fileColumn<PayoutReportLine>('fixedAmount', t('reports.payouts.rule'), 'money')
        ]
      : []),
    { key: 'value', title: t('reports.rows.value'), kind: 'money', align: 'right', nowrap: true, render: (row) => money(row.value) }
  ]
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 960} title={t(`reports.payouts.figures.${figure}`)} destroyOnHidden data-testid="reports-rows">
      {where && <Typography.Paragraph type="secondary">{where}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t(`reports.payouts.formulas.${figure}`)}</Typography.Paragraph>
      <DrillRows
        report="user-balance-reports"
        query={filter && drill ? drillQuery(filter, drill) : null}
        rows={rows}
        columns={columns}
        labels={{
          kind: { payout: t('reports.payouts.payout'), earning: t('reports.payouts.figures.share') },
          method: wordsOf(paymentMethods, (method) => t(`reports.methods.${method}`)),
          branchId: Object.fromEntries(branchName)
        }}
        sum={money}
        title={t(`reports.payouts.figures.${figure}`)}
        where={where}
      />
    </Drawer>
  )
}
