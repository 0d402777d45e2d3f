import { Drawer, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { moneyFigures, type SummaryFigure, type SummaryRow } from '../../../../server/src/services/reports/reports-summary/reports-summary.shared'
import { paymentMethods } from '../../../../domain/billing/money'
import { DrillRows } from './DrillRows'
import { wordsOf, type DrillColumn } from './drill-columns'
import { summaryRowsQuery, useSummaryRows, type Drill, type SummaryFilter } from './useReportsSummary'

/** The rows behind one number of the summary (and of summary 2.0): visits, invoices or payments, with their sum; all of them exported in the background. */
export function SummaryRowsDrawer({ filter, drill, onClose, branchName, show, dayText, phone }: {
  filter: SummaryFilter | null
  drill: Drill | null
  onClose: () => void
  branchName: Map<string, string>
  show: (figure: SummaryFigure, value: number) => string
  dayText: (day: string) => string
  phone: boolean
}) {
  const { t } = useTranslation()
  const rows = useSummaryRows(filter, drill)
  const figure = drill?.figure ?? 'visits'
  const where = [drill?.day ? dayText(drill.day) : null, drill?.branchId ? branchName.get(drill.branchId) : null, drill?.method ? t(`reports.methods.${drill.method}`) : null].filter(Boolean).join(' · ')
  const visits = figure === 'visits' || figure === 'newPatients'
  const columns: Array<DrillColumn<SummaryRow>> = [
    { key: 'day', title: t('reports.table.day'), kind: 'date', nowrap: true, render: (row) => dayText(row.day) },
    // A visit's time is its label (an invoice's number for invoices): a column of its own, in the file too.
    ...(visits ? [{ key: 'label', title: t('reports.toppers.time'), kind: 'text', nowrap: true, render: (row) => row.label ?? '' } satisfies DrillColumn<SummaryRow>] : []),
    { key: 'customerName', title: t('reports.rows.patient'), kind: 'text', render: (row) => (row.customerId ? <Link to={`/customer/${row.customerId}`}>{row.customerName || '—'}</Link> : '—') },
    { key: 'doctorName', title: t('reports.rows.doctor'), kind: 'text', render: (row) => row.doctorName || '—' },
    ...(figure === 'billed' || figure === 'debtCreated' ? [{ key: 'label', title: t('reports.rows.invoice'), kind: 'text', render: (row) => row.label ?? '' } satisfies DrillColumn<SummaryRow>] : []),
    ...(hasMethod(figure) ? [{ key: 'method', title: t('reports.rows.method'), kind: 'text', render: (row) => (row.method ? t(`reports.methods.${row.method}`) : '') } satisfies DrillColumn<SummaryRow>] : []),
    { key: 'branchId', title: t('reports.table.branch'), kind: 'text', render: (row) => branchName.get(row.branchId) ?? '—' },
    { key: 'value', title: t('reports.rows.value'), kind: moneyFigures.includes(figure) ? 'money' : 'number', align: 'right', nowrap: true, render: (row) => show(figure, row.value) }
  ]
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 760} title={t(`reports.figures.${figure}`)} destroyOnHidden data-testid="reports-rows">
      {where && <Typography.Paragraph type="secondary">{where}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t(`reports.formulas.${figure}`)}</Typography.Paragraph>
      <DrillRows
        report="reports-summary"
        query={summaryRowsQuery(filter, drill)}
        rows={rows}
        columns={columns}
        labels={{ method: wordsOf(paymentMethods, (method) => t(`reports.methods.${method}`)), branchId: Object.fromEntries(branchName) }}
        sum={(value) => show(figure, value)}
        title={t(`reports.figures.${figure}`)}
        where={where}
      />
    </Drawer>
  )
}

const hasMethod = (figure: SummaryFigure) => figure === 'collected' || figure === 'refunds' || figure === 'prepayments'
