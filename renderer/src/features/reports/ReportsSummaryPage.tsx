import { useEffect, useRef, useState } from 'react'
import { Card, Grid, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { lastDayOf } from '../../../../domain/reports/periods'
import { moneyFigures, summaryFigures, type ReportsSummary, type SummaryBranch, type SummaryCell, type SummaryFigure } from '../../../../server/src/services/reports/reports-summary/reports-summary.shared'
import type { Drill, SummaryFilter } from './useReportsSummary'
import { SummaryRowsDrawer } from './SummaryRowsDrawer'
import { useTableExport } from './useTableExport'
import type { ExportTable } from './table-export'
import type { PaymentMethod } from '../../../../domain/billing/money'
import { DayChart } from './DayChart'
import { useReportPages } from './ReportsNav'
import { ReportHeader } from './ReportHeader'
import { PeriodFilter, ScopeFilters } from './ReportFilters'
import { useReportPage } from './useReportPage'
import { client } from '../../api/client'
import './reports.css'

const isMoney = (figure: SummaryFigure) => moneyFigures.includes(figure)

/**
 * /reports/summary (issue 19): the daily summary of a period for one branch or every branch one
 * sees, and one doctor or everyone (a doctor without seeAll: their own). Each figure states its
 * formula; every number opens the rows behind it; the table exports to CSV. The filters live in
 * the address, so a link or a reload shows the same report. `figure=<figure>` (the director's
 * home links with it) marks that figure's tile and brings it into view; with `rows=1` its rows
 * open at once.
 */
export default function ReportsSummaryPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const phone = !Grid.useBreakpoint().md
  const reports = useReportPages()
  // The sidebar's entry opens the summary: one who may not see it goes to the first report they may.
  const elsewhere = reports.some((report) => report.key === 'summary') ? undefined : reports[0]
  const { params, set, branchId, doctorId, preset, range, scope, filter, report: summary, failed } = useReportPage<ReportsSummary, SummaryFilter>('reports-summary', { resource: 'reports-summary', money: true, skip: Boolean(elsewhere) })
  const chosen = (summaryFigures as readonly string[]).includes(params.get('figure') ?? '') ? (params.get('figure') as SummaryFigure) : null
  const [drill, setDrill] = useState<Drill | null>(chosen && params.get('rows') === '1' ? { figure: chosen } : null)
  const chosenTile = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (chosen && summary.data) chosenTile.current?.scrollIntoView?.({ block: 'nearest' })
  }, [chosen, summary.data])
  const { branchName } = scope

  const show = (figure: SummaryFigure, value: number) => (isMoney(figure) ? format.money(value, currency) : format.number(value))
  const dayText = (day: string) => format.date(`${day}T12:00:00`)
  const figureLink = (figure: SummaryFigure, value: number, where: Omit<Drill, 'figure'> = {}, testId?: string) => (
    <Typography.Link className="reports-number" onClick={() => setDrill({ figure, ...where })} data-testid={testId ?? `reports-cell-${figure}`}>
      {show(figure, value)}
    </Typography.Link>
  )

  // A long period of several branches comes without its day × branch cells: the export reads them.
  const exportCells = async (): Promise<ExportTable | null> => {
    const shown = summary.data
    if (!shown || !range || !filter) return null
    const data = shown.cells ? shown : ((await client.service('reports-summary').find({ query: { ...filter, cells: true } })) as ReportsSummary)
    return {
      fileName: `${t('reports.summary.fileName')}-${range.from}-${lastDayOf(range)}`,
      sheetName: t('reports.summary.title'),
      columns: [{ title: t('reports.table.day') }, { title: t('reports.table.branch') }, ...summaryFigures.map((figure) => ({ title: t(`reports.figures.${figure}`), money: isMoney(figure) }))],
      rows: (data.cells ?? []).map((cell) => [cell.day, branchName.get(cell.branchId) ?? '', ...summaryFigures.map((figure) => cell[figure])]),
      total: [t('reports.table.total'), '', ...summaryFigures.map((figure) => data.totals[figure])]
    }
  }
  const { exporting, onExport } = useTableExport(exportCells, range)

  if (elsewhere) return <Navigate to={`${elsewhere.path}${window.location.search}`} replace />
  if (failed) return failed
  const data = summary.data
  return (
    <>
      <ReportHeader
        title={t('reports.summary.title')}
        range={range}
        ready={!!data}
        exporting={exporting}
        onExport={onExport}
      >
        <PeriodFilter preset={preset} params={params} set={set} />
        <ScopeFilters scope={scope} branchId={branchId} doctorId={doctorId} set={set} />
      </ReportHeader>
      <div className="reports-tiles" data-testid="reports-tiles">
        {summaryFigures.map((figure) => (
          <Card
            key={figure}
            ref={figure === chosen ? chosenTile : undefined}
            size="small"
            className={figure === chosen ? 'reports-tile reports-tile-chosen' : 'reports-tile'}
            loading={summary.isLoading}
            data-testid={`reports-tile-${figure}`}
          >
            <div className="reports-tile-label">{t(`reports.figures.${figure}`)}</div>
            <div className="reports-tile-value">{data ? figureLink(figure, data.totals[figure], {}, `reports-total-${figure}`) : '—'}</div>
            {figure === 'collected' && data && Object.keys(data.totals.collectedByMethod).length > 0 && (
              <div className="reports-methods">
                {Object.entries(data.totals.collectedByMethod).map(([method, value]) => (
                  <span key={method}>
                    {t(`reports.methods.${method}`)}:{' '}
                    <Typography.Link onClick={() => setDrill({ figure, method: method as PaymentMethod })} data-testid={`reports-method-${method}`}>
                      {format.money(value, currency)}
                    </Typography.Link>
                  </span>
                ))}
              </div>
            )}
            <div className="reports-formula">{t(`reports.formulas.${figure}`)}</div>
          </Card>
        ))}
      </div>
      {data && range && (
        <Card size="small" className="reports-chart-card" title={t('reports.chart.title')}>
          <DayChart range={range} values={data.byDay.map((day) => ({ day: day.day, value: day.collected }))} label={(day) => dayText(day)} money={(value) => format.money(value, currency)} onDay={(day) => setDrill({ figure: 'collected', day })} />
        </Card>
      )}
      <Card size="small" className="reports-table-card">
        <Table<SummaryCell>
          rowKey={(cell) => `${cell.day}|${cell.branchId}`}
          size="small"
          loading={summary.isLoading}
          dataSource={data ? (data.cells ?? data.byDay.map((day) => ({ ...day, branchId: '' }))) : []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="reports-table"
          locale={{ emptyText: t('reports.summary.empty') }}
          columns={[
            { key: 'day', title: t('reports.table.day'), fixed: phone ? undefined : 'left', className: 'reports-nowrap', render: (_, cell) => dayText(cell.day) },
            { key: 'branch', title: t('reports.table.branch'), render: (_, cell) => (cell.branchId ? (branchName.get(cell.branchId) ?? '—') : t('reports.table.allBranches')) },
            ...summaryFigures.map((figure) => ({
              key: figure,
              title: t(`reports.figures.${figure}`),
              align: 'right' as const,
              className: 'reports-nowrap',
              render: (_: unknown, cell: SummaryCell) => (cell[figure] === 0 ? <span className="reports-zero">{show(figure, 0)}</span> : figureLink(figure, cell[figure], cell.branchId ? { day: cell.day, branchId: cell.branchId } : { day: cell.day }))
            }))
          ]}
          summary={() =>
            data && data.byDay.length > 0 ? (
              <Table.Summary.Row className="reports-total-row">
                <Table.Summary.Cell index={0} colSpan={2}>{t('reports.table.total')}</Table.Summary.Cell>
                {summaryFigures.map((figure, index) => (
                  <Table.Summary.Cell key={figure} index={index + 2} align="right">{show(figure, data.totals[figure])}</Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
      {data && !data.cells && (
        <Card size="small" className="reports-table-card" title={t('reports.table.byBranch')}>
          <Typography.Paragraph type="secondary" data-testid="reports-cells-left-out">{t('reports.table.cellsLeftOut')}</Typography.Paragraph>
          <Table<SummaryBranch>
            rowKey="branchId"
            size="small"
            dataSource={data.byBranch}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="reports-branch-table"
            columns={[
              { key: 'branch', title: t('reports.table.branch'), fixed: phone ? undefined : 'left', render: (_, line) => branchName.get(line.branchId) ?? '—' },
              ...summaryFigures.map((figure) => ({
                key: figure,
                title: t(`reports.figures.${figure}`),
                align: 'right' as const,
                className: 'reports-nowrap',
                render: (_: unknown, line: SummaryBranch) => (line[figure] === 0 ? <span className="reports-zero">{show(figure, 0)}</span> : figureLink(figure, line[figure], { branchId: line.branchId }))
              }))
            ]}
          />
        </Card>
      )}
      <SummaryRowsDrawer filter={filter} drill={drill} onClose={() => setDrill(null)} branchName={branchName} show={show} dayText={dayText} phone={phone} />
    </>
  )
}
