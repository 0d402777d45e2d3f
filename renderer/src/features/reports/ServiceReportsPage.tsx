import { useState } from 'react'
import { Card, Drawer, Grid, Table, Tabs, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { client } from '../../api/client'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { lastDayOf } from '../../../../domain/reports/periods'
import {
  serviceFigures, type CategoryReportLine, type ServiceFigure, type ServiceFigures, type ServiceReport, type ServiceReportLine, type ServiceReportRow, type ServiceReportRows, type WithAverage
} from '../../../../server/src/services/reports/service-reports/service-reports.shared'
import { DrillRows } from './DrillRows'
import type { DrillColumn } from './drill-columns'
import { ReportHeader } from './ReportHeader'
import { useTableExport } from './useTableExport'
import { PeriodFilter, ScopeFilters } from './ReportFilters'
import { useReportPage } from './useReportPage'
import { TopBars } from './TopBars'
import { isMoneyFigure, topRevenueBars } from './service-report-view'
import type { ExportTable } from './table-export'
import './reports.css'

interface ServiceFilter {
  from: string
  to: string
  branchId?: string
  doctorId?: string
}

/** One number of the report: a figure, narrowed to a service or a category (`none`: without one). */
interface Drill {
  figure: ServiceFigure
  serviceId?: string
  categoryId?: string
  /** The line's name, for the drawer's title. */
  name?: string
}

const TOP = 10
type Line = ServiceFigures & WithAverage & { name: string }

/**
 * /reports/services (issue 19): per service of the catalogue and per category, for a period,
 * branch and doctor: times done (treatments done), units billed, revenue (invoice lines not
 * cancelled) and the average price; the ten services of the largest revenue as bars; sortable
 * tables; every number opens its rows (treatments or invoice lines); each figure states its
 * formula; the table on screen exports to CSV and Excel. Filters live in the address.
 */
export default function ServiceReportsPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const phone = !Grid.useBreakpoint().md
  const { params, set, branchId, doctorId, preset, range, scope, filter, report, failed } = useReportPage<ServiceReport, ServiceFilter>('service-reports', { resource: 'service-reports', money: true })
  const [drill, setDrill] = useState<Drill | null>(null)
  const [view, setView] = useState<'services' | 'categories'>('services')
  const money = (value: number) => format.money(value, currency)
  const valueText = (figure: ServiceFigure | 'average', value: number | null) => (value === null ? '—' : isMoneyFigure(figure) ? money(value) : format.number(value))
  const noService = t('reports.services.noService')
  const noCategory = t('reports.services.noCategory')
  const link = (figure: ServiceFigure, value: number, where: Omit<Drill, 'figure'>, testId?: string) =>
    value === 0 && !testId ? (
      <span className="reports-zero">{valueText(figure, 0)}</span>
    ) : (
      <Typography.Link className="reports-number" onClick={() => setDrill({ figure, ...where })} data-testid={testId}>
        {valueText(figure, value)}
      </Typography.Link>
    )
  const data = report.data
  const serviceWhere = (line: ServiceReportLine) => ({ serviceId: line.serviceId ?? 'none', name: line.name || noService })
  const categoryWhere = (line: CategoryReportLine) => ({ categoryId: line.categoryId ?? 'none', name: line.name || noCategory })

  const figureColumns = <T extends Line>(where: (line: T) => Omit<Drill, 'figure'>) => [
    ...serviceFigures.map((figure) => ({
      key: figure,
      title: t(`reports.services.figures.${figure}`),
      align: 'right' as const,
      className: 'reports-nowrap',
      sorter: (a: T, b: T) => a[figure] - b[figure],
      render: (_: unknown, line: T) => link(figure, line[figure], where(line))
    })),
    {
      key: 'average',
      title: t('reports.services.figures.average'),
      align: 'right' as const,
      className: 'reports-nowrap reports-number',
      sorter: (a: T, b: T) => (a.average ?? -1) - (b.average ?? -1),
      render: (_: unknown, line: T) => valueText('average', line.average)
    }
  ]
  const totalRow = (span: number) =>
    data ? (
      <Table.Summary.Row className="reports-total-row">
        <Table.Summary.Cell index={0} colSpan={span}>{t('reports.table.total')}</Table.Summary.Cell>
        {serviceFigures.map((figure, index) => (
          <Table.Summary.Cell key={figure} index={index + span} align="right" className="reports-nowrap">{link(figure, data.totals[figure], {})}</Table.Summary.Cell>
        ))}
        <Table.Summary.Cell index={span + serviceFigures.length} align="right" className="reports-nowrap">{valueText('average', data.totals.average)}</Table.Summary.Cell>
      </Table.Summary.Row>
    ) : null
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name)

  const exportView = (): ExportTable | null => {
    if (!data || !range) return null
    const figures = [...serviceFigures.map((figure) => ({ title: t(`reports.services.figures.${figure}`), money: isMoneyFigure(figure) })), { title: t('reports.services.figures.average'), money: true }]
    const values = (line: Line) => [...serviceFigures.map((figure) => line[figure]), line.average ?? '']
    const services = view === 'services'
    return {
      fileName: `${t('reports.services.fileName')}-${range.from}-${lastDayOf(range)}`,
      sheetName: t('reports.services.title'),
      columns: services ? [{ title: t('reports.services.service') }, { title: t('reports.services.category') }, ...figures] : [{ title: t('reports.services.category') }, ...figures],
      rows: services
        ? data.services.map((line) => [line.name || noService, line.categoryId ? line.categoryName : noCategory, ...values(line)])
        : data.categories.map((line) => [line.name || noCategory, ...values(line)]),
      total: [t('reports.table.total'), ...(services ? [''] : []), ...values({ ...data.totals, name: '' })]
    }
  }
  const { exporting, onExport } = useTableExport(exportView, range)

  if (failed) return failed
  const bars = data ? topRevenueBars(data.services, TOP, money, noService) : []
  const tables = {
    services: (
      <Table<ServiceReportLine>
        rowKey={(line) => line.serviceId ?? 'none'}
        size="small"
        loading={report.isLoading}
        dataSource={data?.services ?? []}
        pagination={false}
        scroll={phone ? { x: 720 } : undefined}
        data-testid="reports-services-table"
        locale={{ emptyText: t('reports.summary.empty') }}
        columns={[
          { key: 'name', title: t('reports.services.service'), sorter: byName, render: (_, line) => line.name || noService },
          { key: 'category', title: t('reports.services.category'), sorter: (a, b) => a.categoryName.localeCompare(b.categoryName), render: (_, line) => (line.categoryId ? line.categoryName || '—' : noCategory) },
          ...figureColumns<ServiceReportLine>(serviceWhere)
        ]}
        summary={() => (data && data.services.length > 1 ? totalRow(2) : null)}
      />
    ),
    categories: (
      <Table<CategoryReportLine>
        rowKey={(line) => line.categoryId ?? 'none'}
        size="small"
        loading={report.isLoading}
        dataSource={data?.categories ?? []}
        pagination={false}
        scroll={phone ? { x: 600 } : undefined}
        data-testid="reports-categories-table"
        locale={{ emptyText: t('reports.summary.empty') }}
        columns={[
          { key: 'name', title: t('reports.services.category'), sorter: byName, render: (_, line) => line.name || noCategory },
          ...figureColumns<CategoryReportLine>(categoryWhere)
        ]}
        summary={() => (data && data.categories.length > 1 ? totalRow(1) : null)}
      />
    )
  }

  return (
    <>
      <ReportHeader
        title={t('reports.services.title')}
        range={range}
        ready={!!data}
        exporting={exporting}
        onExport={onExport}
      >
        <PeriodFilter preset={preset} params={params} set={set} />
        <ScopeFilters scope={scope} branchId={branchId} doctorId={doctorId} set={set} />
      </ReportHeader>
      <div className="reports-tiles" data-testid="reports-tiles">
        {[...serviceFigures, 'average' as const].map((figure) => (
          <Card key={figure} size="small" className={isMoneyFigure(figure) ? 'reports-tile reports-tile-money' : 'reports-tile'} loading={report.isLoading} data-testid={`reports-tile-${figure}`}>
            <div className="reports-tile-label">{t(`reports.services.figures.${figure}`)}</div>
            <div className="reports-tile-value">
              {!data ? '—' : figure === 'average' ? <span className="reports-number" data-testid="reports-total-average">{valueText('average', data.totals.average)}</span> : link(figure, data.totals[figure], {}, `reports-total-${figure}`)}
            </div>
            <div className="reports-formula">{t(`reports.services.formulas.${figure}`)}</div>
          </Card>
        ))}
      </div>
      {data && bars.length > 0 && (
        <Card size="small" className="reports-chart-card" title={t('reports.services.topTitle')}>
          <TopBars bars={bars} testId="reports-top-services" onBar={(key) => setDrill({ figure: 'revenue', serviceId: key, name: bars.find((bar) => bar.key === key)?.label })} />
        </Card>
      )}
      <Card size="small" className="reports-table-card">
        <Tabs
          size="small"
          activeKey={view}
          onChange={(key) => setView(key as typeof view)}
          items={[
            { key: 'services', label: t('reports.services.byService'), children: tables.services },
            { key: 'categories', label: t('reports.services.byCategory'), children: tables.categories }
          ]}
        />
      </Card>
      <ServiceRowsDrawer filter={filter} drill={drill} onClose={() => setDrill(null)} branchName={scope.branchName} valueText={valueText} money={money} phone={phone} />
    </>
  )
}

