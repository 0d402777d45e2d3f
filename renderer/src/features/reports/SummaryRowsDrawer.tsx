import { Drawer, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FetchError } from '../../components/FetchError'
import type { SummaryFigure, SummaryRow } from '../../../../server/src/services/reports/reports-summary/reports-summary.shared'
import { RowsSum } from './RowsSum'
import { useSummaryRows, type Drill, type SummaryFilter } from './useReportsSummary'

/** The rows behind one number of the summary (and of summary 2.0): visits, invoices or payments, with their sum. */
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
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 760} title={t(`reports.figures.${figure}`)} destroyOnHidden data-testid="reports-rows">
      {where && <Typography.Paragraph type="secondary">{where}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t(`reports.formulas.${figure}`)}</Typography.Paragraph>
      {rows.error && <FetchError error={rows.error} onRetry={() => void rows.refetch()} />}
      {rows.data && (
        <RowsSum sum={show(figure, rows.data.sum)} total={rows.data.total} shown={rows.data.data.length} />
      )}
      <Table<SummaryRow>
        rowKey="_id"
        size="small"
        loading={rows.isLoading}
        dataSource={rows.data?.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="reports-rows-table"
        locale={{ emptyText: t('reports.rows.empty') }}
        columns={[
          { key: 'day', title: t('reports.table.day'), className: 'reports-nowrap', render: (_, row) => `${dayText(row.day)}${row.label && figure.match(/visits|newPatients/) ? ` ${row.label}` : ''}` },
          { key: 'patient', title: t('reports.rows.patient'), render: (_, row) => (row.customerId ? <Link to={`/customer/${row.customerId}`}>{row.customerName || '—'}</Link> : '—') },
          { key: 'doctor', title: t('reports.rows.doctor'), render: (_, row) => row.doctorName || '—' },
          ...(figure === 'billed' || figure === 'debtCreated' ? [{ key: 'number', title: t('reports.rows.invoice'), render: (_: unknown, row: SummaryRow) => row.label ?? '' }] : []),
          ...(row0HasMethod(figure) ? [{ key: 'method', title: t('reports.rows.method'), render: (_: unknown, row: SummaryRow) => (row.method ? t(`reports.methods.${row.method}`) : '') }] : []),
          { key: 'branch', title: t('reports.table.branch'), render: (_, row) => branchName.get(row.branchId) ?? '—' },
          { key: 'value', title: t('reports.rows.value'), align: 'right', className: 'reports-nowrap', render: (_, row) => show(figure, row.value) }
        ]}
      />
    </Drawer>
  )
}

const row0HasMethod = (figure: SummaryFigure) => figure === 'collected' || figure === 'refunds' || figure === 'prepayments'
