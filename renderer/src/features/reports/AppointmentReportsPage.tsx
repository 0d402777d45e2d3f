import { useState } from 'react'
import { Card, Drawer, Grid, Table, Tabs, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFind } from '../../api/live'
import { useFormat } from '../../i18n/format'
import { lastDayOf } from '../../../../domain/reports/periods'
import {
  NO_SOURCE,
  type AppointmentFigure,
  type AppointmentFigures,
  type AppointmentReport,
  type AppointmentReportLine,
  type AppointmentReportRow
} from '../../../../server/src/services/reports/appointment-reports/appointment-reports.shared'
import { appointmentRowsQuery, useAppointmentRows, type AppointmentDrill, type AppointmentReportFilter } from './useAppointmentReports'
import { DrillRows } from './DrillRows'
import { fileColumn, type DrillColumn } from './drill-columns'
import { ReportHeader } from './ReportHeader'
import { PeriodFilter, ScopeFilters, SourceFilter } from './ReportFilters'
import { useReportPage } from './useReportPage'
import { useTableExport } from './useTableExport'
import { AppointmentLoad } from './AppointmentLoad'
import './reports.css'

const CANCEL_PARTS: AppointmentFigure[] = ['cancelledByPatient', 'cancelledByClinic', 'cancelledLate', 'cancelledEarly']
/** The columns of every table, in order (working time and load are the load section's: AppointmentLoad). */
const COUNT_COLUMNS: AppointmentFigure[] = ['completed', 'cancelled', ...CANCEL_PARTS, 'noShow', 'rescheduled', 'bookedMinutes']
type Grouping = 'byDoctor' | 'bySource' | 'byBranch'
const groupings: Grouping[] = ['byDoctor', 'bySource', 'byBranch']

/**
 * /reports/appointments (issue 19): how a period's appointments ended, per doctor, source and
 * branch: completed, cancelled (by the patient or the clinic, late or early), no-show,
 * rescheduled, and the load of doctors and chairs (AppointmentLoad). Each figure states its
 * formula; every number opens the rows behind it; the table shown exports to CSV and Excel.
 * Filters live in the address; `figure=load` (the director's home) brings the load into view.
 */
