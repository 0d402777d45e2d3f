import { Drawer, Table, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { client } from '../../api/client'
import { FetchError } from '../../components/FetchError'
import type { BalanceReportRows, PayoutReportLine } from '../../../../server/src/services/billing/user-balance-reports/user-balance-reports.shared'
import type { PayoutDrill, PayoutFilter } from './usePayoutReport'
import { RowsSum } from './RowsSum'
import { useDrillRows } from './useDrillRows'

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
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 960} title={t(`reports.payouts.figures.${figure}`)} destroyOnHidden data-testid="reports-rows">
      {where && <Typography.Paragraph type="secondary">{where}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t(`reports.payouts.formulas.${figure}`)}</Typography.Paragraph>
      {rows.error && <FetchError error={rows.error} onRetry={() => void rows.refetch()} />}
      {rows.data && <RowsSum sum={money(rows.data.sum)} total={rows.data.total} shown={rows.data.data.length} />}
      <Table<PayoutReportLine>
        rowKey="_id"
        size="small"
        loading={rows.isLoading}
        dataSource={rows.data?.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="reports-rows-table"
        locale={{ emptyText: t('reports.rows.empty') }}
        columns={[
          { key: 'day', title: t('reports.table.day'), className: 'reports-nowrap', render: (_, row) => dayText(row.day) },
          { key: 'doctor', title: t('reports.rows.doctor'), render: (_, row) => <Link to={`/people/${row.userId}/balanceHistory`}>{row.doctorName || '—'}</Link> },
          { key: 'what', title: t('reports.payouts.line'), render: (_, row) => what(row) },
          { key: 'patient', title: t('reports.rows.patient'), render: (_, row) => (row.customerId ? <Link to={`/customer/${row.customerId}/billing`}>{row.customerName || '—'}</Link> : '—') },
          { key: 'branch', title: t('reports.table.branch'), render: (_, row) => (row.branchId ? (branchName.get(row.branchId) ?? '—') : t('reports.payouts.noBranch')) },
          ...(figure === 'share' || figure === 'opening'
            ? [
                { key: 'base', title: t('reports.payouts.figures.base'), align: 'right' as const, className: 'reports-nowrap', render: (_: unknown, row: PayoutReportLine) => (row.kind === 'payout' ? '' : money(row.base)) },
                { key: 'rule', title: t('reports.payouts.rule'), align: 'right' as const, className: 'reports-nowrap', render: (_: unknown, row: PayoutReportLine) => rule(row) }
              ]
            : []),
          ...(figure === 'base' ? [{ key: 'rule', title: t('reports.payouts.rule'), align: 'right' as const, className: 'reports-nowrap', render: (_: unknown, row: PayoutReportLine) => rule(row) }] : []),
          { key: 'value', title: t('reports.rows.value'), align: 'right', className: 'reports-nowrap', render: (_, row) => money(row.value) }
        ]}
      />
    </Drawer>
  )
}
