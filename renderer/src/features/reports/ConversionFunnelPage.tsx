import { useState } from 'react'
import { Card, Drawer, Grid, Table, Tabs, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { client } from '../../api/client'
import { useFind } from '../../api/live'
import { useFormat } from '../../i18n/format'
import { lastDayOf } from '../../../../domain/reports/periods'
import { NO_SOURCE, percentOf } from '../../../../domain/reports/customer-reports'
import { funnelSteps, type FunnelCounts, type FunnelLine, type FunnelReport, type FunnelRow, type FunnelRows, type FunnelStep } from '../../../../server/src/services/reports/customer-conversion-funnel-reports/customer-conversion-funnel-reports.shared'
import { DrillRows } from './DrillRows'
import type { DrillColumn } from './drill-columns'
import { ReportHeader } from './ReportHeader'
import { useTableExport } from './useTableExport'
import { PeriodFilter, ScopeFilters, SourceFilter } from './ReportFilters'
import { useReportPage } from './useReportPage'
import { patientColumns } from './patient-columns'
import type { ExportTable } from './table-export'
import './reports.css'

interface FunnelFilter {
  from: string
  to: string
  branchId?: string
  doctorId?: string
  sourceId?: string
}

/** One number: a step, narrowed to a source or a branch. */
interface Drill {
  step: FunnelStep
  sourceId?: string
  branchId?: string
  where?: string
}

type Grouping = 'bySource' | 'byBranch'
const groupings: Grouping[] = ['bySource', 'byBranch']

/** A step's share of the step before (null for the first step or when the one before is 0). */
const ofPrevious = (counts: FunnelCounts, index: number) => (index === 0 ? null : percentOf(counts[funnelSteps[index]], counts[funnelSteps[index - 1]]))

/**
 * /reports/conversion-funnel (issue 19): of the patients who entered in a period (registered
 * then), how many booked, came, were shown a treatment plan, accepted one and paid, up to today;
 * per source and branch, each step with its share of the step before and of those who entered.
 * Each step states its definition and opens its patients; the table shown exports to CSV and Excel.
 */
export default function ConversionFunnelPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const phone = !Grid.useBreakpoint().md
  const { params, set, branchId, doctorId, preset, range, scope, filter, report, failed } = useReportPage<FunnelReport, FunnelFilter>('customer-conversion-funnel-reports', { resource: 'customer-reports', own: (params) => ({ sourceId: params.get('source') ?? undefined }) })
  const sourceId = params.get('source') ?? undefined
  const { branchName } = scope
  const sources = useFind('sources', { $limit: 200, $sort: { name: 1 } })
  const [drill, setDrill] = useState<Drill | null>(null)
  const [grouping, setGrouping] = useState<Grouping>('bySource')
  const data = report.data
  const show = (value: number) => format.number(value)
  const share = (value: number | null) => (value === null ? '—' : format.number(value))
  const percent = (value: number | null) => (value === null ? '—' : `${share(value)} %`)
  const dayText = (day: string) => format.date(`${day}T12:00:00`)
  const stepName = (step: FunnelStep) => t(`reports.funnel.steps.${step}`)
  const lineName = (kind: Grouping, line: FunnelLine) =>
    kind === 'byBranch' ? (branchName.get(line.key ?? '') ?? '—') : line.key === null ? t('reports.appointments.filters.noSource') : line.name || '—'
  const narrowing = (kind: Grouping, line: FunnelLine): Omit<Drill, 'step'> =>
    kind === 'byBranch' ? { branchId: line.key!, where: lineName(kind, line) } : { sourceId: line.key ?? NO_SOURCE, where: lineName(kind, line) }
  const link = (step: FunnelStep, value: number, where: Omit<Drill, 'step'> = {}, testId?: string) =>
    value === 0 && !testId ? (
      <span className="reports-zero">{show(0)}</span>
    ) : (
      <Typography.Link className="reports-number" onClick={() => setDrill({ step, ...where })} data-testid={testId}>
        {show(value)}
      </Typography.Link>
    )
  /** A table's cell: the count and, after the first step, its share of the step before. */
  const cell = (counts: FunnelCounts, index: number, where?: Omit<Drill, 'step'>) => (
    <>
      {link(funnelSteps[index], counts[funnelSteps[index]], where)}
      {index > 0 && <span className="reports-formula"> ({percent(ofPrevious(counts, index))})</span>}
    </>
  )

  const exportShown = (): ExportTable | null => {
    if (!data || !range) return null
    const row = (name: string, counts: FunnelCounts) => [name, ...funnelSteps.flatMap((step, index) => (index === 0 ? [counts[step]] : [counts[step], ofPrevious(counts, index) ?? '']))]
    return {
      fileName: `${t('reports.funnel.fileName')}-${range.from}-${lastDayOf(range)}`,
      sheetName: t('reports.funnel.title'),
      columns: [
        { title: t(`reports.funnel.tables.${grouping === 'bySource' ? 'source' : 'branch'}`) },
        ...funnelSteps.flatMap((step, index) => [{ title: stepName(step) }, ...(index === 0 ? [] : [{ title: `${stepName(step)}, %` }])])
      ],
      rows: data[grouping].map((line) => row(lineName(grouping, line), line)),
      total: row(t('reports.table.total'), data.totals)
    }
  }
  const { exporting, onExport } = useTableExport(exportShown, range)

  if (failed) return failed

  const table = (kind: Grouping) => (
    <Table<FunnelLine>
      rowKey={(line) => line.key ?? 'none'}
      size="small"
      loading={report.isLoading}
      dataSource={data?.[kind] ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid={`funnel-table-${kind}`}
      locale={{ emptyText: t('reports.funnel.empty') }}
      columns={[
        { key: 'name', title: t(`reports.funnel.tables.${kind === 'bySource' ? 'source' : 'branch'}`), render: (_, line) => lineName(kind, line) },
        ...funnelSteps.map((step, index) => ({
          key: step,
          title: stepName(step),
          align: 'right' as const,
          className: 'reports-nowrap',
          render: (_: unknown, line: FunnelLine) => cell(line, index, narrowing(kind, line))
        }))
      ]}
      summary={() =>
        data && data[kind].length > 0 ? (
          <Table.Summary.Row className="reports-total-row">
            <Table.Summary.Cell index={0}>{t('reports.table.total')}</Table.Summary.Cell>
            {funnelSteps.map((step, index) => (
              <Table.Summary.Cell key={step} index={index + 1} align="right">{cell(data.totals, index)}</Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ) : null
      }
    />
  )

  const entered = data?.totals.entered ?? 0
  return (
    <>
      <ReportHeader
        title={t('reports.funnel.title')}
        range={range}
        ready={!!data}
        exporting={exporting}
        onExport={onExport}
      >
        <PeriodFilter preset={preset} params={params} set={set} />
        <ScopeFilters scope={scope} branchId={branchId} doctorId={doctorId} set={set} />
        <SourceFilter sourceId={sourceId} sources={sources.data?.data ?? []} set={set} />
      </ReportHeader>
      <Card size="small" className="reports-chart-card" loading={report.isLoading} data-testid="funnel-steps">
        {data?.doctorId && <Typography.Paragraph type="secondary">{t('reports.funnel.doctorNote')}</Typography.Paragraph>}
        <div className="reports-funnel">
          {funnelSteps.map((step, index) => (
            <div key={step} className="reports-funnel-step" data-testid={`funnel-step-${step}`}>
              <div className="reports-funnel-head">
                <span className="reports-funnel-label">{stepName(step)}</span>
                <span className="reports-funnel-count">{data ? link(step, data.totals[step], {}, `funnel-total-${step}`) : '—'}</span>
              </div>
              <div>
                <div className="reports-funnel-track">
                  <div className="reports-funnel-fill" style={{ width: `${entered > 0 && data ? (data.totals[step] / entered) * 100 : 0}%` }} />
                </div>
                {data && index > 0 && (
                  <div className="reports-funnel-rates">
                    {ofPrevious(data.totals, index) !== null && <span>{t('reports.funnel.ofPrevious', { percent: share(ofPrevious(data.totals, index)) })}</span>}
                    {entered > 0 && <span>{t('reports.funnel.ofEntered', { percent: share(percentOf(data.totals[step], entered)) })}</span>}
                  </div>
                )}
              </div>
              <div className="reports-formula">{t(`reports.funnel.formulas.${step}`)}</div>
            </div>
          ))}
        </div>
      </Card>
      <Card size="small" className="reports-table-card">
        <Tabs
          activeKey={grouping}
          onChange={(key) => setGrouping(key as Grouping)}
          data-testid="funnel-groupings"
          items={groupings.map((kind) => ({ key: kind, label: t(`reports.funnel.tables.${kind}`), children: table(kind) }))}
        />
      </Card>
      <FunnelRowsDrawer filter={filter} drill={drill} onClose={() => setDrill(null)} branchName={branchName} dayText={dayText} phone={phone} />
    </>
  )
}

function FunnelRowsDrawer({ filter, drill, onClose, branchName, dayText, phone }: {
  filter: FunnelFilter | null
  drill: Drill | null
  onClose: () => void
  branchName: Map<string, string>
  dayText: (day: string) => string
  phone: boolean
}) {
  const { t } = useTranslation()
  const step = drill?.step ?? 'entered'
  const query = filter && drill ? { ...filter, ...(drill.sourceId ? { sourceId: drill.sourceId } : {}), ...(drill.branchId ? { branchId: drill.branchId } : {}), $rows: step } : null
  const rows = useQuery({
    queryKey: ['customer-conversion-funnel-reports', 'find', query],
    queryFn: () => client.service('customer-conversion-funnel-reports').find({ query: query! }) as Promise<FunnelRows>,
    enabled: query !== null
  })
  const patient = patientColumns<FunnelRow>(t, (row) => row._id, dayText, branchName)
  // One list for the table and the export of every row (DrillRows): the file gets the same columns.
  const columns: Array<DrillColumn<FunnelRow>> = [
    patient.patient,
    patient.phone,
    { key: 'day', title: t('reports.funnel.rows.registeredOn'), kind: 'date', nowrap: true, render: (row) => dayText(row.day) },
    patient.firstVisit,
    patient.firstVisitDoctor,
    patient.source,
    patient.branch
  ]
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 900} title={t(`reports.funnel.steps.${step}`)} destroyOnHidden data-testid="reports-rows">
      {drill?.where && <Typography.Paragraph type="secondary">{drill.where}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t(`reports.funnel.formulas.${step}`)}</Typography.Paragraph>
      <DrillRows
        report="customer-conversion-funnel-reports"
        query={query}
        rows={rows}
        columns={columns}
        labels={{ branchId: Object.fromEntries(branchName) }}
        title={t(`reports.funnel.steps.${step}`)}
        where={drill?.where}
      />
    </Drawer>
  )
}
