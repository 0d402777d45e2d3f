import { useState } from 'react'
import { Card, Drawer, Grid, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { client } from '../../api/client'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { lastDayOf } from '../../../../domain/reports/periods'
import {
  paymentFigures, type AllocationTarget, type PaymentCell, type PaymentFigure, type PaymentFigures, type PaymentReport, type PaymentReportRow, type PaymentReportRows
} from '../../../../server/src/services/reports/payment-reports/payment-reports.shared'
import { DayChart } from './DayChart'
import { RowsSum } from './RowsSum'
import { drillQuery, useDrillRows } from './useDrillRows'
import { DrillExport } from './DrillExport'
import { exportColumns, tableColumns, type DrillColumn } from './drill-columns'
import { cancelReasons, paymentMethods } from '../../../../domain/billing/money'
import { ReportHeader } from './ReportHeader'
import { useTableExport } from './useTableExport'
import { PeriodFilter, ScopeFilters } from './ReportFilters'
import { useReportPage } from './useReportPage'
import type { ExportTable } from './table-export'
import './reports.css'

interface PaymentFilter {
  from: string
  to: string
  branchId?: string
  doctorId?: string
}

/** One number of the report: a figure narrowed to a day and branch, a method, a cashier or a doctor. */
interface Drill {
  figure: PaymentFigure
  day?: string
  branchId?: string
  method?: string
  cashierId?: string
  doctorId?: string
  via?: AllocationTarget
}

/**
 * /reports/payments (issue 19): the money taken in a period: collected, refunds, net and the
 * payments cancelled since, by method, by the staff member who took it, by the doctor of the
 * invoices it went to, and per day and branch, with a chart by day. Every number opens its rows
 * (the payments, or their parts by invoice when narrowed to a doctor); each figure states its
 * formula; the day table exports to CSV and Excel. Filters live in the address.
 */
export default function PaymentReportsPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const phone = !Grid.useBreakpoint().md
  const { params, set, branchId, doctorId, preset, range, scope, filter, report, failed } = useReportPage<PaymentReport, PaymentFilter>('payment-reports', { resource: 'payment-reports', money: true })
  const [drill, setDrill] = useState<Drill | null>(null)
  const money = (value: number) => format.money(value, currency)
  const dayText = (day: string) => format.date(day)
  const link = (figure: PaymentFigure, value: number, where: Omit<Drill, 'figure'>, testId?: string) =>
    value === 0 && !testId ? (
      <span className="reports-zero">{money(0)}</span>
    ) : (
      <Typography.Link className="reports-number" onClick={() => setDrill({ figure, ...where })} data-testid={testId}>
        {money(value)}
      </Typography.Link>
    )
  const figureColumns = <T extends PaymentFigures>(where: (entry: T) => Omit<Drill, 'figure'>) =>
    paymentFigures.map((figure) => ({
      key: figure,
      title: t(`reports.payments.figures.${figure}`),
      align: 'right' as const,
      className: 'reports-nowrap',
      render: (_: unknown, entry: T) => link(figure, entry[figure], where(entry))
    }))

  const data = report.data
  // A long period of several branches comes without its day × branch cells: the export reads them.
  const exportDays = async (): Promise<ExportTable | null> => {
    if (!data || !range || !filter) return null
    const cells = data.cells ?? ((await client.service('payment-reports').find({ query: { ...filter, cells: true } })) as PaymentReport).cells ?? []
    return {
      fileName: `${t('reports.payments.fileName')}-${range.from}-${lastDayOf(range)}`,
      sheetName: t('reports.payments.title'),
      columns: [{ title: t('reports.table.day') }, { title: t('reports.table.branch') }, ...paymentFigures.map((figure) => ({ title: t(`reports.payments.figures.${figure}`), money: true }))],
      rows: cells.map((cell) => [cell.day, scope.branchName.get(cell.branchId) ?? '', ...paymentFigures.map((figure) => cell[figure])]),
      total: [t('reports.table.total'), '', ...paymentFigures.map((figure) => data.totals[figure])]
    }
  }
  const { exporting, onExport } = useTableExport(exportDays, range)

  if (failed) return failed
  const methodName = (method: string) => t(`reports.methods.${method}`)
  const totalRow = (span: number) =>
    data ? (
      <Table.Summary.Row className="reports-total-row">
        <Table.Summary.Cell index={0} colSpan={span}>{t('reports.table.total')}</Table.Summary.Cell>
        {paymentFigures.map((figure, index) => (
          <Table.Summary.Cell key={figure} index={index + span} align="right">
            {link(figure, data.totals[figure], {})}
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    ) : null
  const breakdown = <T extends PaymentFigures>(title: string, testId: string, rows: T[], rowKey: (entry: T) => string, name: { title: string; render: (entry: T) => React.ReactNode }, where: (entry: T) => Omit<Drill, 'figure'>) => (
    <Card size="small" className="reports-table-card" title={title}>
      <Table<T>
        rowKey={rowKey}
        size="small"
        loading={report.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid={testId}
        locale={{ emptyText: t('reports.summary.empty') }}
        columns={[{ key: 'name', title: name.title, render: (_, entry) => name.render(entry) }, ...figureColumns<T>(where)]}
        summary={() => (rows.length > 1 ? totalRow(1) : null)}
      />
    </Card>
  )

  return (
    <>
      <ReportHeader
        title={t('reports.payments.title')}
        range={range}
        ready={!!data}
        exporting={exporting}
        onExport={onExport}
      >
        <PeriodFilter preset={preset} params={params} set={set} />
        <ScopeFilters scope={scope} branchId={branchId} doctorId={doctorId} set={set} />
      </ReportHeader>
      <div className="reports-tiles" data-testid="reports-tiles">
        {paymentFigures.map((figure) => (
          <Card key={figure} size="small" className="reports-tile" loading={report.isLoading} data-testid={`reports-tile-${figure}`}>
            <div className="reports-tile-label">{t(`reports.payments.figures.${figure}`)}</div>
            <div className="reports-tile-value">{data ? link(figure, data.totals[figure], {}, `reports-total-${figure}`) : '—'}</div>
            <div className="reports-formula">{t(`reports.payments.formulas.${figure}`)}</div>
          </Card>
        ))}
      </div>
      {data && range && (
        <Card size="small" className="reports-chart-card" title={t('reports.chart.title')}>
          <DayChart range={range} values={data.byDay.map((day) => ({ day: day.day, value: day.collected }))} label={dayText} money={money} onDay={(day) => setDrill({ figure: 'collected', day })} />
        </Card>
      )}
      <div className="reports-breakdowns">
        {breakdown(t('reports.payments.byMethod'), 'reports-by-method', data?.byMethod ?? [], (entry) => entry.method, { title: t('reports.rows.method'), render: (entry) => methodName(entry.method) }, (entry) => ({ method: entry.method }))}
        {breakdown(t('reports.payments.byCashier'), 'reports-by-cashier', data?.byCashier ?? [], (entry) => entry.cashierId ?? 'none', { title: t('reports.payments.cashier'), render: (entry) => (entry.cashierId ? entry.name || '—' : t('reports.payments.noCashier')) }, (entry) => ({ cashierId: entry.cashierId ?? 'none' }))}
      </div>
      {breakdown(
        t('reports.payments.byDoctor'), 'reports-by-doctor', data?.byDoctor ?? [], (entry) => entry.doctorId ?? entry.via ?? '',
        { title: t('reports.rows.doctor'), render: (entry) => (entry.doctorId ? entry.name || '—' : t(`reports.payments.via.${entry.via}`)) },
        (entry) => (entry.doctorId ? { doctorId: entry.doctorId } : { via: entry.via ?? undefined })
      )}
      <Typography.Paragraph className="reports-formula">{t('reports.payments.byDoctorFormula')}</Typography.Paragraph>
      <Card size="small" className="reports-table-card" title={t('reports.payments.byDay')}>
        <Table
          rowKey={(cell) => `${cell.day}|${cell.branchId}`}
          size="small"
          loading={report.isLoading}
          dataSource={data ? (data.cells ?? data.byDay.map((day) => ({ ...day, branchId: '' }))) : []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="reports-table"
          locale={{ emptyText: t('reports.summary.empty') }}
          columns={[
            { key: 'day', title: t('reports.table.day'), fixed: phone ? undefined : 'left', className: 'reports-nowrap', render: (_, cell) => dayText(cell.day) },
            { key: 'branch', title: t('reports.table.branch'), render: (_, cell) => (cell.branchId ? (scope.branchName.get(cell.branchId) ?? '—') : t('reports.table.allBranches')) },
            ...figureColumns<PaymentCell>((cell) => (cell.branchId ? { day: cell.day, branchId: cell.branchId } : { day: cell.day }))
          ]}
          summary={() => (data && data.byDay.length > 0 ? totalRow(2) : null)}
        />
      </Card>
      {data && !data.cells && (
        <>
          <Typography.Paragraph type="secondary" data-testid="reports-cells-left-out">{t('reports.table.cellsLeftOut')}</Typography.Paragraph>
          {breakdown(t('reports.table.byBranch'), 'reports-by-branch', data.byBranch, (entry) => entry.branchId, { title: t('reports.table.branch'), render: (entry) => scope.branchName.get(entry.branchId) ?? '—' }, (entry) => ({ branchId: entry.branchId }))}
        </>
      )}
      <PaymentRowsDrawer filter={filter} drill={drill} onClose={() => setDrill(null)} branchName={scope.branchName} money={money} dayText={dayText} phone={phone} />
    </>
  )
}

function PaymentRowsDrawer({ filter, drill, onClose, branchName, money, dayText, phone }: {
  filter: PaymentFilter | null
  drill: Drill | null
  onClose: () => void
  branchName: Map<string, string>
  money: (value: number) => string
  dayText: (day: string) => string
  phone: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const rows = useDrillRows('payment-reports', filter, drill, (query) => client.service('payment-reports').find({ query }) as Promise<PaymentReportRows>)
  const figure = drill?.figure ?? 'collected'
  const split = Boolean(drill?.doctorId || drill?.via || filter?.doctorId)
  const where = [
    drill?.day ? dayText(drill.day) : null,
    drill?.branchId ? branchName.get(drill.branchId) : null,
    drill?.method ? t(`reports.methods.${drill.method}`) : null,
    drill?.via ? t(`reports.payments.via.${drill.via}`) : null,
    drill?.cashierId === 'none' ? t('reports.payments.noCashier') : drill?.cashierId ? rows.data?.data[0]?.cashierName : null,
    drill?.doctorId ? rows.data?.data[0]?.doctorName : null
  ].filter(Boolean).join(' · ')
  // One list for the table and the export of every row (DrillExport): the file gets the same columns.
  const columns: Array<DrillColumn<PaymentReportRow>> = [
    { key: 'date', title: t('reports.payments.when'), kind: 'datetime', nowrap: true, render: (row) => format.dateTime(row.date) },
    { key: 'customerName', title: t('reports.rows.patient'), kind: 'text', render: (row) => <Link to={`/customer/${row.customerId}/transactions`}>{row.customerName || '—'}</Link> },
    { key: 'method', title: t('reports.rows.method'), kind: 'text', render: (row) => t(`reports.methods.${row.method}`) },
    { key: 'cashierName', title: t('reports.payments.cashier'), kind: 'text', render: (row) => (row.cashierId ? row.cashierName || '—' : t('reports.payments.noCashier')) },
    ...(split
      ? [
          { key: 'invoice', title: t('reports.rows.invoice'), kind: 'text', render: (row) => row.invoice ?? t('reports.payments.via.balance') } satisfies DrillColumn<PaymentReportRow>,
          { key: 'doctorName', title: t('reports.rows.doctor'), kind: 'text', render: (row) => row.doctorName || '—' } satisfies DrillColumn<PaymentReportRow>
        ]
      : []),
    { key: 'branchId', title: t('reports.table.branch'), kind: 'text', render: (row) => branchName.get(row.branchId) ?? '—' },
    { key: 'reference', title: t('reports.payments.reference'), kind: 'text', render: (row) => row.reference || '—' },
    ...(figure === 'cancelled'
      ? [{ key: 'cancelReason', title: t('reports.payments.cancelReason'), kind: 'text', render: (row) => (row.cancelReason ? `${t(`billing.reasons.${row.cancelReason}`)}${row.cancelNote ? `: ${row.cancelNote}` : ''}` : '—') } satisfies DrillColumn<PaymentReportRow>]
      : []),
    { key: 'value', title: t('reports.rows.value'), kind: 'money', align: 'right', nowrap: true, render: (row) => money(row.value) }
  ]
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 900} title={t(`reports.payments.figures.${figure}`)} destroyOnHidden data-testid="reports-rows">
      {where && <Typography.Paragraph type="secondary">{where}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t(`reports.payments.formulas.${figure}`)}</Typography.Paragraph>
      {rows.error && <FetchError error={rows.error} onRetry={() => void rows.refetch()} />}
      {rows.data && (
        <RowsSum sum={money(rows.data.sum)} total={rows.data.total} shown={rows.data.data.length} />
      )}
      {rows.data && filter && drill && (
        <DrillExport
          report="payment-reports"
          query={drillQuery(filter, drill)}
          columns={exportColumns(columns)}
          labels={{
            method: Object.fromEntries(paymentMethods.map((method) => [method, t(`reports.methods.${method}`)])),
            branchId: Object.fromEntries(branchName),
            cancelReason: Object.fromEntries(cancelReasons.map((reason) => [reason, t(`billing.reasons.${reason}`)]))
          }}
          title={[t(`reports.payments.figures.${figure}`), where, `${filter.from}–${filter.to}`].filter(Boolean).join(' · ')}
          total={rows.data.total}
          shown={rows.data.data.length}
        />
      )}
      <Table<PaymentReportRow>
        rowKey="_id"
        size="small"
        loading={rows.isLoading}
        dataSource={rows.data?.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="reports-rows-table"
        locale={{ emptyText: t('reports.rows.empty') }}
        columns={tableColumns(columns)}
      />
    </Drawer>
  )
}
