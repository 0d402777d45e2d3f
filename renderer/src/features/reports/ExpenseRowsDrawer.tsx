import { Drawer, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { client } from '../../api/client'
import { FetchError } from '../../components/FetchError'
import type { ExpenseReportRow, ExpenseReportRows, ExpenseRowFigure } from '../../../../server/src/services/reports/expense-reports/expense-reports.shared'
import { RowsSum } from './RowsSum'
import { useDrillRows } from './useDrillRows'

export interface ExpenseFilter {
  from: string
  to: string
  branchId?: string
}

/** One number of the expenses report: a figure narrowed to a day, a branch or a category. */
export interface ExpenseDrill {
  figure: ExpenseRowFigure
  day?: string
  branchId?: string
  category?: string
}

/** The rows behind one number of the expenses report (`$rows`): expenses, payouts, or payments and refunds. */
export function ExpenseRowsDrawer({ filter, drill, onClose, branchName, money, dayText, phone }: {
  filter: ExpenseFilter | null
  drill: ExpenseDrill | null
  onClose: () => void
  branchName: Map<string, string>
  money: (value: number) => string
  dayText: (day: string) => string
  phone: boolean
}) {
  const { t } = useTranslation()
  const rows = useDrillRows('expense-reports', filter, drill, (query) => client.service('expense-reports').find({ query }) as Promise<ExpenseReportRows>)
  const figure = drill?.figure ?? 'expenses'
  const where = [
    drill?.day ? dayText(drill.day) : null,
    drill?.branchId ? branchName.get(drill.branchId) : null,
    drill?.category ? t(`expenses.categories.${drill.category}`) : null
  ].filter(Boolean).join(' · ')
  const what = (row: ExpenseReportRow) => {
    if (row.kind === 'expense') return [t(`expenses.categories.${row.category}`), row.supplier, row.documentNumber ? `№ ${row.documentNumber}` : null, row.note].filter(Boolean).join(' · ')
    if (row.kind === 'payout') return <><Link to={`/people/${row.userId}/balanceHistory`}>{row.doctorName || '—'}</Link>{` · ${t(`reports.methods.${row.method}`)}${row.note ? ` · ${row.note}` : ''}`}</>
    return <><Link to={`/customer/${row.customerId}/transactions`}>{row.customerName || '—'}</Link>{` · ${t(`reports.methods.${row.method}`)}${row.kind === 'refund' ? ` · ${t('reports.expenses.refund')}` : ''}`}</>
  }
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 900} title={t(`reports.expenses.figures.${figure}`)} destroyOnHidden data-testid="reports-rows">
      {where && <Typography.Paragraph type="secondary">{where}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t(`reports.expenses.formulas.${figure}`)}</Typography.Paragraph>
      {rows.error && <FetchError error={rows.error} onRetry={() => void rows.refetch()} />}
      {rows.data && <RowsSum sum={money(rows.data.sum)} total={rows.data.total} shown={rows.data.data.length} />}
      <Table<ExpenseReportRow>
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
          { key: 'what', title: t('reports.expenses.what'), render: (_, row) => what(row) },
          { key: 'branch', title: t('reports.table.branch'), render: (_, row) => (row.branchId ? (branchName.get(row.branchId) ?? '—') : t('reports.payouts.noBranch')) },
          { key: 'value', title: t('reports.rows.value'), align: 'right', className: 'reports-nowrap', render: (_, row) => money(row.value) }
        ]}
      />
    </Drawer>
  )
}
