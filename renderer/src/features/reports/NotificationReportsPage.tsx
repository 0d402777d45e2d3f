import { useState } from 'react'
import { Card, Drawer, Grid, Select, Table, Tabs, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { client } from '../../api/client'
import { useFormat } from '../../i18n/format'
import { PhoneText } from '../customers/PhoneText'
import { lastDayOf } from '../../../../domain/reports/periods'
import { messageChannels, outboxEvents } from '../../../../domain/messaging/templates'
import { notificationStatuses, type NotificationStatus, type StatusCounts } from '../../../../domain/reports/notification-reports'
import type {
  NotificationLine, NotificationReport, NotificationReportRow, NotificationReportRows, NotificationRowsFigure
} from '../../../../server/src/services/reports/notification-reports/notification-reports.shared'
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

type NotificationFilter = PeriodReportFilter & { channel?: string; event?: string }
/** One number: a status (or every message) narrowed to a day, a channel or a kind. */
interface Drill {
  figure: NotificationRowsFigure
  day?: string
  channel?: string
  event?: string
}
type Grouping = 'byChannel' | 'byEvent' | 'byDay'
const FIGURES = [...notificationStatuses, 'total'] as const
type Figure = (typeof FIGURES)[number]
const known = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined

/**
 * /reports/notifications (issue 19, `notification-reports`): the messages the clinic sent
 * patients in a period (messaging's outbox) by status, per channel, kind and day. Every number
 * opens the messages behind it (the phone as the caller may see it); each status states its
 * rule; the day × channel × kind table exports to CSV and Excel. Filters live in the address.
 */
export default function NotificationReportsPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const phone = !Grid.useBreakpoint().md
  const { params, set, branchId, preset, range, scope, filter, report, data, failed } = useReportPage<NotificationReport, NotificationFilter>('notification-reports', {
    resource: 'notification-reports',
    byDoctor: false,
    own: (params) => ({ channel: known(messageChannels, params.get('channel')), event: known(outboxEvents, params.get('kind')) })
  })
  const [drill, setDrill] = useState<Drill | null>(null)
  const [grouping, setGrouping] = useState<Grouping>('byChannel')
  const dayText = (day: string) => format.date(`${day}T12:00:00`)
  const figureOf = (figure: Figure): NotificationRowsFigure => (figure === 'total' ? 'all' : figure)
  const channelName = (channel: string) => t(`messaging.channels.${channel}`)
  const eventName = (event: string) => t(`messaging.events.${event}`)
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
      fileName: `${t('reports.notifications.fileName')}-${range.from}-${lastDayOf(range)}`,
      sheetName: t('reports.notifications.title'),
      columns: [{ title: t('reports.table.day') }, { title: t('reports.notifications.channel') }, { title: t('reports.notifications.kind') }, ...FIGURES.map((figure) => ({ title: t(`reports.notifications.statuses.${figure}`) }))],
      rows: data.cells.map((cell) => [cell.day, channelName(cell.channel), eventName(cell.event), ...FIGURES.map((figure) => cell[figure])]),
      total: [t('reports.table.total'), '', '', ...FIGURES.map((figure) => data.totals[figure])]
    }
  }
  const { exporting, onExport } = useTableExport(exportCells, range)

  if (failed) return failed
  const figureColumns = <T extends StatusCounts>(where: (line: T) => Omit<Drill, 'figure'>) =>
    FIGURES.map((figure) => ({
      key: figure,
      title: t(`reports.notifications.statuses.${figure}`),
      align: 'right' as const,
      render: (_: unknown, line: T) => link(figure, line[figure], where(line))
    }))
  const totalRow = (label: number) =>
    data ? (
      <Table.Summary.Row className="reports-total-row">
        <Table.Summary.Cell index={0}>{t('reports.table.total')}</Table.Summary.Cell>
        {FIGURES.map((figure, index) => (
          <Table.Summary.Cell key={figure} index={index + label} align="right">{link(figure, data.totals[figure])}</Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    ) : null
  const lineTable = (lines: NotificationLine[], nameTitle: string, name: (key: string) => string, where: (key: string) => Omit<Drill, 'figure'>, testId: string) => (
    <Table<NotificationLine>
      rowKey="key"
      size="small"
      loading={report.isLoading}
      dataSource={lines}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      locale={{ emptyText: t('reports.summary.empty') }}
      columns={[{ key: 'name', title: nameTitle, render: (_, line) => name(line.key) }, ...figureColumns<NotificationLine>((line) => where(line.key))]}
      summary={() => (lines.length > 1 ? totalRow(1) : null)}
    />
  )

  return (
    <>
      <ReportHeader title={t('reports.notifications.title')} range={range} ready={!!data} exporting={exporting} onExport={onExport}>
        <PeriodFilter preset={preset} params={params} set={set} />
        {/* Messages have no doctor: the branch only. */}
        <ScopeFilters scope={{ ...scope, doctors: [] }} branchId={branchId} set={set} />
        <Select
          allowClear
          value={filter?.channel}
          onChange={(value?: string) => set({ channel: value })}
          placeholder={t('reports.notifications.allChannels')}
          aria-label={t('reports.notifications.channel')}
          data-testid="reports-channel"
          options={messageChannels.map((channel) => ({ value: channel, label: channelName(channel) }))}
        />
        <Select
          allowClear
          value={filter?.event}
          onChange={(value?: string) => set({ kind: value })}
          placeholder={t('reports.notifications.allKinds')}
          aria-label={t('reports.notifications.kind')}
          data-testid="reports-kind"
          options={outboxEvents.map((event) => ({ value: event, label: eventName(event) }))}
        />
      </ReportHeader>
      <div className="reports-tiles" data-testid="reports-tiles">
        {(['total', ...notificationStatuses] as const).map((figure) => (
          <Card key={figure} size="small" className="reports-tile" loading={report.isLoading} data-testid={`notifications-tile-${figure}`}>
            <div className="reports-tile-label">{t(`reports.notifications.statuses.${figure}`)}</div>
            <div className="reports-tile-value">{data ? link(figure, data.totals[figure], {}, `reports-total-${figure}`) : '—'}</div>
            <div className="reports-formula">{t(`reports.notifications.formulas.${figure}`)}</div>
          </Card>
        ))}
      </div>
      {data && range && (
        <Card size="small" className="reports-chart-card" title={t('reports.notifications.chart')}>
          <DayChart range={range} values={data.byDay.map((day) => ({ day: day.day, value: day.total }))} label={dayText} money={(value) => format.number(value)} onDay={(day) => setDrill({ figure: 'all', day })} />
        </Card>
      )}
      <Card size="small" className="reports-table-card">
        <Tabs
          activeKey={grouping}
          onChange={(key) => setGrouping(key as Grouping)}
          data-testid="notifications-grouping"
          items={[
            { key: 'byChannel', label: t('reports.notifications.byChannel'), children: lineTable(data?.byChannel ?? [], t('reports.notifications.channel'), channelName, (key) => ({ channel: key }), 'reports-by-channel') },
            { key: 'byEvent', label: t('reports.notifications.byKind'), children: lineTable(data?.byEvent ?? [], t('reports.notifications.kind'), eventName, (key) => ({ event: key }), 'reports-by-kind') },
            {
              key: 'byDay',
              label: t('reports.notifications.byDay'),
              children: lineTable((data?.byDay ?? []).map((day) => ({ ...day, key: day.day })), t('reports.table.day'), dayText, (key) => ({ day: key }), 'reports-table')
            }
          ]}
        />
      </Card>
      <NotificationRowsDrawer filter={filter} drill={drill} onClose={() => setDrill(null)} branchName={scope.branchName} dayText={dayText} phone={phone} />
    </>
  )
}

function NotificationRowsDrawer({ filter, drill, onClose, branchName, dayText, phone }: {
  filter: NotificationFilter | null
  drill: Drill | null
  onClose: () => void
  branchName: Map<string, string>
  dayText: (day: string) => string
  phone: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const rows = useDrillRows('notification-reports', filter, drill, (query) => client.service('notification-reports').find({ query }) as Promise<NotificationReportRows>)
  const status: Figure = drill?.figure === 'all' || !drill ? 'total' : drill.figure
  const where = [drill?.day ? dayText(drill.day) : null, drill?.channel ? t(`messaging.channels.${drill.channel}`) : null, drill?.event ? t(`messaging.events.${drill.event}`) : null].filter(Boolean).join(' · ')
  const statusText = (value: NotificationStatus) => t(`reports.notifications.statuses.${value}`)
  // One list for the table and the export of every row (DrillRows): the file gets the same columns (a hidden phone is empty there too).
  const columns: Array<DrillColumn<NotificationReportRow>> = [
    { key: 'dueAt', title: t('reports.notifications.rows.due'), kind: 'datetime', nowrap: true, render: (row) => format.dateTime(row.dueAt) },
    { key: 'customerName', title: t('reports.rows.patient'), kind: 'text', render: (row) => (row.customerId ? <Link to={`/customer/${row.customerId}/communications`}>{row.customerName || '—'}</Link> : '—') },
    { key: 'recipient', title: t('reports.notifications.rows.recipient'), kind: 'text', nowrap: true, render: (row) => (row.channel === 'email' ? (row.recipient ?? '—') : <PhoneText phone={row.recipient} hidden={row.phoneHidden} />) },
    { key: 'channel', title: t('reports.notifications.channel'), kind: 'text', render: (row) => t(`messaging.channels.${row.channel}`) },
    { key: 'event', title: t('reports.notifications.kind'), kind: 'text', render: (row) => t(`messaging.events.${row.event}`) },
    { key: 'status', title: t('reports.notifications.rows.status'), kind: 'text', render: (row) => statusText(row.status) },
    { key: 'branchId', title: t('reports.table.branch'), kind: 'text', render: (row) => (row.branchId ? (branchName.get(row.branchId) ?? '—') : t('reports.notifications.rows.noBranch')) },
    { key: 'error', title: t('reports.notifications.rows.error'), kind: 'text', render: (row) => row.error ?? '' }
  ]
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 1000} title={t(`reports.notifications.statuses.${status}`)} destroyOnHidden data-testid="reports-rows">
      {where && <Typography.Paragraph type="secondary">{where}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t(`reports.notifications.formulas.${status}`)}</Typography.Paragraph>
      <DrillRows
        report="notification-reports"
        query={filter && drill ? drillQuery(filter, drill) : null}
        rows={rows}
        columns={columns}
        labels={{
          channel: wordsOf(messageChannels, (channel) => t(`messaging.channels.${channel}`)),
          event: wordsOf(outboxEvents, (event) => t(`messaging.events.${event}`)),
          status: wordsOf(notificationStatuses, (value) => statusText(value as NotificationStatus)),
          branchId: Object.fromEntries(branchName)
        }}
        title={t(`reports.notifications.statuses.${status}`)}
        where={where}
      />
    </Drawer>
  )
}
