import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Card, Table, Tabs, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import { lastDayOf, type DayRange } from '../../../../domain/reports/periods'
import type { AppointmentReport } from '../../../../server/src/services/reports/appointment-reports/appointment-reports.shared'
import { loadPercent } from '../../../../domain/reports/load'
import type { AppointmentDrill } from './useAppointmentReports'
import { ExportButtons } from './ExportButtons'
import { TopBars } from './TopBars'
import { useTableExport } from './useTableExport'
import { loadTables, loadKinds, type LoadGrouping, type LoadKind, type LoadTableLine } from './load-lines'

const groupings: LoadGrouping[] = ['byDoctor', 'byChair', 'byBranch']

/**
 * The appointments report's load section (issue 19): doctors' and chairs' load in total with
 * their formulas, then per doctor, chair or branch as bars and a table whose every minute opens
 * the rows behind it (the appointments booked, the hours available). The table shown exports to
 * CSV and Excel. `chosen` (the director's home links with `figure=load`) brings it into view.
 */
export function AppointmentLoad({ data, loading, range, branchName, chosen, onDrill }: {
  data: AppointmentReport | undefined
  loading: boolean
  range: DayRange | null
  branchName: Map<string, string>
  chosen: boolean
  onDrill: (drill: AppointmentDrill) => void
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const [grouping, setGrouping] = useState<LoadGrouping>('byDoctor')
  const section = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (chosen && data) section.current?.scrollIntoView?.({ block: 'start' })
  }, [chosen, data])
  const tables = data ? loadTables(data, branchName) : null
  const percent = (value: number | null) => (value === null ? '—' : `${format.number(value)} %`)
  const title = (kind: LoadKind, part: 'booked' | 'available' | 'load') => t(`reports.appointments.figures.${loadKinds[kind][part]}`)
  const minutesLink = (kind: LoadKind, part: 'booked' | 'available', value: number, line: LoadTableLine | null, testId: string) =>
    value === 0 ? (
      <span className="reports-zero" data-testid={testId}>{format.number(0)}</span>
    ) : (
      <Typography.Link className="reports-number" onClick={() => onDrill({ figure: loadKinds[kind][part], ...(line?.narrowing ?? {}), where: line?.name })} data-testid={testId}>
        {format.number(value)}
      </Typography.Link>
    )
  const lineName = (line: LoadTableLine) => line.name || '—'

  const { exporting, onExport } = useTableExport(() => {
    if (!tables || !range) return null
    const table = tables[grouping]
    const kinds = table.kinds
    const cells = (minutes: LoadTableLine['minutes']) => kinds.flatMap((kind) => [minutes[kind]?.booked ?? 0, minutes[kind]?.available ?? 0, loadPercent(minutes[kind]?.booked ?? 0, minutes[kind]?.available ?? 0) ?? ''])
    return {
      fileName: `${t('reports.appointments.load.fileName')}-${range.from}-${lastDayOf(range)}`,
      sheetName: t('reports.appointments.load.title'),
      columns: [{ title: t(`reports.appointments.tables.${table.nameColumn}`) }, ...kinds.flatMap((kind) => (['booked', 'available', 'load'] as const).map((part) => ({ title: title(kind, part) })))],
      rows: table.lines.map((line) => [lineName(line), ...cells(line.minutes)]),
      total: [t('reports.table.total'), ...cells(table.totals)]
    }
  }, range)

  const loadTable = (kind: LoadGrouping) => {
    const table = tables?.[kind]
    const columns = (table?.kinds ?? []).flatMap((part) => [
      { key: `${part}-booked`, title: title(part, 'booked'), align: 'right' as const, className: 'reports-nowrap', render: (_: unknown, line: LoadTableLine) => minutesLink(part, 'booked', line.minutes[part]?.booked ?? 0, line, `load-cell-${part}-booked`) },
      { key: `${part}-available`, title: title(part, 'available'), align: 'right' as const, className: 'reports-nowrap', render: (_: unknown, line: LoadTableLine) => minutesLink(part, 'available', line.minutes[part]?.available ?? 0, line, `load-cell-${part}-available`) },
      { key: `${part}-load`, title: title(part, 'load'), align: 'right' as const, className: 'reports-nowrap reports-strong', render: (_: unknown, line: LoadTableLine) => percent(loadPercent(line.minutes[part]?.booked ?? 0, line.minutes[part]?.available ?? 0)) }
    ])
    return (
      <>
        {table && table.lines.length > 0 && (
          <div className="reports-toppers">
            {table.kinds.map((part) => (
              <div key={part}>
                {table.kinds.length > 1 && <Typography.Text type="secondary">{title(part, 'load')}</Typography.Text>}
                <TopBars
                  testId={`load-bars-${kind}-${part}`}
                  bars={table.lines.map((line) => {
                    const value = loadPercent(line.minutes[part]?.booked ?? 0, line.minutes[part]?.available ?? 0)
                    return { key: line.key, label: lineName(line), value: value ?? 0, text: percent(value) }
                  })}
                  onBar={(key) => {
                    const line = table.lines.find((entry) => entry.key === key)!
                    onDrill({ figure: loadKinds[part].booked, ...line.narrowing, where: lineName(line) })
                  }}
                />
              </div>
            ))}
          </div>
        )}
        <Table<LoadTableLine>
          rowKey="key"
          size="small"
          loading={loading}
          dataSource={table?.lines ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid={`load-table-${kind}`}
          locale={{ emptyText: t('reports.appointments.load.empty') }}
          columns={[{ key: 'name', title: t(`reports.appointments.tables.${table?.nameColumn ?? 'doctor'}`), render: (_: unknown, line: LoadTableLine) => lineName(line) }, ...columns]}
          summary={() =>
            table && table.lines.length > 0 ? (
              <Table.Summary.Row className="reports-total-row">
                <Table.Summary.Cell index={0}>{t('reports.table.total')}</Table.Summary.Cell>
                {table.kinds.flatMap((part, index) => [
                  <Table.Summary.Cell key={`${part}-booked`} index={index * 3 + 1} align="right">{format.number(table.totals[part]?.booked ?? 0)}</Table.Summary.Cell>,
                  <Table.Summary.Cell key={`${part}-available`} index={index * 3 + 2} align="right">{format.number(table.totals[part]?.available ?? 0)}</Table.Summary.Cell>,
                  <Table.Summary.Cell key={`${part}-load`} index={index * 3 + 3} align="right">{percent(loadPercent(table.totals[part]?.booked ?? 0, table.totals[part]?.available ?? 0))}</Table.Summary.Cell>
                ])}
              </Table.Summary.Row>
            ) : null
          }
        />
        {kind === 'byBranch' && <Typography.Paragraph type="secondary" className="reports-formula">{t('reports.appointments.load.twoBranches')}</Typography.Paragraph>}
      </>
    )
  }

  const total = (kind: LoadKind): ReactNode => {
    const minutes = tables?.byBranch.totals[kind] ?? { booked: 0, available: 0 }
    const parts = loadKinds[kind]
    return (
      <div className="reports-load-total" data-testid={`load-total-${kind}`}>
        <div className="reports-tile-label">{title(kind, 'load')}</div>
        <div className="reports-tile-value" data-testid={`load-total-${kind}-value`}>{data ? percent(loadPercent(minutes.booked, minutes.available)) : '—'}</div>
        {data && (
          <div className="reports-methods">
            <span>{title(kind, 'booked')}: {minutesLink(kind, 'booked', minutes.booked, null, `load-total-${kind}-booked`)}</span>
            <span>{title(kind, 'available')}: {minutesLink(kind, 'available', minutes.available, null, `load-total-${kind}-available`)}</span>
          </div>
        )}
        <div className="reports-formula">{t(`reports.appointments.formulas.${parts.load}`)}</div>
        <div className="reports-formula reports-formula-parts">
          <div>{title(kind, 'booked')}: {t(`reports.appointments.formulas.${parts.booked}`)}</div>
          <div>{title(kind, 'available')}: {t(`reports.appointments.formulas.${parts.available}`)}</div>
        </div>
      </div>
    )
  }

  return (
    <div ref={section} className="reports-load">
      <Card
        size="small"
        className={chosen ? 'reports-table-card reports-tile-chosen' : 'reports-table-card'}
        title={t('reports.appointments.load.title')}
        extra={<ExportButtons ready={!!data && !!range} exporting={exporting} onExport={onExport} testId="load-export" />}
        loading={loading && !data}
        data-testid="appointments-load"
      >
        <div className="reports-load-totals">
          {total('doctors')}
          {total('chairs')}
        </div>
        <Tabs
          activeKey={grouping}
          onChange={(key) => setGrouping(key as LoadGrouping)}
          data-testid="load-groupings"
          items={groupings.map((kind) => ({ key: kind, label: t(`reports.appointments.tables.${kind}`), children: loadTable(kind) }))}
        />
      </Card>
    </div>
  )
}