function ServiceRowsDrawer({ filter, drill, onClose, branchName, valueText, money, phone }: {
  filter: ServiceFilter | null
  drill: Drill | null
  onClose: () => void
  branchName: Map<string, string>
  valueText: (figure: ServiceFigure, value: number) => string
  money: (value: number) => string
  phone: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const query = filter && drill ? { ...filter, ...(drill.serviceId ? { serviceId: drill.serviceId } : {}), ...(drill.categoryId ? { categoryId: drill.categoryId } : {}), $rows: drill.figure } : null
  const rows = useQuery({
    queryKey: ['service-reports', 'find', filter, drill],
    queryFn: () => client.service('service-reports').find({ query: query! }) as Promise<ServiceReportRows>,
    enabled: query !== null
  })
  const figure = drill?.figure ?? 'revenue'
  const lines = figure !== 'done'
  // One list for the table and the export of every row (DrillRows): the file gets the same columns.
  const columns: Array<DrillColumn<ServiceReportRow>> = [
    { key: 'day', title: t(lines ? 'reports.services.issued' : 'reports.services.visitDay'), kind: 'date', nowrap: true, render: (row) => format.date(row.day) },
    { key: 'customerName', title: t('reports.rows.patient'), kind: 'text', render: (row) => <Link to={`/customer/${row.customerId}/${lines ? 'billing' : 'treatment'}`}>{row.customerName || '—'}</Link> },
    { key: 'doctorName', title: t('reports.rows.doctor'), kind: 'text', render: (row) => row.doctorName || '—' },
    { key: 'serviceName', title: t('reports.services.service'), kind: 'text', render: (row) => row.serviceName },
    ...(lines ? [{ key: 'invoice', title: t('reports.rows.invoice'), kind: 'text', nowrap: true, render: (row) => row.invoice ?? '—' } satisfies DrillColumn<ServiceReportRow>] : []),
    { key: 'branchId', title: t('reports.table.branch'), kind: 'text', render: (row) => branchName.get(row.branchId) ?? '—' },
    { key: 'quantity', title: t('reports.services.quantity'), kind: 'number', align: 'right', render: (row) => format.number(row.quantity) },
    { key: 'amount', title: t('reports.rows.value'), kind: 'money', align: 'right', nowrap: true, render: (row) => money(row.amount) }
  ]
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 900} title={t(`reports.services.figures.${figure}`)} destroyOnHidden data-testid="reports-rows">
      {drill?.name && <Typography.Paragraph type="secondary">{drill.name}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t(`reports.services.formulas.${figure}`)}</Typography.Paragraph>
      <DrillRows
        report="service-reports"
        query={query}
        rows={rows}
        columns={columns}
        labels={{ branchId: Object.fromEntries(branchName) }}
        sum={(value) => valueText(figure, value)}
        title={t(`reports.services.figures.${figure}`)}
        where={drill?.name}
      />
    </Drawer>
  )
}
