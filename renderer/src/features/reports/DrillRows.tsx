import { Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { FetchError } from '../../components/FetchError'
import type { ExportLabels, ExportableReport } from '../../../../server/src/services/reports/report-exports/report-exports.shared'
import { DrillExport } from './DrillExport'
import { RowsSum } from './RowsSum'
import { exportColumns, tableColumns, type DrillColumn } from './drill-columns'

/** A drawer's read of its rows (a react-query result). */
export interface RowsRead<Row> {
  data?: { total: number; sum?: number; data: Row[] }
  error: unknown
  isLoading: boolean
  refetch: () => unknown
}

/**
 * The body of a drill-down drawer, the same in every report: the error, the rows' sum and count,
 * "Export all N rows" when there are more than it shows (DrillExport, with the same columns and
 * the query the rows were read with), and the table. `title` and `where` name the file with the
 * period of the query (or its day for a report as of a day).
 */
export function DrillRows<Row extends { _id: string }>({ report, query, rows, columns, labels = {}, sum, title, where }: {
  report: ExportableReport
  /** The report's query the rows were read with (null while closed). */
  query: Record<string, unknown> | null
  rows: RowsRead<Row>
  columns: ReadonlyArray<DrillColumn<Row>>
  labels?: ExportLabels
  sum?: (value: number) => string
  title: string
  where?: string
}) {
  const { t } = useTranslation()
  const data = rows.data
  const period = query ? (typeof query.from === 'string' && typeof query.to === 'string' ? `${query.from}–${query.to}` : typeof query.asOf === 'string' ? query.asOf : '') : ''
  return (
    <>
      {rows.error && <FetchError error={rows.error} onRetry={() => void rows.refetch()} />}
      {data && <RowsSum sum={sum && data.sum !== undefined ? sum(data.sum) : undefined} total={data.total} shown={data.data.length} />}
      {data && query && (
        <DrillExport
          report={report}
          query={query}
          columns={exportColumns(columns)}
          labels={labels}
          title={[title, where, period].filter(Boolean).join(' · ')}
          total={data.total}
          shown={data.data.length}
        />
      )}
      <Table<Row>
        rowKey="_id"
        size="small"
        loading={rows.isLoading}
        dataSource={data?.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="reports-rows-table"
        locale={{ emptyText: t('reports.rows.empty') }}
        columns={tableColumns(columns)}
      />
    </>
  )
}
