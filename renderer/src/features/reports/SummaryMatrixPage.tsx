import { useState } from 'react'
import { Card, Grid, Select, Table, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { client } from '../../api/client'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { daysOf, lastDayOf, previousRange } from '../../../../domain/reports/periods'
import { percentOf } from '../../../../domain/reports/customer-reports'
import { moneyFigures, summaryFigures, type ReportsSummary, type SummaryFigure } from '../../../../server/src/services/reports/reports-summary/reports-summary.shared'
import { DayChart } from './DayChart'
import { ReportHeader } from './ReportHeader'
import { PeriodFilter, ScopeFilters } from './ReportFilters'
import { SummaryRowsDrawer } from './SummaryRowsDrawer'
import { useReportPage } from './useReportPage'
import type { Drill, SummaryFilter } from './useReportsSummary'
import { useTableExport } from './useTableExport'
import type { ExportTable } from './table-export'
import './reports.css'

const isMoney = (figure: SummaryFigure) => moneyFigures.includes(figure)
/** Figures whose rise is bad news (the arrow is red). */
const worseWhenUp: readonly SummaryFigure[] = ['noShows', 'refunds', 'debtCreated']

/** A branch's line of the matrix: the figure per day, its total and the previous period's. */
interface MatrixLine {
  branchId: string
  byDay: Map<string, number>
  total: number
  previous: number
}

/**
 * Per branch, the figure's value per day (the summary's `grid` of that figure, one value per day
 * of the period) and in total (its branch table), and the previous period's total (its branch table).
 */
function linesOf(figure: SummaryFigure, days: readonly string[], current: ReportsSummary, previous: ReportsSummary | undefined): MatrixLine[] {
  const lines = new Map<string, MatrixLine>()
  const lineOf = (branchId: string) => lines.get(branchId) ?? lines.set(branchId, { branchId, byDay: new Map(), total: 0, previous: 0 }).get(branchId)!
  for (const branch of current.byBranch) lineOf(branch.branchId).total += branch[figure]
  for (const branch of current.grid?.figure === figure ? current.grid.branches : []) {
    const line = lineOf(branch.branchId)
    branch.values.forEach((value, index) => value !== 0 && line.byDay.set(days[index]!, value))
  }
  for (const branch of previous?.byBranch ?? []) lineOf(branch.branchId).previous += branch[figure]
  return [...lines.values()]
}

const figureIn = (params: URLSearchParams): SummaryFigure => ((summaryFigures as readonly string[]).includes(params.get('figure') ?? '') ? (params.get('figure') as SummaryFigure) : 'visits')

/**
 * /reports/summary2_0 (issue 19, `reports-summary`): the summary's figures as a branch × day
 * matrix for one figure at a time, each branch's total against the previous period (whole months
 * against as many months before, other periods against as many days before: `previousRange`),
 * and every figure's total against it in the tiles. The same service as the summary, asked for
 * both periods; every number opens its rows (visits, invoices, payments) with the summary's drawer.
 */
export default function SummaryMatrixPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const phone = !Grid.useBreakpoint().md
  // The matrix is one figure per branch and day (`grid`), never the day × branch cells of every figure.
  const { params, set, branchId, doctorId, preset, range, scope, filter: asked, report, data, failed } = useReportPage<ReportsSummary, SummaryFilter & { grid?: SummaryFigure; cells?: boolean }>('reports-summary', {
    resource: 'reports-summary',
    money: true,
    own: (address) => ({ grid: figureIn(address), cells: false })
  })
  const figure = figureIn(params)
  // The rows' drawer and the previous period take the period and scope alone.
  const filter: SummaryFilter | null = asked ? { from: asked.from, to: asked.to, ...(asked.branchId ? { branchId: asked.branchId } : {}), ...(asked.doctorId ? { doctorId: asked.doctorId } : {}) } : null
  const before = range ? previousRange(range) : null
  const previousFilter: SummaryFilter | null = filter && before ? { ...filter, ...before } : null
  const previous = useQuery({
    queryKey: ['reports-summary', 'find', previousFilter],
    queryFn: () => client.service('reports-summary').find({ query: { ...previousFilter!, cells: false } }) as Promise<ReportsSummary>,
    enabled: previousFilter !== null
  })
  const [drill, setDrill] = useState<{ drill: Drill; previous: boolean } | null>(null)
  const show = (shown: SummaryFigure, value: number) => (isMoney(shown) ? format.money(value, currency) : format.number(value))
  const dayText = (day: string) => format.date(`${day}T12:00:00`)
  const branchText = (id: string) => scope.branchName.get(id) ?? '—'
  const link = (shown: SummaryFigure, value: number, where: Omit<Drill, 'figure'> = {}, past = false, testId?: string) =>
    value === 0 && !testId ? (
      <span className="reports-zero">{show(shown, 0)}</span>
    ) : (
      <Typography.Link className="reports-number" onClick={() => setDrill({ drill: { figure: shown, ...where }, previous: past })} data-testid={testId}>
        {show(shown, value)}
      </Typography.Link>
    )
  const change = (shown: SummaryFigure, now: number, then: number) => {
    const percent = percentOf(now - then, then)
    if (percent === null) return <span className="reports-zero">—</span>
    const bad = percent !== 0 && percent > 0 === worseWhenUp.includes(shown)
    return <span className={bad ? 'reports-change-bad' : percent === 0 ? 'reports-zero' : 'reports-change-good'}>{`${percent > 0 ? '▲ +' : percent < 0 ? '▼ ' : ''}${percent} %`}</span>
  }
  const days = range ? daysOf(range) : []
  const lines = data ? linesOf(figure, days, data, previous.data) : []
  const previousTotal = previous.data?.totals[figure] ?? 0

  const exportMatrix = (): ExportTable | null => {
    if (!data || !range) return null
    const money = isMoney(figure)
    return {
      fileName: `${t('reports.summaryMatrix.fileName')}-${t(`reports.figures.${figure}`)}-${range.from}-${lastDayOf(range)}`,
      sheetName: t('reports.summaryMatrix.title'),
      columns: [{ title: t('reports.table.branch') }, ...days.map((day) => ({ title: day, money })), { title: t('reports.table.total'), money }, { title: t('reports.summaryMatrix.previous'), money }],
      rows: lines.map((line) => [branchText(line.branchId), ...days.map((day) => line.byDay.get(day) ?? 0), line.total, line.previous]),
      total: [t('reports.table.total'), ...days.map((day) => lines.reduce((sum, line) => sum + (line.byDay.get(day) ?? 0), 0)), data.totals[figure], previousTotal]
    }
  }
  const { exporting, onExport } = useTableExport(exportMatrix, range)

  if (failed) return failed
  return (
    <>
      <ReportHeader title={t('reports.summaryMatrix.title')} range={range} ready={!!data} exporting={exporting} onExport={onExport}>
        <PeriodFilter preset={preset} params={params} set={set} />
        <ScopeFilters scope={scope} branchId={branchId} doctorId={doctorId} set={set} />
        <Select
          value={figure}
          onChange={(value: SummaryFigure) => set({ figure: value })}
          aria-label={t('reports.summaryMatrix.figure')}
          data-testid="reports-figure"
          options={summaryFigures.map((value) => ({ value, label: t(`reports.figures.${value}`) }))}
        />
      </ReportHeader>
      {before && <Typography.Paragraph type="secondary" data-testid="reports-previous-period">{t('reports.summaryMatrix.comparedWith', { from: dayText(before.from), to: dayText(lastDayOf(before)) })}</Typography.Paragraph>}
      <div className="reports-tiles reports-tiles-money" data-testid="reports-tiles">
        {summaryFigures.map((shown) => (
          <Card key={shown} size="small" className={shown === figure ? 'reports-tile reports-tile-chosen' : 'reports-tile'} loading={report.isLoading} data-testid={`reports-tile-${shown}`}>
            <div className="reports-tile-label">
              <Typography.Link onClick={() => set({ figure: shown })}>{t(`reports.figures.${shown}`)}</Typography.Link>
            </div>
            <div className="reports-tile-value">{data ? link(shown, data.totals[shown], {}, false, `reports-total-${shown}`) : '—'}</div>
            <div className="reports-formula">
              {t('reports.summaryMatrix.previous')}: {previous.data ? link(shown, previous.data.totals[shown], {}, true, `reports-previous-${shown}`) : '—'}{' '}
              {data && previous.data && change(shown, data.totals[shown], previous.data.totals[shown])}
            </div>
            <div className="reports-formula">{t(`reports.formulas.${shown}`)}</div>
          </Card>
        ))}
      </div>
      {data && range && (
        <Card size="small" className="reports-chart-card" title={t(`reports.figures.${figure}`)}>
          <DayChart range={range} values={lines.flatMap((line) => [...line.byDay].map(([day, value]) => ({ day, value })))} label={dayText} money={(value) => show(figure, value)} onDay={(day) => setDrill({ drill: { figure, day }, previous: false })} />
        </Card>
      )}
      <Card size="small" className="reports-table-card" title={t('reports.summaryMatrix.matrix', { figure: t(`reports.figures.${figure}`) })}>
        <Table<MatrixLine>
          rowKey="branchId"
          size="small"
          loading={report.isLoading}
          dataSource={lines}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="reports-matrix"
          locale={{ emptyText: t('reports.summary.empty') }}
          columns={[
            { key: 'branch', title: t('reports.table.branch'), fixed: phone ? undefined : 'left', render: (_, line) => branchText(line.branchId) },
            { key: 'total', title: t('reports.table.total'), align: 'right', className: 'reports-nowrap reports-strong', render: (_, line) => link(figure, line.total, { branchId: line.branchId }) },
            { key: 'previous', title: t('reports.summaryMatrix.previous'), align: 'right', className: 'reports-nowrap', render: (_, line) => link(figure, line.previous, { branchId: line.branchId }, true) },
            { key: 'change', title: t('reports.summaryMatrix.change'), align: 'right', className: 'reports-nowrap', render: (_, line) => change(figure, line.total, line.previous) },
            ...days.map((day) => ({
              key: day,
              title: <span title={dayText(day)}>{day.slice(8)}</span>,
              align: 'right' as const,
              className: 'reports-nowrap',
              render: (_: unknown, line: MatrixLine) => link(figure, line.byDay.get(day) ?? 0, { day, branchId: line.branchId })
            }))
          ]}
          summary={() =>
            data && lines.length > 1 ? (
              <Table.Summary.Row className="reports-total-row">
                <Table.Summary.Cell index={0}>{t('reports.table.total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">{link(figure, data.totals[figure])}</Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">{link(figure, previousTotal, {}, true)}</Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">{change(figure, data.totals[figure], previousTotal)}</Table.Summary.Cell>
                {days.map((day, index) => (
                  <Table.Summary.Cell key={day} index={index + 4} align="right">{link(figure, lines.reduce((sum, line) => sum + (line.byDay.get(day) ?? 0), 0), { day })}</Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
      <SummaryRowsDrawer
        filter={drill?.previous ? previousFilter : filter}
        drill={drill?.drill ?? null}
        onClose={() => setDrill(null)}
        branchName={scope.branchName}
        show={show}
        dayText={dayText}
        phone={phone}
      />
    </>
  )
}