export default function AppointmentReportsPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const phone = !Grid.useBreakpoint().md
  const { params, set, branchId, doctorId, preset, range, scope, filter, report, failed } = useReportPage<AppointmentReport, AppointmentReportFilter>('appointment-reports', {
    resource: 'appointment-reports',
    own: (params) => ({ sourceId: params.get('source') ?? undefined })
  })
  const sourceId = params.get('source') ?? undefined
  const [drill, setDrill] = useState<AppointmentDrill | null>(null)
  const [grouping, setGrouping] = useState<Grouping>('byDoctor')
  const { branchName } = scope
  const sources = useFind('sources', { $limit: 200, $sort: { name: 1 } })

  const show = (value: number) => format.number(value)
  const dayText = (day: string) => format.date(`${day}T12:00:00`)
  const lineName = (table: Grouping, line: AppointmentReportLine) =>
    table === 'byBranch' ? (branchName.get(line.key ?? '') ?? '—') : table === 'bySource' && line.key === null ? t('reports.appointments.filters.noSource') : line.name || '—'
  const narrowing = (table: Grouping, line: AppointmentReportLine): Omit<AppointmentDrill, 'figure'> =>
    table === 'byDoctor' ? { doctorId: line.key!, where: lineName(table, line) } : table === 'bySource' ? { sourceId: line.key ?? NO_SOURCE, where: lineName(table, line) } : { branchId: line.key!, where: lineName(table, line) }
  const figureLink = (figure: AppointmentFigure, value: number, where: Omit<AppointmentDrill, 'figure'> = {}, testId?: string) =>
    value === 0 && testId === undefined ? (
      <span className="reports-zero">{show(0)}</span>
    ) : (
      <Typography.Link className="reports-number" onClick={() => setDrill({ figure, ...where })} data-testid={testId ?? `appointments-cell-${figure}`}>
        {show(value)}
      </Typography.Link>
    )

  const tableColumns = () => COUNT_COLUMNS.map((figure) => ({ title: t(`reports.appointments.figures.${figure}`), money: false, figure }))
  const exportLines = (table: Grouping) => {
    const data = report.data!
    const columns = tableColumns()
    const header = [t(`reports.appointments.tables.${table === 'byDoctor' ? 'doctor' : table === 'bySource' ? 'source' : 'branch'}`), ...columns.map((column) => column.title)]
    const row = (name: string, figures: AppointmentFigures) => [name, ...columns.map((column) => figures[column.figure])]
    return { header, lines: data[table].map((line) => row(lineName(table, line), line)), total: row(t('reports.table.total'), data.totals) }
  }
  // The table of the tab shown, as the other reports export theirs (useTableExport).
  const { exporting, onExport } = useTableExport(() => {
    if (!report.data || !range) return null
    const { header, lines, total } = exportLines(grouping)
    return { fileName: `${t('reports.appointments.fileName')}-${range.from}-${lastDayOf(range)}`, sheetName: t('reports.appointments.title'), columns: header.map((title) => ({ title: String(title) })), rows: lines, total }
  }, range)

  if (failed) return failed
  const data = report.data

  const table = (kind: Grouping) => (
    <Table<AppointmentReportLine>
      rowKey={(line) => line.key ?? 'none'}
      size="small"
      loading={report.isLoading}
      dataSource={data?.[kind] ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid={`appointments-table-${kind}`}
      locale={{ emptyText: t('reports.appointments.empty') }}
      columns={[
        { key: 'name', title: t(`reports.appointments.tables.${kind === 'byDoctor' ? 'doctor' : kind === 'bySource' ? 'source' : 'branch'}`), fixed: phone ? undefined : 'left', render: (_, line) => lineName(kind, line) },
        ...tableColumns().map(({ title, figure }) => ({
          key: figure,
          title,
          align: 'right' as const,
          className: 'reports-nowrap',
          render: (_: unknown, line: AppointmentReportLine) => figureLink(figure, line[figure], narrowing(kind, line))
        }))
      ]}
      summary={() =>
        data && data[kind].length > 0 ? (
          <Table.Summary.Row className="reports-total-row">
            <Table.Summary.Cell index={0}>{t('reports.table.total')}</Table.Summary.Cell>
            {tableColumns().map(({ figure }, index) => (
              <Table.Summary.Cell key={figure} index={index + 1} align="right">{show(data.totals[figure])}</Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ) : null
      }
    />
  )

  return (
    <>
      <ReportHeader
        title={t('reports.appointments.title')}
        range={range}
        ready={!!data}
        exporting={exporting}
        onExport={onExport}
      >
        <PeriodFilter preset={preset} params={params} set={set} />
        <ScopeFilters scope={scope} branchId={branchId} doctorId={doctorId} set={set} />
        <SourceFilter sourceId={sourceId} sources={sources.data?.data ?? []} set={set} />
      </ReportHeader>
      <div className="reports-tiles" data-testid="appointments-tiles">
        {(['completed', 'noShow', 'rescheduled', 'cancelled'] as const).map((figure) => (
          <Card key={figure} size="small" className={figure === 'cancelled' ? 'reports-tile reports-tile-wide' : 'reports-tile'} loading={report.isLoading} data-testid={`appointments-tile-${figure}`}>
            <div className="reports-tile-label">{t(`reports.appointments.figures.${figure}`)}</div>
            <div className="reports-tile-value">{data ? figureLink(figure, data.totals[figure], {}, `appointments-total-${figure}`) : '—'}</div>
            {figure === 'cancelled' && data && (
              <div className="reports-methods">
                {CANCEL_PARTS.map((part) => (
                  <span key={part}>
                    {t(`reports.appointments.figures.${part}`)}: {figureLink(part, data.totals[part], {}, `appointments-total-${part}`)}
                  </span>
                ))}
              </div>
            )}
            <div className="reports-formula">{t(`reports.appointments.formulas.${figure}`)}</div>
            {figure === 'cancelled' && (
              <div className="reports-formula reports-formula-parts">
                {CANCEL_PARTS.map((part) => (
                  <div key={part}>
                    {t(`reports.appointments.figures.${part}`)}: {t(`reports.appointments.formulas.${part}`)}
                  </div>
                ))}
              </div>
            )}
          </Card>
        ))}
      </div>
      <Card size="small" className="reports-table-card">
        <Tabs
          activeKey={grouping}
          onChange={(key) => setGrouping(key as Grouping)}
          data-testid="appointments-groupings"
          items={groupings.map((kind) => ({ key: kind, label: t(`reports.appointments.tables.${kind}`), children: table(kind) }))}
        />
      </Card>
      <AppointmentLoad data={data} loading={report.isLoading} range={range} branchName={branchName} chosen={params.get('figure') === 'load'} onDrill={setDrill} />
      <AppointmentRowsDrawer filter={filter} drill={drill} onClose={() => setDrill(null)} branchName={branchName} dayText={dayText} phone={phone} />
    </>
  )
}

function AppointmentRowsDrawer({ filter, drill, onClose, branchName, dayText, phone }: {
  filter: AppointmentReportFilter | null
  drill: AppointmentDrill | null
  onClose: () => void
  branchName: Map<string, string>
  dayText: (day: string) => string
  phone: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const rows = useAppointmentRows(filter, drill)
  const figure = drill?.figure ?? 'completed'
  const cancelled = figure.startsWith('cancelled')
  const hours = figure === 'availableMinutes' || figure === 'chairAvailableMinutes'
  const onChairs = figure === 'chairBookedMinutes' || figure === 'chairAvailableMinutes'
  const minutes = figure === 'bookedMinutes' || figure === 'chairBookedMinutes' || hours
  const who = (row: AppointmentReportRow) => (row.changedByName === null ? '—' : row.changedByName || t('reports.appointments.rows.patient'))
  // One list for the table and the export of every row (DrillRows): the file gets the same columns.
  const columns: Array<DrillColumn<AppointmentReportRow>> = [
    { key: 'day', title: t('reports.appointments.rows.day'), kind: 'date', nowrap: true, render: (row) => dayText(row.day) },
    { key: 'time', title: hours ? t(onChairs ? 'reports.appointments.rows.openHours' : 'reports.appointments.rows.hours') : t('reports.toppers.time'), kind: 'text', nowrap: true, render: (row) => row.time },
    ...(hours ? [] : [{ key: 'customerName', title: t('reports.rows.patient'), kind: 'text', render: (row) => (row.customerId ? <Link to={`/customer/${row.customerId}`}>{row.customerName || '—'}</Link> : '—') } satisfies DrillColumn<AppointmentReportRow>]),
    ...(onChairs ? [{ key: 'workPlaceName', title: t('reports.appointments.tables.chair'), kind: 'text', render: (row) => row.workPlaceName || '—' } satisfies DrillColumn<AppointmentReportRow>] : []),
    ...(figure === 'chairAvailableMinutes' ? [] : [{ key: 'doctorName', title: t('reports.rows.doctor'), kind: 'text', render: (row) => row.doctorName || '—' } satisfies DrillColumn<AppointmentReportRow>]),
    ...(cancelled
      ? [
          { key: 'changedByName', title: t('reports.appointments.rows.cancelledBy'), kind: 'text', render: (row) => who(row) } satisfies DrillColumn<AppointmentReportRow>,
          {
            key: 'hoursBefore',
            title: t('reports.appointments.rows.when'),
            kind: 'number',
            nowrap: true,
            render: (row) =>
              row.hoursBefore === null ? '—' : row.hoursBefore >= 0 ? t('reports.appointments.rows.before', { count: row.hoursBefore }) : t('reports.appointments.rows.after', { count: -row.hoursBefore })
          } satisfies DrillColumn<AppointmentReportRow>
        ]
      : []),
    ...(figure === 'rescheduled'
      ? [
          { key: 'movedToDay', title: t('reports.appointments.rows.movedTo'), kind: 'date', nowrap: true, render: (row) => (row.movedToDay ? `${dayText(row.movedToDay)} ${row.movedToTime}` : '—') } satisfies DrillColumn<AppointmentReportRow>,
          fileColumn<AppointmentReportRow>('movedToTime', `${t('reports.appointments.rows.movedTo')}: ${t('reports.toppers.time')}`),
          { key: 'changedByName', title: t('reports.appointments.rows.movedBy'), kind: 'text', render: (row) => who(row) } satisfies DrillColumn<AppointmentReportRow>
        ]
      : []),
    ...(hours ? [] : [{ key: 'sourceName', title: t('reports.appointments.rows.source'), kind: 'text', render: (row) => (row.sourceId ? row.sourceName : t('reports.appointments.filters.noSource')) } satisfies DrillColumn<AppointmentReportRow>]),
    ...(hours && !onChairs ? [] : [{ key: 'branchId', title: t('reports.table.branch'), kind: 'text', render: (row) => branchName.get(row.branchId ?? '') ?? '—' } satisfies DrillColumn<AppointmentReportRow>]),
    ...(minutes ? [{ key: 'value', title: t('reports.appointments.rows.minutes'), kind: 'number', align: 'right', render: (row) => format.number(row.value) } satisfies DrillColumn<AppointmentReportRow>] : [])
  ]
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 820} title={t(`reports.appointments.figures.${figure}`)} destroyOnHidden data-testid="reports-rows">
      {drill?.where && <Typography.Paragraph type="secondary">{drill.where}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t(`reports.appointments.formulas.${figure}`)}</Typography.Paragraph>
      <DrillRows
        report="appointment-reports"
        query={appointmentRowsQuery(filter, drill)}
        rows={rows}
        columns={columns}
        labels={{ branchId: Object.fromEntries(branchName) }}
        sum={minutes ? (value) => format.number(value) : undefined}
        title={t(`reports.appointments.figures.${figure}`)}
        where={drill?.where}
      />
    </Drawer>
  )
}
