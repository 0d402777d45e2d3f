import { useState } from 'react'
import { Card, Grid, Table, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { lastDayOf } from '../../../../domain/reports/periods'
import { payoutFigures, type BalanceReportRow, type PayoutFigure } from '../../../../server/src/services/billing/user-balance-reports/user-balance-reports.shared'
import { ReportHeader } from './ReportHeader'
import { useTableExport } from './useTableExport'
import { PeriodFilter, ScopeFilters } from './ReportFilters'
import { PayoutRowsDrawer } from './PayoutRowsDrawer'
import { usePayoutReport, type PayoutDrill } from './usePayoutReport'
import type { ExportTable } from './table-export'
import './reports.css'

/**
 * /reports/payouts (issue 19): per doctor for a period, the balance owed before it, the base and
 * the share earned in it, what was paid out and the balance at its end (user-balance-reports,
 * the statements' own figures). Every number opens the lines behind it (the invoice lines that
 * earned the share, the payouts made); the balance opens the doctor's statement. Each figure
 * states its formula; the table exports to CSV and Excel.
 */
export default function PayoutReportsPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const phone = !Grid.useBreakpoint().md
  const { params, set, branchId, doctorId, preset, range, scope, filter, report } = usePayoutReport()
  const [drill, setDrill] = useState<PayoutDrill | null>(null)
  const money = (value: number) => format.money(value, currency)
  const dayText = (day: string) => format.date(day)
  const data = report.data
  const link = (figure: PayoutFigure, value: number, doctor?: string, testId?: string) => {
    if (figure === 'balance') {
      const text = <span className="reports-number reports-strong">{money(value)}</span>
      return doctor ? <Link to={`/people/${doctor}/balanceHistory`} data-testid={testId}>{text}</Link> : <span data-testid={testId}>{text}</span>
    }
    return value === 0 && !testId ? (
      <span className="reports-zero">{money(0)}</span>
    ) : (
      <Typography.Link className="reports-number" onClick={() => setDrill({ figure, ...(doctor ? { doctorId: doctor } : {}) })} data-testid={testId}>
        {money(value)}
      </Typography.Link>
    )
  }

  const exportDoctors = (): ExportTable | null => {
    if (!data || !range) return null
    return {
      fileName: `${t('reports.payouts.fileName')}-${range.from}-${lastDayOf(range)}`,
      sheetName: t('reports.payouts.title'),
      columns: [{ title: t('reports.rows.doctor') }, ...payoutFigures.map((figure) => ({ title: t(`reports.payouts.figures.${figure}`), money: true }))],
      rows: data.rows.map((row) => [row.name, ...payoutFigures.map((figure) => row[figure])]),
      total: [t('reports.table.total'), ...payoutFigures.map((figure) => data[figure])]
    }
  }
  const { exporting, onExport } = useTableExport(exportDoctors, range)

  if (report.error) return <FetchError error={report.error} onRetry={() => void report.refetch()} />
  return (
    <>
      <ReportHeader
        title={t('reports.payouts.title')}
        range={range}
        ready={!!data}
        exporting={exporting}
        onExport={onExport}
      >
        <PeriodFilter preset={preset} params={params} set={set} />
        <ScopeFilters scope={scope} branchId={branchId} doctorId={doctorId} set={set} />
      </ReportHeader>
      <div className="reports-tiles reports-tiles-money" data-testid="reports-tiles">
        {payoutFigures.map((figure) => (
          <Card key={figure} size="small" className="reports-tile" loading={report.isLoading} data-testid={`reports-tile-${figure}`}>
            <div className="reports-tile-label">{t(`reports.payouts.figures.${figure}`)}</div>
            <div className="reports-tile-value">{data ? link(figure, data[figure], undefined, `reports-total-${figure}`) : '—'}</div>
            <div className="reports-formula">{t(`reports.payouts.formulas.${figure}`)}</div>
          </Card>
        ))}
      </div>
      <Card size="small" className="reports-table-card" title={t('reports.payouts.byDoctor')}>
        <Table<BalanceReportRow>
          rowKey="userId"
          size="small"
          loading={report.isLoading}
          dataSource={data?.rows ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="reports-table"
          locale={{ emptyText: t('reports.summary.empty') }}
          columns={[
            { key: 'name', title: t('reports.rows.doctor'), fixed: phone ? undefined : 'left', render: (_, row) => row.name || '—' },
            ...payoutFigures.map((figure) => ({
              key: figure,
              title: t(`reports.payouts.figures.${figure}`),
              align: 'right' as const,
              className: 'reports-nowrap',
              render: (_: unknown, row: BalanceReportRow) => link(figure, row[figure], row.userId)
            }))
          ]}
          summary={() =>
            data && data.rows.length > 1 ? (
              <Table.Summary.Row className="reports-total-row">
                <Table.Summary.Cell index={0}>{t('reports.table.total')}</Table.Summary.Cell>
                {payoutFigures.map((figure, index) => (
                  <Table.Summary.Cell key={figure} index={index + 1} align="right">
                    {link(figure, data[figure])}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
      <Typography.Paragraph className="reports-formula">{t('reports.payouts.byDoctorFormula')}</Typography.Paragraph>
      <PayoutRowsDrawer filter={filter} drill={drill} onClose={() => setDrill(null)} branchName={scope.branchName} money={money} dayText={dayText} phone={phone} />
    </>
  )
}
