import { useState } from 'react'
import { Button, Card, Drawer, Grid, Table, Tabs, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { client } from '../../api/client'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { PhoneText } from '../customers/PhoneText'
import { lastDayOf } from '../../../../domain/reports/periods'
import { acceptanceRate, isItemFigure } from '../../../../domain/reports/treatment-plan-reports'
import {
  planFigures, itemFigures, type PlanFigureValue, type PlanReportLine, type TreatmentPlanFigure, type TreatmentPlanReport, type TreatmentPlanReportRow, type TreatmentPlanReportRows
} from '../../../../server/src/services/reports/treatment-plan-reports/treatment-plan-reports.shared'
import { DrillRows } from './DrillRows'
import type { DrillColumn } from './drill-columns'
import { ReportHeader } from './ReportHeader'
import { useTableExport } from './useTableExport'
import { PeriodFilter, ScopeFilters } from './ReportFilters'
import { useReportPage, type PeriodReportFilter } from './useReportPage'
import { useDrillRows } from './useDrillRows'
import { TopBars } from './TopBars'
import { planExportRow, planTableFigures } from './plan-report-view'
import type { ExportTable } from './table-export'
import './reports.css'

/** One number: a figure, narrowed to a presenting doctor or a branch. */
interface Drill {
  figure: TreatmentPlanFigure
  doctorId?: string
  branchId?: string
  /** The line's name, for the drawer's title. */
  where?: string
}

type Grouping = 'byDoctor' | 'byBranch'
const groupings: Grouping[] = ['byDoctor', 'byBranch']
const tableFigures = planTableFigures
/** The chart's bars: from what was shown to what is done, and what waits for a visit. */
const chartFigures: TreatmentPlanFigure[] = ['presented', 'accepted', 'itemsDone', 'itemsScheduled', 'itemsUnscheduled']
/** Unscheduled items shown on the page (the drawer has them all). */
const FINDER_ROWS = 20

const fetchRows = (query: Record<string, unknown>) => client.service('treatment-plan-reports').find({ query }) as Promise<TreatmentPlanReportRows>

/**
 * /reports/treatment-plans (issue 19; PRODUCT-NOTES §6.3 items 10 and 11): the plans of a period
 * (by consultation day) presented, waiting for an answer, accepted, partly done, done and refused,
 * each as a count and a value, with the acceptance rate, per presenting doctor and branch; the
 * accepted items by where they stand (done, a visit ahead, none); and the list of accepted items
 * with no visit ahead (the treatment finder). Every number opens its plans or items; each figure
 * states its definition; the table on screen exports to CSV, Excel and PDF.
 */
export default function TreatmentPlanReportsPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const phone = !Grid.useBreakpoint().md
  const { params, set, branchId, doctorId, preset, range, scope, filter, report, failed } = useReportPage<TreatmentPlanReport>('treatment-plan-reports', { resource: 'reports' })
  const { branchName } = scope
  const [drill, setDrill] = useState<Drill | null>(null)
  const [grouping, setGrouping] = useState<Grouping>('byDoctor')
  const data = report.data
  const money = (value: number) => format.money(value, currency)
  const figureName = (figure: TreatmentPlanFigure) => t(`reports.plans.figures.${figure}`)
  const rateText = (part: PlanFigureValue, whole: PlanFigureValue, key: 'count' | 'value') => {
    const rate = acceptanceRate(part[key], whole[key])
    return rate === null ? '—' : `${format.number(rate)} %`
  }
  const link = (figure: TreatmentPlanFigure, text: string, zero: boolean, where: Omit<Drill, 'figure'> = {}, testId?: string) =>
    zero && !testId ? (
      <span className="reports-zero">{text}</span>
    ) : (
      <Typography.Link className="reports-number" onClick={() => setDrill({ figure, ...where })} data-testid={testId}>
        {text}
      </Typography.Link>
    )
  /** A figure's count and value, each opening its rows. */
  const pair = (figure: TreatmentPlanFigure, value: PlanFigureValue, where: Omit<Drill, 'figure'> = {}, testId?: string) => (
    <span className="reports-plan-pair">
      {link(figure, format.number(value.count), value.count === 0, where, testId && `${testId}-count`)}
      {link(figure, money(value.value), value.count === 0, where, testId && `${testId}-value`)}
    </span>
  )
  const lineName = (kind: Grouping, line: PlanReportLine) => (kind === 'byBranch' ? (branchName.get(line.key) ?? '—') : line.name || '—')
  const narrowing = (kind: Grouping, line: PlanReportLine): Omit<Drill, 'figure'> =>
    kind === 'byBranch' ? { branchId: line.key, where: lineName(kind, line) } : { doctorId: line.key, where: lineName(kind, line) }

  const exportShown = (): ExportTable | null => {
    if (!data || !range) return null
    const row = planExportRow
    return {
      fileName: `${t('reports.plans.fileName')}-${range.from}-${lastDayOf(range)}`,
      sheetName: t('reports.plans.title'),
      columns: [
        { title: t(`reports.plans.tables.${grouping === 'byDoctor' ? 'doctor' : 'branch'}`) },
        ...tableFigures.flatMap((figure) => [{ title: `${figureName(figure)}: ${t('reports.plans.count')}` }, { title: `${figureName(figure)}: ${t('reports.plans.value')}`, money: true }]),
        { title: `${t('reports.plans.rate')}: ${t('reports.plans.count')}, %` },
        { title: `${t('reports.plans.rate')}: ${t('reports.plans.value')}, %` }
      ],
      rows: data[grouping].map((line) => row(lineName(grouping, line), line)),
      total: row(t('reports.table.total'), data.totals)
    }
  }
  const { exporting, onExport } = useTableExport(exportShown, range)

  if (failed) return failed

  const table = (kind: Grouping) => (
    <Table<PlanReportLine>
      rowKey="key"
      size="small"
      loading={report.isLoading}
      dataSource={data?.[kind] ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid={`plans-table-${kind}`}
      locale={{ emptyText: t('reports.plans.empty') }}
      columns={[
        { key: 'name', title: t(`reports.plans.tables.${kind === 'byDoctor' ? 'doctor' : 'branch'}`), render: (_, line) => lineName(kind, line) },
        ...tableFigures.map((figure) => ({
          key: figure,
          title: figureName(figure),
          align: 'right' as const,
          className: 'reports-nowrap',
          render: (_: unknown, line: PlanReportLine) => pair(figure, line[figure], narrowing(kind, line))
        })),
        { key: 'rate', title: t('reports.plans.rate'), align: 'right' as const, className: 'reports-nowrap reports-number', render: (_, line) => <span className="reports-plan-pair"><span>{rateText(line.accepted, line.presented, 'count')}</span><span>{rateText(line.accepted, line.presented, 'value')}</span></span> }
      ]}
      summary={() =>
        data && data[kind].length > 1 ? (
          <Table.Summary.Row className="reports-total-row">
            <Table.Summary.Cell index={0}>{t('reports.table.total')}</Table.Summary.Cell>
            {tableFigures.map((figure, index) => (
              <Table.Summary.Cell key={figure} index={index + 1} align="right" className="reports-nowrap">{pair(figure, data.totals[figure])}</Table.Summary.Cell>
            ))}
            <Table.Summary.Cell index={tableFigures.length + 1} align="right" className="reports-nowrap reports-number">
              <span className="reports-plan-pair"><span>{rateText(data.totals.accepted, data.totals.presented, 'count')}</span><span>{rateText(data.totals.accepted, data.totals.presented, 'value')}</span></span>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null
      }
    />
  )

  const bars = data
    ? chartFigures.map((figure) => ({ key: figure, label: figureName(figure), value: data.totals[figure].value, text: `${money(data.totals[figure].value)} (${format.number(data.totals[figure].count)})` }))
    : []
  return (
    <>
      <ReportHeader title={t('reports.plans.title')} range={range} ready={!!data} exporting={exporting} onExport={onExport}>
        <PeriodFilter preset={preset} params={params} set={set} />
        <ScopeFilters scope={scope} branchId={branchId} doctorId={doctorId} set={set} />
      </ReportHeader>
      {data?.doctorId && <Typography.Paragraph type="secondary">{t('reports.plans.doctorNote')}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t('reports.plans.valueNote')}</Typography.Paragraph>
      <div className="reports-tiles reports-tiles-money" data-testid="plans-tiles">
        {[...planFigures, ...itemFigures].map((figure) => (
          <Card key={figure} size="small" className="reports-tile" loading={report.isLoading} data-testid={`plans-tile-${figure}`}>
            <div className="reports-tile-label">{figureName(figure)}</div>
            <div className="reports-tile-value">{data ? pair(figure, data.totals[figure], {}, `plans-total-${figure}`) : '—'}</div>
            <div className="reports-formula">{t(`reports.plans.formulas.${figure}`)}</div>
          </Card>
        ))}
        <Card size="small" className="reports-tile" loading={report.isLoading} data-testid="plans-tile-rate">
          <div className="reports-tile-label">{t('reports.plans.rate')}</div>
          <div className="reports-tile-value">
            {data ? (
              <span className="reports-plan-pair" data-testid="plans-rate">
                <span>{t('reports.plans.rateOfPlans', { rate: rateText(data.totals.accepted, data.totals.presented, 'count') })}</span>
                <span>{t('reports.plans.rateOfValue', { rate: rateText(data.totals.accepted, data.totals.presented, 'value') })}</span>
              </span>
            ) : '—'}
          </div>
          <div className="reports-formula">{t('reports.plans.formulas.rate')}</div>
        </Card>
      </div>
      {data && (
        <Card size="small" className="reports-chart-card" title={t('reports.plans.chartTitle')}>
          <TopBars bars={bars} testId="plans-chart" onBar={(key) => setDrill({ figure: key as TreatmentPlanFigure })} />
        </Card>
      )}
      <Card size="small" className="reports-table-card">
        <Tabs
          size="small"
          activeKey={grouping}
          onChange={(key) => setGrouping(key as Grouping)}
          items={groupings.map((kind) => ({ key: kind, label: t(`reports.plans.tables.${kind}`), children: table(kind) }))}
        />
      </Card>
      <UnscheduledCard filter={filter} money={money} onAll={() => setDrill({ figure: 'itemsUnscheduled' })} />
      <PlanRowsDrawer filter={filter} drill={drill} onClose={() => setDrill(null)} branchName={branchName} money={money} phone={phone} />
    </>
  )
}

/** The columns of a drawer's rows (and of its export): plans, or items of plans. */
function useRowColumns(items: boolean, money: (value: number) => string, branchName: ReadonlyMap<string, string>): Array<DrillColumn<TreatmentPlanReportRow>> {
  const { t } = useTranslation()
  const format = useFormat()
  const patient: DrillColumn<TreatmentPlanReportRow> = { key: 'customerName', title: t('reports.rows.patient'), kind: 'text', render: (row) => <Link to={`/customer/${row.customerId}/treatment-plan`}>{row.customerName || '—'}</Link> }
  const phone: DrillColumn<TreatmentPlanReportRow> = { key: 'phone', title: t('reports.plans.rows.phone'), kind: 'text', nowrap: true, render: (row) => <PhoneText phone={row.phone} hidden={row.phoneHidden} /> }
  const day: DrillColumn<TreatmentPlanReportRow> = { key: 'day', title: t('reports.plans.rows.day'), kind: 'date', nowrap: true, render: (row) => format.date(`${row.day}T12:00:00`) }
  const doctor: DrillColumn<TreatmentPlanReportRow> = { key: 'doctorName', title: t('reports.rows.doctor'), kind: 'text', render: (row) => row.doctorName || '—' }
  const branch: DrillColumn<TreatmentPlanReportRow> = { key: 'branchId', title: t('reports.table.branch'), kind: 'text', render: (row) => branchName.get(row.branchId) ?? '—' }
  const value: DrillColumn<TreatmentPlanReportRow> = { key: 'value', title: t('reports.rows.value'), kind: 'money', align: 'right', nowrap: true, render: (row) => money(row.value) }
  const plan: DrillColumn<TreatmentPlanReportRow> = { key: 'planTitle', title: t('reports.plans.rows.plan'), kind: 'text', render: (row) => row.planTitle || '—' }
  if (!items) {
    return [
      day, patient, phone, plan,
      { key: 'status', title: t('reports.plans.rows.status'), kind: 'text', render: (row) => t(`reports.plans.statuses.${row.status}`) },
      doctor, branch,
      { key: 'quantity', title: t('reports.plans.rows.items'), kind: 'number', align: 'right', render: (row) => format.number(row.quantity) },
      value
    ]
  }
  return [
    patient, phone,
    { key: 'serviceName', title: t('reports.plans.rows.service'), kind: 'text', render: (row) => row.serviceName },
    { key: 'teeth', title: t('reports.plans.rows.teeth'), kind: 'text', render: (row) => row.teeth || '—' },
    { key: 'quantity', title: t('reports.plans.rows.quantity'), kind: 'number', align: 'right', render: (row) => format.number(row.quantity) },
    value, plan, day,
    { key: 'daysSince', title: t('reports.plans.rows.daysSince'), kind: 'number', align: 'right', render: (row) => format.number(row.daysSince) },
    { key: 'visitStart', title: t('reports.plans.rows.visit'), kind: 'datetime', nowrap: true, render: (row) => (row.visitStart ? format.dateTime(row.visitStart) : '—') },
    doctor, branch
  ]
}

/** The treatment finder on the page: the first accepted items with no visit ahead, oldest plans first. */
function UnscheduledCard({ filter, money, onAll }: { filter: PeriodReportFilter | null; money: (value: number) => string; onAll: () => void }) {
  const { t } = useTranslation()
  const drill = filter ? { figure: 'itemsUnscheduled' as const, $limit: FINDER_ROWS } : null
  const rows = useDrillRows('treatment-plan-reports', filter, drill, fetchRows)
  const columns = useRowColumns(true, money, new Map()).filter((column) => column.key !== 'branchId' && column.key !== 'visitStart' && column.key !== 'planTitle')
  const data = rows.data
  return (
    <Card
      size="small"
      className="reports-table-card"
      title={t('reports.plans.finderTitle')}
      extra={data && data.total > data.data.length ? <Button size="small" onClick={onAll}>{t('reports.plans.finderAll', { count: data.total })}</Button> : null}
      data-testid="plans-finder"
    >
      <Typography.Paragraph className="reports-formula">{t('reports.plans.formulas.itemsUnscheduled')}. {t('reports.plans.finderNote', { shown: FINDER_ROWS })}</Typography.Paragraph>
      <Table<TreatmentPlanReportRow>
        rowKey="_id"
        size="small"
        loading={rows.isLoading}
        dataSource={data?.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('reports.plans.finderEmpty') }}
        columns={columns.map((column) => ({ key: column.key, title: column.title, align: column.align, className: column.nowrap ? 'reports-nowrap' : undefined, render: (_: unknown, row: TreatmentPlanReportRow) => column.render(row) }))}
      />
    </Card>
  )
}

function PlanRowsDrawer({ filter, drill, onClose, branchName, money, phone }: {
  filter: PeriodReportFilter | null
  drill: Drill | null
  onClose: () => void
  branchName: Map<string, string>
  money: (value: number) => string
  phone: boolean
}) {
  const { t } = useTranslation()
  const figure = drill?.figure ?? 'presented'
  const narrowed = drill ? { figure: drill.figure, doctorId: drill.doctorId, branchId: drill.branchId } : null
  const rows = useDrillRows('treatment-plan-reports', filter, narrowed, fetchRows)
  const columns = useRowColumns(isItemFigure(figure), money, branchName)
  const query = filter && drill ? { ...filter, ...(drill.doctorId ? { doctorId: drill.doctorId } : {}), ...(drill.branchId ? { branchId: drill.branchId } : {}), $rows: figure } : null
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 1000} title={t(`reports.plans.figures.${figure}`)} destroyOnHidden data-testid="reports-rows">
      {drill?.where && <Typography.Paragraph type="secondary">{drill.where}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t(`reports.plans.formulas.${figure}`)}</Typography.Paragraph>
      <DrillRows
        report="treatment-plan-reports"
        query={query}
        rows={rows}
        columns={columns}
        labels={{ branchId: Object.fromEntries(branchName), status: Object.fromEntries(['presented', 'accepted', 'partially-done', 'done', 'rejected'].map((status) => [status, t(`reports.plans.statuses.${status}`)])) }}
        sum={money}
        title={t(`reports.plans.figures.${figure}`)}
        where={drill?.where}
      />
    </Drawer>
  )
}
