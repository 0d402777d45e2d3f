import { useState } from 'react'
import { Card, Grid, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { lastDayOf } from '../../../../domain/reports/periods'
import { expenseFigures, type ExpenseByBranch, type ExpenseByCategory, type ExpenseDay, type ExpenseFigure, type ExpenseReport } from '../../../../server/src/services/reports/expense-reports/expense-reports.shared'
import { DayChart } from './DayChart'
import { PairChart } from './PairChart'
import { ReportHeader } from './ReportHeader'
import { useTableExport } from './useTableExport'
import { PeriodFilter, ScopeFilters } from './ReportFilters'
import { useReportPage } from './useReportPage'
import { ExpenseRowsDrawer, type ExpenseDrill, type ExpenseFilter } from './ExpenseRowsDrawer'
import type { ExportTable } from './table-export'
import './reports.css'

/**
 * /reports/expenses (issue 19): the money spent in a period per category, branch and day, with
 * the period's net (money taken − expenses − payouts to doctors) for those who may see the
 * payments and payouts reports. Every number opens its rows; each figure states its formula; the
 * day × branch × category table exports to CSV and Excel. Filters live in the address.
 */
export default function ExpenseReportsPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const phone = !Grid.useBreakpoint().md
  const { params, set, branchId, preset, range, scope, filter, report, data, failed } = useReportPage<ExpenseReport, ExpenseFilter>('expense-reports', { resource: 'expense-reports', byDoctor: false })
  const [drill, setDrill] = useState<ExpenseDrill | null>(null)
  const money = (value: number) => format.money(value, currency)
  const dayText = (day: string) => format.date(day)
  const link = (where: ExpenseDrill, value: number, testId?: string) =>
    value === 0 && !testId ? (
      <span className="reports-zero">{money(0)}</span>
    ) : (
      <Typography.Link className="reports-number" onClick={() => setDrill(where)} data-testid={testId}>
        {money(value)}
      </Typography.Link>
    )
  const figureValue = (figure: ExpenseFigure) => {
    const value = data?.totals[figure]
    if (value === null || value === undefined) return '—'
    if (figure === 'net') return <span className="reports-number reports-strong" data-testid="reports-total-net">{money(value)}</span>
    return link({ figure }, value, `reports-total-${figure}`)
  }
  const withNet = data ? data.totals.net !== null : true

  const exportCells = (): ExportTable | null => {
    if (!data || !range) return null
    return {
      fileName: `${t('reports.expenses.fileName')}-${range.from}-${lastDayOf(range)}`,
      sheetName: t('reports.expenses.title'),
      columns: [{ title: t('reports.table.day') }, { title: t('reports.table.branch') }, { title: t('reports.expenses.category') }, { title: t('reports.expenses.count') }, { title: t('reports.expenses.figures.expenses'), money: true }],
      rows: data.cells.map((cell) => [cell.day, scope.branchName.get(cell.branchId) ?? '', t(`expenses.categories.${cell.category}`), cell.count, cell.amount]),
      total: [t('reports.table.total'), '', '', data.totals.count, data.totals.expenses]
    }
  }
  const { exporting, onExport } = useTableExport(exportCells, range)

  if (failed) return failed
  const share = (amount: number) => (data && data.totals.expenses > 0 ? `${Math.round((amount * 100) / data.totals.expenses)} %` : '—')
  const amountTotal = (span: number, extra: React.ReactNode = null) =>
    data ? (
      <Table.Summary.Row className="reports-total-row">
        <Table.Summary.Cell index={0}>{t('reports.table.total')}</Table.Summary.Cell>
        <Table.Summary.Cell index={1} align="right">{data.totals.count}</Table.Summary.Cell>
        <Table.Summary.Cell index={2} align="right">{link({ figure: 'expenses' }, data.totals.expenses)}</Table.Summary.Cell>
        {span > 3 && <Table.Summary.Cell index={3} align="right">{extra}</Table.Summary.Cell>}
      </Table.Summary.Row>
    ) : null
  return (
    <>
      <ReportHeader
        title={t('reports.expenses.title')}
        range={range}
        ready={!!data}
        exporting={exporting}
        onExport={onExport}
      >
        <PeriodFilter preset={preset} params={params} set={set} />
        {/* Expenses have no doctor: the branch only. */}
        <ScopeFilters scope={{ ...scope, doctors: [] }} branchId={branchId} set={set} />
      </ReportHeader>
      <div className="reports-tiles reports-tiles-money" data-testid="reports-tiles">
        {expenseFigures.filter((figure) => withNet || figure === 'expenses').map((figure) => (
          <Card key={figure} size="small" className="reports-tile" loading={report.isLoading} data-testid={`reports-tile-${figure}`}>
            <div className="reports-tile-label">{t(`reports.expenses.figures.${figure}`)}</div>
            <div className="reports-tile-value">{data ? figureValue(figure) : '—'}</div>
            <div className="reports-formula">{t(`reports.expenses.formulas.${figure}`)}</div>
          </Card>
        ))}
      </div>
      {!withNet && <Typography.Paragraph className="reports-formula">{t('reports.expenses.noNet')}</Typography.Paragraph>}
      {data && range && (
        <Card size="small" className="reports-chart-card" title={withNet ? t('reports.expenses.chart') : t('reports.expenses.chartExpenses')}>
          {withNet ? (
            <PairChart
              range={range}
              points={data.byDay.map((day) => ({ day: day.day, first: day.expenses, second: day.payouts }))}
              names={[t('reports.expenses.figures.expenses'), t('reports.expenses.figures.payouts')]}
              label={dayText}
              money={money}
              onBar={(day, series) => setDrill({ figure: series === 0 ? 'expenses' : 'payouts', day })}
            />
          ) : (
            <DayChart range={range} values={data.byDay.map((day) => ({ day: day.day, value: day.expenses }))} label={dayText} money={money} onDay={(day) => setDrill({ figure: 'expenses', day })} />
          )}
        </Card>
      )}
      <div className="reports-breakdowns">
        <Card size="small" className="reports-table-card" title={t('reports.expenses.byCategory')}>
          <Table<ExpenseByCategory>
            rowKey="category"
            size="small"
            loading={report.isLoading}
            dataSource={data?.byCategory ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="reports-by-category"
            locale={{ emptyText: t('reports.summary.empty') }}
            columns={[
              { key: 'category', title: t('reports.expenses.category'), render: (_, entry) => t(`expenses.categories.${entry.category}`) },
              { key: 'count', title: t('reports.expenses.count'), align: 'right', render: (_, entry) => entry.count },
              { key: 'amount', title: t('reports.expenses.figures.expenses'), align: 'right', className: 'reports-nowrap', render: (_, entry) => link({ figure: 'expenses', category: entry.category }, entry.amount) },
              { key: 'share', title: t('reports.expenses.share'), align: 'right', render: (_, entry) => share(entry.amount) }
            ]}
            summary={() => ((data?.byCategory.length ?? 0) > 1 ? amountTotal(4, '100 %') : null)}
          />
        </Card>
        {scope.branchList.length > 1 && (
          <Card size="small" className="reports-table-card" title={t('reports.expenses.byBranch')}>
            <Table<ExpenseByBranch>
              rowKey="branchId"
              size="small"
              loading={report.isLoading}
              dataSource={data?.byBranch ?? []}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="reports-by-branch"
              locale={{ emptyText: t('reports.summary.empty') }}
              columns={[
                { key: 'branch', title: t('reports.table.branch'), render: (_, entry) => scope.branchName.get(entry.branchId) ?? '—' },
                { key: 'count', title: t('reports.expenses.count'), align: 'right', render: (_, entry) => entry.count },
                { key: 'amount', title: t('reports.expenses.figures.expenses'), align: 'right', className: 'reports-nowrap', render: (_, entry) => link({ figure: 'expenses', branchId: entry.branchId }, entry.amount) }
              ]}
              summary={() => ((data?.byBranch.length ?? 0) > 1 ? amountTotal(3) : null)}
            />
          </Card>
        )}
      </div>
      <Card size="small" className="reports-table-card" title={t('reports.expenses.byDay')}>
        <Table<ExpenseDay>
          rowKey="day"
          size="small"
          loading={report.isLoading}
          dataSource={data?.byDay ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="reports-table"
          locale={{ emptyText: t('reports.summary.empty') }}
          columns={[
            { key: 'day', title: t('reports.table.day'), className: 'reports-nowrap', render: (_, day) => dayText(day.day) },
            { key: 'expenses', title: t('reports.expenses.figures.expenses'), align: 'right', className: 'reports-nowrap', render: (_, day) => link({ figure: 'expenses', day: day.day }, day.expenses) },
            ...(withNet
              ? [{ key: 'payouts', title: t('reports.expenses.figures.payouts'), align: 'right' as const, className: 'reports-nowrap', render: (_: unknown, day: ExpenseDay) => link({ figure: 'payouts', day: day.day }, day.payouts) }]
              : [])
          ]}
          summary={() =>
            data && data.byDay.length > 0 ? (
              <Table.Summary.Row className="reports-total-row">
                <Table.Summary.Cell index={0}>{t('reports.table.total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">{link({ figure: 'expenses' }, data.totals.expenses)}</Table.Summary.Cell>
                {withNet && <Table.Summary.Cell index={2} align="right">{link({ figure: 'payouts' }, data.totals.payouts ?? 0)}</Table.Summary.Cell>}
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
      <ExpenseRowsDrawer filter={filter} drill={drill} onClose={() => setDrill(null)} branchName={scope.branchName} money={money} dayText={dayText} phone={phone} />
    </>
  )
}
