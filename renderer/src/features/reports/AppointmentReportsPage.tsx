import { useState } from 'react'
import { Card, Drawer, Grid, Table, Tabs, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFind } from '../../api/live'
import { FetchError } from '../../components/FetchError'
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
import { useAppointmentRows, type AppointmentDrill, type AppointmentReportFilter } from './useAppointmentReports'
import { RowsSum } from './RowsSum'
import { ReportHeader } from './ReportHeader'
import { PeriodFilter, ScopeFilters, SourceFilter } from './ReportFilters'
import { useReportPage } from './useReportPage'
import { downloadText, toCsv } from './csv'
import { xlsxOf } from './xlsx'
import './reports.css'

const CANCEL_PARTS: AppointmentFigure[] = ['cancelledByPatient', 'cancelledByClinic', 'cancelledLate', 'cancelledEarly']
/** The columns of every table, in order; doctors' tables add working time and load. */
const COUNT_COLUMNS: AppointmentFigure[] = ['completed', 'cancelled', ...CANCEL_PARTS, 'noShow', 'rescheduled', 'bookedMinutes']
type Grouping = 'byDoctor' | 'bySource' | 'byBranch'
const groupings: Grouping[] = ['byDoctor', 'bySource', 'byBranch']

/** Booked ÷ available as a whole percent, or null when no working time is known. */
const loadOf = (figures: Pick<AppointmentFigures, 'bookedMinutes' | 'availableMinutes'>) => (figures.availableMinutes > 0 ? Math.round((figures.bookedMinutes / figures.availableMinutes) * 100) : null)

