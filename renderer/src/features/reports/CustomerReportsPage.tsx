import { useMemo, useState } from 'react'
import { Card, Drawer, Grid, Select, Table, Tabs, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { client } from '../../api/client'
import { useFind } from '../../api/live'
import { useFormat } from '../../i18n/format'
import { lastDayOf } from '../../../../domain/reports/periods'
import { DEFAULT_LAPSED_MONTHS, lapsedMonthChoices, NO_SOURCE, type LapsedMonths } from '../../../../domain/reports/customer-reports'
import type { CustomerFigure, CustomerReport, CustomerReportLine, CustomerReportRow, CustomerReportRows } from '../../../../server/src/services/reports/customer-reports/customer-reports.shared'
import { StackedDayChart } from './StackedDayChart'
import { DrillRows } from './DrillRows'
import type { DrillColumn } from './drill-columns'
import { ReportHeader } from './ReportHeader'
import { useTableExport } from './useTableExport'
import { PeriodFilter, ScopeFilters, SourceFilter } from './ReportFilters'
import { useReportPage } from './useReportPage'
import { patientColumns } from './patient-columns'
import type { ExportTable } from './table-export'
import './reports.css'

interface CustomerFilter {
  from: string
  to: string
  branchId?: string
  doctorId?: string
  sourceId?: string
  lapsedMonths: LapsedMonths
}

/** One number: a figure narrowed to a line of a table (a day, doctor, source or branch). */
interface Drill {
  figure: CustomerFigure
  day?: string
  doctorId?: string
  sourceId?: string
  branchId?: string
  where?: string
}

type Grouping = 'byDay' | 'byDoctor' | 'bySource' | 'byBranch'
const groupings: Grouping[] = ['byDay', 'byDoctor', 'bySource', 'byBranch']
const TILES: CustomerFigure[] = ['newPatients', 'returning', 'registered', 'lapsed']
const nameColumn: Record<Grouping, 'day' | 'doctor' | 'source' | 'branch'> = { byDay: 'day', byDoctor: 'doctor', bySource: 'source', byBranch: 'branch' }

/**
 * /reports/customers (issue 19): new patients and returning visits per day, doctor, source and
 * branch, patients registered, and patients lapsed (no visit for 3, 6 or 12 months). Each
 * figure states its formula; every number opens the patients behind it (name, phone as the
 * caller may see it, first visit, doctor); the table shown exports to CSV and Excel.
 */
/** The lapse months chosen in the address (`lapsed`), the default otherwise. */
function lapsedMonthsOf(params: URLSearchParams): LapsedMonths {
  const lapsed = Number(params.get('lapsed'))
  return (lapsedMonthChoices as readonly number[]).includes(lapsed) ? (lapsed as LapsedMonths) : DEFAULT_LAPSED_MONTHS
}

export default function CustomerReportsPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const phone = !Grid.useBreakpoint().md
  const { params, set, branchId, doctorId, preset, range, scope, filter, report, failed } = useReportPage<CustomerReport, CustomerFilter>('customer-reports', {
    resource: 'customer-reports',
    own: (params) => ({ sourceId: params.get('source') ?? undefined, lapsedMonths: lapsedMonthsOf(params) })
  })
  const sourceId = params.get('source') ?? undefined
  const lapsedMonths = lapsedMonthsOf(params)
  const { branchName } = scope
  const sources = useFind('sources', { $limit: 200, $sort: { name: 1 } })
  const [drill, setDrill] = useState<Drill | null>(null)
  const [grouping, setGrouping] = useState<Grouping>('byDay')
  const data = report.data
  const show = (value: number) => format.number(value)
  const dayText = (day: string) => format.date(`${day}T12:00:00`)
  const figureName = (figure: CustomerFigure) => t(`reports.customers.figures.${figure}`)
  const formula = (figure: CustomerFigure) => t(`reports.customers.formulas.${figure}`, { months: lapsedMonths })

  /** The figures a table shows: days have no lapsed (their day is before the period), doctors no registered (a customer has no doctor). */
  const figuresOf = (kind: Grouping): CustomerFigure[] =>
    TILES.filter((figure) => !(kind === 'byDay' && figure === 'lapsed') && !(figure === 'registered' && (kind === 'byDoctor' || data?.registeredShown === false)))
  const lineName = (kind: Grouping, line: CustomerReportLine) =>
    kind === 'byDay' ? dayText(line.key!) : kind === 'byBranch' ? (branchName.get(line.key ?? '') ?? '—') : kind === 'bySource' && line.key === null ? t('reports.appointments.filters.noSource') : line.name || '—'
  const narrowing = (kind: Grouping, line: CustomerReportLine): Omit<Drill, 'figure'> => {
    const where = lineName(kind, line)
    if (kind === 'byDay') return { day: line.key!, where }
    if (kind === 'byDoctor') return { doctorId: line.key!, where }
    if (kind === 'bySource') return { sourceId: line.key ?? NO_SOURCE, where }
    return { branchId: line.key!, where }
  }
  const link = (figure: CustomerFigure, value: number, where: Omit<Drill, 'figure'> = {}, testId?: string) =>
    value === 0 && !testId ? (
      <span className="reports-zero">{show(0)}</span>
    ) : (
      <Typography.Link className="reports-number" onClick={() => setDrill({ figure, ...where })} data-testid={testId}>
        {show(value)}
      </Typography.Link>
    )

  const series = useMemo(() => {
    const of = (figure: CustomerFigure) => new Map((data?.byDay ?? []).map((line) => [line.key!, line[figure]]))
    return [
      { key: 'newPatients', label: t('reports.customers.chart.new'), className: 'reports-series-new', values: of('newPatients') },
      { key: 'returning', label: t('reports.customers.chart.returning'), className: 'reports-series-returning', values: of('returning') }
    ]
  }, [data, t])

  const exportShown = (): ExportTable | null => {
    if (!data || !range) return null
    const figures = figuresOf(grouping)
    return {
      fileName: `${t('reports.customers.fileName')}-${range.from}-${lastDayOf(range)}`,
      sheetName: t('reports.customers.title'),
      columns: [{ title: t(`reports.customers.tables.${nameColumn[grouping]}`) }, ...figures.map((figure) => ({ title: figureName(figure) }))],
      rows: data[grouping].map((line) => [grouping === 'byDay' ? line.key! : lineName(grouping, line), ...figures.map((figure) => line[figure])]),
      total: [t('reports.table.total'), ...figures.map((figure) => data.totals[figure])]
    }
  }
  const { exporting, onExport } = useTableExport(exportShown, range)

  if (failed) return failed

  const table = (kind: Grouping) => (
    <Table<CustomerReportLine>
      rowKey={(line) => line.key ?? 'none'}
      size="small"
      loading={report.isLoading}
      dataSource={data?.[kind] ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid={`customers-table-${kind}`}
      locale={{ emptyText: t('reports.customers.empty') }}
      columns={[
        { key: 'name', title: t(`reports.customers.tables.${nameColumn[kind]}`), className: kind === 'byDay' ? 'reports-nowrap' : undefined, render: (_, line) => lineName(kind, line) },
        ...figuresOf(kind).map((figure) => ({
          key: figure,
          title: figureName(figure),
          align: 'right' as const,
          className: 'reports-nowrap',
          render: (_: unknown, line: CustomerReportLine) => link(figure, line[figure], narrowing(kind, line))
        }))
      ]}
      summary={() =>
        data && data[kind].length > 0 ? (
          <Table.Summary.Row className="reports-total-row">
            <Table.Summary.Cell index={0}>{t('reports.table.total')}</Table.Summary.Cell>
            {figuresOf(kind).map((figure, index) => (
              <Table.Summary.Cell key={figure} index={index + 1} align="right">{link(figure, data.totals[figure])}</Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ) : null
      }
    />
  )

  return (
    <>
      <ReportHeader
        title={t('reports.customers.title')}
        range={range}
        ready={!!data}
        exporting={exporting}
        onExport={onExport}
      >
        <PeriodFilter preset={preset} params={params} set={set} />
        <ScopeFilters scope={scope} branchId={branchId} doctorId={doctorId} set={set} />
        <SourceFilter sourceId={sourceId} sources={sources.data?.data ?? []} set={set} />
        <Select
          value={lapsedMonths}
          onChange={(value: number) => set({ lapsed: value === DEFAULT_LAPSED_MONTHS ? undefined : String(value) })}
          aria-label={t('reports.customers.lapsedAfter')}
          data-testid="reports-lapsed"
          options={lapsedMonthChoices.map((months) => ({ value: months, label: `${t('reports.customers.lapsedAfter')}: ${t('reports.customers.months', { count: months })}` }))}
        />
      </ReportHeader>
      <div className="reports-tiles" data-testid="customers-tiles">
        {TILES.map((figure) => (
          <Card key={figure} size="small" className="reports-tile" loading={report.isLoading} data-testid={`customers-tile-${figure}`}>
            <div className="reports-tile-label">{figureName(figure)}</div>
            <div className="reports-tile-value">
              {data && (figure !== 'registered' || data.registeredShown) ? link(figure, data.totals[figure], {}, `customers-total-${figure}`) : '—'}
            </div>
            <div className="reports-formula">{figure === 'registered' && data && !data.registeredShown ? t('reports.customers.registeredHidden') : formula(figure)}</div>
          </Card>
        ))}
      </div>
      {range && data && (
        <Card size="small" className="reports-chart-card" title={t('reports.customers.chart.title')}>
          <StackedDayChart range={range} series={series} label={dayText} onPart={(figure, day) => setDrill({ figure: figure as CustomerFigure, day, where: dayText(day) })} />
        </Card>
      )}
      <Card size="small" className="reports-table-card">
        <Tabs
          activeKey={grouping}
          onChange={(key) => setGrouping(key as Grouping)}
          data-testid="customers-groupings"
          items={groupings.map((kind) => ({ key: kind, label: t(`reports.customers.tables.${kind}`), children: table(kind) }))}
        />
      </Card>
      <CustomerRowsDrawer filter={filter} drill={drill} onClose={() => setDrill(null)} branchName={branchName} dayText={dayText} phone={phone} formula={formula} />
    </>
  )
}

function CustomerRowsDrawer({ filter, drill, onClose, branchName, dayText, phone, formula }: {
  filter: CustomerFilter | null
  drill: Drill | null
  onClose: () => void
  branchName: Map<string, string>
  dayText: (day: string) => string
  phone: boolean
  formula: (figure: CustomerFigure) => string
}) {
  const { t } = useTranslation()
  const { where: _where, figure, ...narrow } = drill ?? { figure: 'newPatients' as const }
  const query = filter && drill ? { ...filter, ...narrow, $rows: figure } : null
  const rows = useQuery({
    queryKey: ['customer-reports', 'find', query],
    queryFn: () => client.service('customer-reports').find({ query: query! }) as Promise<CustomerReportRows>,
    enabled: query !== null
  })
  const patient = patientColumns<CustomerReportRow>(t, (row) => row.customerId, dayText, branchName)
  const dayTitle = figure === 'registered' ? t('reports.customers.rows.registeredOn') : figure === 'lapsed' ? t('reports.customers.rows.lastVisit') : t('reports.customers.rows.visit')
  // One list for the table and the export of every row (DrillRows): the file gets the same columns.
  const columns: Array<DrillColumn<CustomerReportRow>> = [
    patient.patient,
    { key: 'day', title: dayTitle, kind: 'date', nowrap: true, render: (row) => dayText(row.day) },
    ...(figure === 'registered' ? [] : [{ key: 'time', title: t('reports.toppers.time'), kind: 'text', nowrap: true, render: (row) => row.time ?? '' } satisfies DrillColumn<CustomerReportRow>]),
    patient.phone,
    ...(figure === 'registered' ? [] : [{ key: 'doctorName', title: t('reports.rows.doctor'), kind: 'text', render: (row) => row.doctorName || '—' } satisfies DrillColumn<CustomerReportRow>]),
    patient.firstVisit,
    patient.firstVisitDoctor,
    patient.source,
    patient.branch
  ]
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 900} title={t(`reports.customers.figures.${figure}`)} destroyOnHidden data-testid="reports-rows">
      {drill?.where && <Typography.Paragraph type="secondary">{drill.where}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{formula(figure)}</Typography.Paragraph>
      <DrillRows
        report="customer-reports"
        query={query}
        rows={rows}
        columns={columns}
        labels={{ branchId: Object.fromEntries(branchName) }}
        title={t(`reports.customers.figures.${figure}`)}
        where={drill?.where}
      />
    </Drawer>
  )
}
