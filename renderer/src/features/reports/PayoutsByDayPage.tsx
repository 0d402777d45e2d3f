import { useState } from 'react'
import { Card, Grid, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { lastDayOf } from '../../../../domain/reports/periods'
import type { BalanceReportDay, PayoutRowFigure } from '../../../../server/src/services/billing/user-balance-reports/user-balance-reports.shared'
import { ReportHeader } from './ReportHeader'
import { useTableExport } from './useTableExport'
import { PeriodFilter, ScopeFilters } from './ReportFilters'
import { PairChart } from './PairChart'
import { PayoutRowsDrawer } from './PayoutRowsDrawer'
import { usePayoutReport, type PayoutDrill } from './usePayoutReport'
import type { ExportTable } from './table-export'
import './reports.css'

const dayFigures = ['base', 'share', 'paidOut'] as const

/**
 * /reports/payouts2_0 (issue 19): the payouts over time. For every day of the period, the
 * doctors' share earned against what was paid out to them, and what the clinic owes them at the
 * day's end (the balance, running from the period's opening). The same read as /reports/payouts
 * (its `days`); a day's number or bar opens that day's lines; the doctor filter narrows to one.
 */
export default function PayoutsByDayPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const phone = !Grid.useBreakpoint().md
  const { params, set, branchId, doctorId, preset, range, scope, filter, report } = usePayoutReport()
  const [drill, setDrill] = useState<PayoutDrill | null>(null)
  const money = (value: number) => format.money(value, currency)
  const dayText = (day: string) => format.date(day)
  const data = report.data
  // Days with something in them; a quiet day changes nothing (its balance is the day before's).
  const days = (data?.days ?? []).filter((day) => day.base !== 0 || day.share !== 0 || day.paidOut !== 0)
  const link = (figure: PayoutRowFigure, value: number, day?: string, testId?: string) =>
    value === 0 && !testId ? (
      <span className="reports-zero">{money(0)}</span>
    ) : (
      <Typography.Link className="reports-number" onClick={() => setDrill({ figure, ...(day ? { day } : {}) })} data-testid={testId}>
        {money(value)}
      </Typography.Link>
    )

  const exportDays = (): ExportTable | null => {
    if (!data || !range) return null
    return {
      fileName: `${t('reports.payoutsByDay.fileName')}-${range.from}-${lastDayOf(range)}`,
      sheetName: t('reports.payoutsByDay.title'),
      columns: [{ title: t('reports.table.day') }, ...dayFigures.map((figure) => ({ title: t(`reports.payouts.figures.${figure}`), money: true })), { title: t('reports.payoutsByDay.balance'), money: true }],
      rows: days.map((day) => [day.day, ...dayFigures.map((figure) => day[figure]), day.balance]),
      total: [t('reports.table.total'), ...dayFigures.map((figure) => data[figure]), data.balance]
    }
  }
  const { exporting, onExport } = useTableExport(exportDays, range)

  if (report.error) return <FetchError error={report.error} onRetry={() => void report.refetch()} />
  const tiles: Array<{ key: string; label: string; value: React.ReactNode; formula: string }> = data
    ? [
        { key: 'opening', label: t('reports.payouts.figures.opening'), value: link('opening', data.opening), formula: t('reports.payouts.formulas.opening') },
        { key: 'share', label: t('reports.payouts.figures.share'), value: link('share', data.share, undefined, 'reports-total-share'), formula: t('reports.payouts.formulas.share') },
        { key: 'paidOut', label: t('reports.payouts.figures.paidOut'), value: link('paidOut', data.paidOut, undefined, 'reports-total-paidOut'), formula: t('reports.payouts.formulas.paidOut') },
        { key: 'balance', label: t('reports.payouts.figures.balance'), value: <span className="reports-number reports-strong">{money(data.balance)}</span>, formula: t('reports.payouts.formulas.balance') }
      ]
    : []
  return (
    <>
      <ReportHeader
        title={t('reports.payoutsByDay.title')}
        range={range}
        ready={!!data}
        exporting={exporting}
        onExport={onExport}
      >
        <PeriodFilter preset={preset} params={params} set={set} />
        <ScopeFilters scope={scope} branchId={branchId} doctorId={doctorId} set={set} />
      </ReportHeader>
      <div className="reports-tiles reports-tiles-money" data-testid="reports-tiles">
        {report.isLoading && <Card size="small" className="reports-tile" loading />}
        {tiles.map((tile) => (
          <Card key={tile.key} size="small" className="reports-tile" data-testid={`reports-tile-${tile.key}`}>
            <div className="reports-tile-label">{tile.label}</div>
            <div className="reports-tile-value">{tile.value}</div>
            <div className="reports-formula">{tile.formula}</div>
          </Card>
        ))}
      </div>
      {data && range && (
        <Card size="small" className="reports-chart-card" title={t('reports.payoutsByDay.chart')}>
          <PairChart
            range={range}
            points={data.days.map((day) => ({ day: day.day, first: day.share, second: day.paidOut }))}
            names={[t('reports.payouts.figures.share'), t('reports.payouts.figures.paidOut')]}
            label={dayText}
            money={money}
            onBar={(day, series) => setDrill({ figure: series === 0 ? 'share' : 'paidOut', day })}
          />
        </Card>
      )}
      <Card size="small" className="reports-table-card" title={t('reports.payoutsByDay.byDay')}>
        <Table<BalanceReportDay>
          rowKey="day"
          size="small"
          loading={report.isLoading}
          dataSource={days}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="reports-table"
          locale={{ emptyText: t('reports.summary.empty') }}
          columns={[
            { key: 'day', title: t('reports.table.day'), fixed: phone ? undefined : 'left', className: 'reports-nowrap', render: (_, day) => dayText(day.day) },
            ...dayFigures.map((figure) => ({
              key: figure,
              title: t(`reports.payouts.figures.${figure}`),
              align: 'right' as const,
              className: 'reports-nowrap',
              render: (_: unknown, day: BalanceReportDay) => link(figure, day[figure], day.day)
            })),
            { key: 'balance', title: t('reports.payoutsByDay.balance'), align: 'right', className: 'reports-nowrap', render: (_, day) => <span className="reports-number">{money(day.balance)}</span> }
          ]}
          summary={() =>
            data && days.length > 0 ? (
              <Table.Summary.Row className="reports-total-row">
                <Table.Summary.Cell index={0}>{t('reports.table.total')}</Table.Summary.Cell>
                {dayFigures.map((figure, index) => (
                  <Table.Summary.Cell key={figure} index={index + 1} align="right">
                    {link(figure, data[figure])}
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={4} align="right">{money(data.balance)}</Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
      <Typography.Paragraph className="reports-formula">{t('reports.payoutsByDay.note')}</Typography.Paragraph>
      <PayoutRowsDrawer filter={filter} drill={drill} onClose={() => setDrill(null)} branchName={scope.branchName} money={money} dayText={dayText} phone={phone} />
    </>
  )
}