/**
 * /reports/appointments (issue 19): how a period's appointments ended, per doctor, source and
 * branch: completed, cancelled (by the patient or the clinic, late or early), no-show,
 * rescheduled, and the doctors' load. Each figure states its formula; every number opens the rows
 * behind it; the table shown exports to CSV and Excel. Filters live in the address.
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
  const percent = (value: number | null) => (value === null ? '—' : `${format.number(value)} %`)
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

  const tableColumns = (table: Grouping) => [
    ...COUNT_COLUMNS.map((figure) => ({ title: t(`reports.appointments.figures.${figure}`), money: false, figure })),
    ...(table === 'byDoctor' ? [{ title: t('reports.appointments.figures.availableMinutes'), money: false, figure: 'availableMinutes' as const }] : [])
  ]
  const exportLines = (table: Grouping) => {
    const data = report.data!
    const columns = tableColumns(table)
    const withLoad = table === 'byDoctor'
    const header = [t(`reports.appointments.tables.${table === 'byDoctor' ? 'doctor' : table === 'bySource' ? 'source' : 'branch'}`), ...columns.map((column) => column.title), ...(withLoad ? [t('reports.appointments.figures.load')] : [])]
    const row = (name: string, figures: AppointmentFigures) => [name, ...columns.map((column) => figures[column.figure]), ...(withLoad ? [loadOf(figures) ?? ''] : [])]
    return { header, lines: data[table].map((line) => row(lineName(table, line), line)), total: row(t('reports.table.total'), data.totals) }
  }
  const fileName = (extension: string) => (range ? `${t('reports.appointments.fileName')}-${range.from}-${lastDayOf(range)}.${extension}` : '')
  const exportCsv = () => {
    if (!report.data || !range) return
    const { header, lines, total } = exportLines(grouping)
    downloadText(fileName('csv'), toCsv([header, ...lines, total]))
  }
  const [exporting, setExporting] = useState(false)
  const exportXlsx = async () => {
    if (!report.data || !range) return
    setExporting(true)
    try {
      const { header, lines, total } = exportLines(grouping)
      downloadText(fileName('xlsx'), await xlsxOf(t('reports.appointments.title'), header.map((title) => ({ title: String(title) })), lines, total))
    } finally {
      setExporting(false)
    }
  }

  if (failed) return failed
  const data = report.data
  const load = data ? loadOf(data.totals) : null

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
        ...tableColumns(kind).map(({ title, figure }) => ({
          key: figure,
          title,
          align: 'right' as const,
          className: 'reports-nowrap',
          render: (_: unknown, line: AppointmentReportLine) => figureLink(figure, line[figure], narrowing(kind, line))
        })),
        ...(kind === 'byDoctor' ? [{ key: 'load', title: t('reports.appointments.figures.load'), align: 'right' as const, className: 'reports-nowrap', render: (_: unknown, line: AppointmentReportLine) => percent(loadOf(line)) }] : [])
      ]}
      summary={() =>
        data && data[kind].length > 0 ? (
          <Table.Summary.Row className="reports-total-row">
            <Table.Summary.Cell index={0}>{t('reports.table.total')}</Table.Summary.Cell>
            {tableColumns(kind).map(({ figure }, index) => (
              <Table.Summary.Cell key={figure} index={index + 1} align="right">{show(data.totals[figure])}</Table.Summary.Cell>
            ))}
            {kind === 'byDoctor' && <Table.Summary.Cell index={COUNT_COLUMNS.length + 2} align="right">{percent(load)}</Table.Summary.Cell>}
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
        onExport={(kind) => (kind === 'csv' ? exportCsv() : void exportXlsx())}
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
        <Card size="small" className="reports-tile reports-tile-wide" loading={report.isLoading} data-testid="appointments-tile-load">
          <div className="reports-tile-label">{t('reports.appointments.figures.load')}</div>
          <div className="reports-tile-value" data-testid="appointments-total-load">{data ? percent(load) : '—'}</div>
          {data && (
            <div className="reports-methods">
              <span>
                {t('reports.appointments.figures.bookedMinutes')}: {figureLink('bookedMinutes', data.totals.bookedMinutes, {}, 'appointments-total-bookedMinutes')}
              </span>
              <span>
                {t('reports.appointments.figures.availableMinutes')}: {figureLink('availableMinutes', data.totals.availableMinutes, {}, 'appointments-total-availableMinutes')}
              </span>
            </div>
          )}
          <div className="reports-formula">{t('reports.appointments.formulas.load')}</div>
          <div className="reports-formula reports-formula-parts">
            <div>{t('reports.appointments.figures.bookedMinutes')}: {t('reports.appointments.formulas.bookedMinutes')}</div>
            <div>{t('reports.appointments.figures.availableMinutes')}: {t('reports.appointments.formulas.availableMinutes')}</div>
          </div>
        </Card>
      </div>
      <Card size="small" className="reports-table-card">
        <Tabs
          activeKey={grouping}
          onChange={(key) => setGrouping(key as Grouping)}
          data-testid="appointments-groupings"
          items={groupings.map((kind) => ({ key: kind, label: t(`reports.appointments.tables.${kind}`), children: table(kind) }))}
        />
      </Card>
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
  const hours = figure === 'availableMinutes'
  const minutes = figure === 'bookedMinutes' || hours
  const who = (row: AppointmentReportRow) => (row.changedByName === null ? '—' : row.changedByName || t('reports.appointments.rows.patient'))
  const columns = [
    { key: 'day', title: t('reports.appointments.rows.day'), className: 'reports-nowrap', render: (_: unknown, row: AppointmentReportRow) => (hours ? dayText(row.day) : `${dayText(row.day)} ${row.time}`) },
    ...(hours
      ? [{ key: 'hours', title: t('reports.appointments.rows.hours'), className: 'reports-nowrap', render: (_: unknown, row: AppointmentReportRow) => row.time }]
      : [{ key: 'patient', title: t('reports.rows.patient'), render: (_: unknown, row: AppointmentReportRow) => (row.customerId ? <Link to={`/customer/${row.customerId}`}>{row.customerName || '—'}</Link> : '—') }]),
    { key: 'doctor', title: t('reports.rows.doctor'), render: (_: unknown, row: AppointmentReportRow) => row.doctorName || '—' },
    ...(cancelled
      ? [
          { key: 'by', title: t('reports.appointments.rows.cancelledBy'), render: (_: unknown, row: AppointmentReportRow) => who(row) },
          {
            key: 'when',
            title: t('reports.appointments.rows.when'),
            className: 'reports-nowrap',
            render: (_: unknown, row: AppointmentReportRow) =>
              row.hoursBefore === null ? '—' : row.hoursBefore >= 0 ? t('reports.appointments.rows.before', { count: row.hoursBefore }) : t('reports.appointments.rows.after', { count: -row.hoursBefore })
          }
        ]
      : []),
    ...(figure === 'rescheduled'
      ? [
          { key: 'to', title: t('reports.appointments.rows.movedTo'), className: 'reports-nowrap', render: (_: unknown, row: AppointmentReportRow) => (row.movedToDay ? `${dayText(row.movedToDay)} ${row.movedToTime}` : '—') },
          { key: 'by', title: t('reports.appointments.rows.movedBy'), render: (_: unknown, row: AppointmentReportRow) => who(row) }
        ]
      : []),
    ...(hours ? [] : [{ key: 'source', title: t('reports.appointments.rows.source'), render: (_: unknown, row: AppointmentReportRow) => (row.sourceId ? row.sourceName : t('reports.appointments.filters.noSource')) }]),
    ...(hours ? [] : [{ key: 'branch', title: t('reports.table.branch'), render: (_: unknown, row: AppointmentReportRow) => branchName.get(row.branchId ?? '') ?? '—' }]),
    ...(minutes ? [{ key: 'value', title: t('reports.appointments.rows.minutes'), align: 'right' as const, render: (_: unknown, row: AppointmentReportRow) => format.number(row.value) }] : [])
  ]
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 820} title={t(`reports.appointments.figures.${figure}`)} destroyOnHidden data-testid="reports-rows">
      {drill?.where && <Typography.Paragraph type="secondary">{drill.where}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t(`reports.appointments.formulas.${figure}`)}</Typography.Paragraph>
      {rows.error && <FetchError error={rows.error} onRetry={() => void rows.refetch()} />}
      {rows.data && (
        <RowsSum sum={minutes ? format.number(rows.data.sum) : undefined} total={rows.data.total} shown={rows.data.data.length} />
      )}
      <Table<AppointmentReportRow>
        rowKey="_id"
        size="small"
        loading={rows.isLoading}
        dataSource={rows.data?.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="reports-rows-table"
        locale={{ emptyText: t('reports.rows.empty') }}
        columns={columns}
      />
    </Drawer>
  )
}
