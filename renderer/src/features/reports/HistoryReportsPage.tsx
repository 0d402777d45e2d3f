import { useState } from 'react'
import { Card, Drawer, Grid, Select, Table, Tabs, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { client } from '../../api/client'
import { useFormat } from '../../i18n/format'
import { kindLabel } from '../trash/trash-kinds'
import { activityServices } from '../activity/activity-services'
import { activityLink } from '../activity/activity-filters'
import { lastDayOf, type DayRange } from '../../../../domain/reports/periods'
import { historyActions } from '../../../../domain/reports/history-reports'
import type {
  HistoryLine, HistoryReport, HistoryReportRow, HistoryReportRows, HistoryRowsFigure
} from '../../../../server/src/services/reports/history-reports/history-reports.shared'
import { DayChart } from './DayChart'
import { DrillRows } from './DrillRows'
import { wordsOf, type DrillColumn } from './drill-columns'
import { ReportHeader } from './ReportHeader'
import { PeriodFilter, ScopeFilters } from './ReportFilters'
import { useReportPage, type PeriodReportFilter } from './useReportPage'
import { drillQuery, useDrillRows } from './useDrillRows'
import { useTableExport } from './useTableExport'
import type { ExportTable } from './table-export'
import './reports.css'

type HistoryFilter = PeriodReportFilter & { userId?: string; service?: string }
/** One number: an action (or every change) narrowed to a day, a person or a section. */
interface Drill {
  figure: HistoryRowsFigure
  day?: string
  userId?: string
  service?: string
}
type Grouping = 'byUser' | 'byService' | 'byDay'
const FIGURES = ['total', ...historyActions] as const
type Figure = (typeof FIGURES)[number]
const ID = /^[A-Za-z0-9_-]{1,100}$/
const idOr = (value: string | null) => (value && ID.test(value) ? value : undefined)

/**
 * /reports/history (issue 19, `history-reports`): the activity log as a report: how many changes
 * (created, edited, removed) people made in a period, per person, section and day. Every number
 * opens the entries behind it, and those open in the activity log itself, filtered. Only for
 * those who may read the log (company: seeAll), counting only sections they may view. Filters
 * live in the address (`user`, `section`).
 */
export default function HistoryReportsPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const phone = !Grid.useBreakpoint().md
  const { params, set, branchId, preset, range, scope, filter, report, data, failed } = useReportPage<HistoryReport, HistoryFilter>('history-reports', {
    resource: 'reports',
    byDoctor: false,
    own: (params) => ({ userId: idOr(params.get('user')), service: idOr(params.get('section')) })
  })
  const [drill, setDrill] = useState<Drill | null>(null)
  const [grouping, setGrouping] = useState<Grouping>('byUser')
  // The people offered: those who changed something in the period (with one chosen, that one).
  const people = new Map((data?.byUser ?? []).map((line) => [line.key, line.name || '—']))
  const dayText = (day: string) => format.date(`${day}T12:00:00`)
  const figureOf = (figure: Figure): HistoryRowsFigure => (figure === 'total' ? 'all' : figure)
  const section = (service: string) => kindLabel(t, service)
  const person = (userId: string) => people.get(userId) ?? '—'
  const link = (figure: Figure, value: number, where: Omit<Drill, 'figure'> = {}, testId?: string) =>
    value === 0 && !testId ? (
      <span className="reports-zero">0</span>
    ) : (
      <Typography.Link className="reports-number" onClick={() => setDrill({ figure: figureOf(figure), ...where })} data-testid={testId}>
        {format.number(value)}
      </Typography.Link>
    )

  const exportCells = (): ExportTable | null => {
    if (!data || !range) return null
    return {
      fileName: `${t('reports.history.fileName')}-${range.from}-${lastDayOf(range)}`,
      sheetName: t('reports.history.title'),
      columns: [{ title: t('reports.table.day') }, { title: t('reports.history.person') }, { title: t('reports.history.section') }, ...FIGURES.map((figure) => ({ title: t(`reports.history.actions.${figure}`) }))],
      rows: data.cells.map((cell) => [cell.day, person(cell.userId), section(cell.service), ...FIGURES.map((figure) => cell[figure])]),
      total: [t('reports.table.total'), '', '', ...FIGURES.map((figure) => data.totals[figure])]
    }
  }
  const { exporting, onExport } = useTableExport(exportCells, range)

  if (failed) return failed
  const totalRow = () =>
    data ? (
      <Table.Summary.Row className="reports-total-row">
        <Table.Summary.Cell index={0}>{t('reports.table.total')}</Table.Summary.Cell>
        {FIGURES.map((figure, index) => (
          <Table.Summary.Cell key={figure} index={index + 1} align="right">{link(figure, data.totals[figure])}</Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    ) : null
  const lineTable = (lines: HistoryLine[], nameTitle: string, name: (key: string) => string, where: (key: string) => Omit<Drill, 'figure'>, testId: string) => (
    <Table<HistoryLine>
      rowKey="key"
      size="small"
      loading={report.isLoading}
      dataSource={lines}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      locale={{ emptyText: t('reports.summary.empty') }}
      columns={[
        { key: 'name', title: nameTitle, render: (_, line) => name(line.key) },
        ...FIGURES.map((figure) => ({
          key: figure,
          title: t(`reports.history.actions.${figure}`),
          align: 'right' as const,
          render: (_: unknown, line: HistoryLine) => link(figure, line[figure], where(line.key))
        }))
      ]}
      summary={() => (lines.length > 1 ? totalRow() : null)}
    />
  )

  return (
    <>
      <ReportHeader title={t('reports.history.title')} range={range} ready={!!data} exporting={exporting} onExport={onExport}>
        <PeriodFilter preset={preset} params={params} set={set} />
        {/* Changes have no doctor: the branch of the record changed only. */}
        <ScopeFilters scope={{ ...scope, doctors: [] }} branchId={branchId} set={set} />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={filter?.userId}
          onChange={(value?: string) => set({ user: value })}
          placeholder={t('reports.history.everyone')}
          aria-label={t('reports.history.person')}
          data-testid="reports-person"
          style={{ minWidth: 180 }}
          options={[...people].map(([value, label]) => ({ value, label }))}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={filter?.service}
          onChange={(value?: string) => set({ section: value })}
          placeholder={t('reports.history.allSections')}
          aria-label={t('reports.history.section')}
          data-testid="reports-section"
          style={{ minWidth: 180 }}
          options={activityServices.map((service) => ({ value: service, label: section(service) }))}
        />
      </ReportHeader>
      <div className="reports-tiles" data-testid="reports-tiles">
        {FIGURES.map((figure) => (
          <Card key={figure} size="small" className="reports-tile" loading={report.isLoading} data-testid={`history-tile-${figure}`}>
            <div className="reports-tile-label">{t(`reports.history.actions.${figure}`)}</div>
            <div className="reports-tile-value">{data ? link(figure, data.totals[figure], {}, `reports-total-${figure}`) : '—'}</div>
            <div className="reports-formula">{t(`reports.history.formulas.${figure}`)}</div>
          </Card>
        ))}
      </div>
      {data && range && (
        <Card size="small" className="reports-chart-card" title={t('reports.history.chart')}>
          <DayChart range={range} values={data.byDay.map((day) => ({ day: day.day, value: day.total }))} label={dayText} money={(value) => format.number(value)} onDay={(day) => setDrill({ figure: 'all', day })} />
        </Card>
      )}
      <Card size="small" className="reports-table-card">
        <Tabs
          activeKey={grouping}
          onChange={(key) => setGrouping(key as Grouping)}
          data-testid="history-grouping"
          items={[
            { key: 'byUser', label: t('reports.history.byPerson'), children: lineTable(data?.byUser ?? [], t('reports.history.person'), person, (key) => ({ userId: key }), 'reports-by-person') },
            { key: 'byService', label: t('reports.history.bySection'), children: lineTable(data?.byService ?? [], t('reports.history.section'), section, (key) => ({ service: key }), 'reports-by-section') },
            {
              key: 'byDay',
              label: t('reports.history.byDay'),
              children: lineTable((data?.byDay ?? []).map((day) => ({ ...day, key: day.day })), t('reports.table.day'), dayText, (key) => ({ day: key }), 'reports-table')
            }
          ]}
        />
      </Card>
      <HistoryRowsDrawer filter={filter} range={range} drill={drill} onClose={() => setDrill(null)} branchName={scope.branchName} dayText={dayText} phone={phone} />
    </>
  )
}

function HistoryRowsDrawer({ filter, range, drill, onClose, branchName, dayText, phone }: {
  filter: HistoryFilter | null
  range: DayRange | null
  drill: Drill | null
  onClose: () => void
  branchName: Map<string, string>
  dayText: (day: string) => string
  phone: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const rows = useDrillRows('history-reports', filter, drill, (query) => client.service('history-reports').find({ query }) as Promise<HistoryReportRows>)
  const figure: Figure = drill?.figure === 'all' || !drill ? 'total' : drill.figure
  const userId = drill?.userId ?? filter?.userId
  const service = drill?.service ?? filter?.service
  const personName = userId ? rows.data?.data.find((row) => row.userId === userId)?.userName : undefined
  const where = [drill?.day ? dayText(drill.day) : null, personName ?? null, service ? kindLabel(t, service) : null].filter(Boolean).join(' · ')
  // The log filters by person, section and days (not by action or branch): the same entries and maybe more.
  const inLog = range ? activityLink({ userId, service, from: drill?.day ?? range.from, to: drill?.day ?? lastDayOf(range) }) : null
  // One list for the table and the export of every row (DrillRows): the file gets the same columns.
  const columns: Array<DrillColumn<HistoryReportRow>> = [
    { key: 'createdAt', title: t('reports.history.rows.when'), kind: 'datetime', nowrap: true, render: (row) => format.dateTime(row.createdAt) },
    { key: 'userName', title: t('reports.history.person'), kind: 'text', render: (row) => row.userName || '—' },
    { key: 'service', title: t('reports.history.section'), kind: 'text', render: (row) => kindLabel(t, row.service) },
    { key: 'action', title: t('reports.history.rows.action'), kind: 'text', render: (row) => t(`reports.history.actions.${row.action}`) },
    { key: 'branchId', title: t('reports.table.branch'), kind: 'text', render: (row) => (row.branchId ? (branchName.get(row.branchId) ?? '—') : t('reports.history.rows.noBranch')) }
  ]
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 900} title={t(`reports.history.actions.${figure}`)} destroyOnHidden data-testid="reports-rows">
      {where && <Typography.Paragraph type="secondary">{where}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t(`reports.history.formulas.${figure}`)}</Typography.Paragraph>
      {inLog && (
        <Typography.Paragraph>
          <Link to={inLog} data-testid="history-open-log">{t('reports.history.openLog')}</Link>
        </Typography.Paragraph>
      )}
      <DrillRows
        report="history-reports"
        query={filter && drill ? drillQuery(filter, drill) : null}
        rows={rows}
        columns={columns}
        labels={{
          service: wordsOf(activityServices, (value) => kindLabel(t, value)),
          action: wordsOf(historyActions, (action) => t(`reports.history.actions.${action}`)),
          branchId: Object.fromEntries(branchName)
        }}
        title={t(`reports.history.actions.${figure}`)}
        where={where}
      />
    </Drawer>
  )
}
