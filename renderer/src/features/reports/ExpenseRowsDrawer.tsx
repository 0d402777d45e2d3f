import { Drawer, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { client } from '../../api/client'
import type { ExpenseReportRow, ExpenseReportRows, ExpenseRowFigure } from '../../../../server/src/services/reports/expense-reports/expense-reports.shared'
import { expenseCategories } from '../../../../server/src/services/billing/expense/expense.shared'
import { paymentMethods } from '../../../../domain/billing/money'
import { DrillRows, type RowsRead } from './DrillRows'
import { fileColumn, wordsOf, type DrillColumn } from './drill-columns'
import { drillQuery, useDrillRows } from './useDrillRows'

/** A row of any kind with every kind's fields (those of another kind absent), for the columns of the file. */
type FlatRow = ExpenseReportRow & { [K in 'category' | 'supplier' | 'documentNumber' | 'note' | 'doctorName' | 'customerName' | 'method']?: unknown }

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
  // One list for the table and the export of every row (DrillRows): the file has the row's parts one by one.
  const file = (key: keyof FlatRow & string, title: string) => fileColumn<FlatRow>(key, title)
  const parts =
    figure === 'expenses'
      ? [file('category', t('reports.expenses.what')), file('supplier', t('reports.rows.supplier')), file('documentNumber', t('reports.rows.document')), file('note', t('reports.rows.note'))]
      : figure === 'payouts'
        ? [file('doctorName', t('reports.rows.doctor')), file('method', t('reports.rows.method')), file('note', t('reports.rows.note'))]
        : [file('customerName', t('reports.rows.patient')), file('method', t('reports.rows.method')), file('kind', t('reports.expenses.what'))]
  const columns: Array<DrillColumn<FlatRow>> = [
    { key: 'day', title: t('reports.table.day'), kind: 'date', nowrap: true, render: (row) => dayText(row.day) },
    { key: 'kind', title: t('reports.expenses.what'), kind: 'text', only: 'table', render: (row) => what(row) },
    ...parts,
    { key: 'branchId', title: t('reports.table.branch'), kind: 'text', render: (row) => (row.branchId ? (branchName.get(row.branchId) ?? '—') : t('reports.payouts.noBranch')) },
    { key: 'value', title: t('reports.rows.value'), kind: 'money', align: 'right', nowrap: true, render: (row) => money(row.value) }
  ]
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 900} title={t(`reports.expenses.figures.${figure}`)} destroyOnHidden data-testid="reports-rows">
      {where && <Typography.Paragraph type="secondary">{where}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t(`reports.expenses.formulas.${figure}`)}</Typography.Paragraph>
      <DrillRows
        report="expense-reports"
        query={filter && drill ? drillQuery(filter, drill) : null}
        rows={rows as RowsRead<FlatRow>}
        columns={columns}
        labels={{
          category: wordsOf(expenseCategories, (category) => t(`expenses.categories.${category}`)),
          method: wordsOf(paymentMethods, (method) => t(`reports.methods.${method}`)),
          kind: { payment: t('reports.rows.payment'), refund: t('reports.expenses.refund') },
          branchId: Object.fromEntries(branchName)
        }}
        sum={money}
        title={t(`reports.expenses.figures.${figure}`)}
        where={where}
      />
    </Drawer>
  )
}
