import { useState } from 'react'
import { Card, DatePicker, Drawer, Grid, Table, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { client } from '../../api/client'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { isLocalDay } from '../../../../domain/reports/periods'
import {
  ageingBuckets, type AgedDebt, type AgeingBucket, type BalanceReport, type BalanceReportRows, type DebtByPatient, type DebtReportRow, type PrepaidReportRow
} from '../../../../server/src/services/reports/balance-reports/balance-reports.shared'
import { DrillRows, type RowsRead } from './DrillRows'
import type { DrillColumn } from './drill-columns'
import { ReportHeader } from './ReportHeader'
import { useTableExport } from './useTableExport'
import { ScopeFilters } from './ReportFilters'
import { useReportPage } from './useReportPage'
import type { ExportTable } from './table-export'
import './reports.css'

const DAY = 'YYYY-MM-DD'

interface DebtorsFilter {
  asOf: string
  branchId?: string
  doctorId?: string
}

/** One number: the invoices of a bucket, a branch or a patient (or all), or the prepaid balances. */
type Drill = { figure: 'debt'; bucket?: AgeingBucket; branchId?: string; customerId?: string; name?: string } | { figure: 'prepaid' }

/**
 * /reports/payments2_0 (issue 19): the debtors report, for a finance manager. What patients owe
 * as of the end of a day (today unless another is chosen), aged by the invoices' issue days
 * (0–30, 31–60, 61–90, over 90 days), in total, per branch and per patient (largest first); and
 * the prepaid balances the clinic holds for patients. Every number opens its invoices (or the
 * patients holding money); each figure states its formula. Its own page rather than a part of
 * the payments report: it answers "who owes us, and how long" as of one day, not "what came in"
 * over a period (docs/decisions/reports.md).
 */
/** The day asked for (`asOf`): a real day up to today, today otherwise. */
function asOfIn(params: URLSearchParams, today: string): string {
  const chosen = params.get('asOf')
  return isLocalDay(chosen) && chosen <= today ? chosen : today
}

export default function DebtorsPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const phone = !Grid.useBreakpoint().md
  const { params, set, branchId, doctorId, today, scope, filter, report, failed } = useReportPage<BalanceReport, DebtorsFilter>('balance-reports', {
    resource: 'balance-reports',
    withoutPeriod: true,
    own: (params, today) => ({ asOf: asOfIn(params, today) }),
    money: true
  })
  const asOf = asOfIn(params, today)
  const [drill, setDrill] = useState<Drill | null>(null)
  const money = (value: number) => format.money(value, currency)
  const link = (value: number, target: Drill, testId?: string) =>
    value === 0 && !testId ? (
      <span className="reports-zero">{money(0)}</span>
    ) : (
      <Typography.Link className="reports-number" onClick={() => setDrill(target)} data-testid={testId}>
        {money(value)}
      </Typography.Link>
    )
  const bucketTitle = (bucket: AgeingBucket) => t(`reports.debtors.buckets.${bucket}`)
  const agedColumns = <T extends AgedDebt>(where: (entry: T) => Omit<Extract<Drill, { figure: 'debt' }>, 'figure' | 'bucket'>) => [
    ...ageingBuckets.map((bucket) => ({
      key: bucket,
      title: bucketTitle(bucket),
      align: 'right' as const,
      className: 'reports-nowrap',
      render: (_: unknown, entry: T) => link(entry[bucket], { figure: 'debt', bucket, ...where(entry) })
    })),
    { key: 'debt', title: t('reports.debtors.total'), align: 'right' as const, className: 'reports-nowrap reports-strong', render: (_: unknown, entry: T) => link(entry.debt, { figure: 'debt', ...where(entry) }) }
  ]

  const data = report.data
  const exportPatients = (): ExportTable | null => {
    if (!data) return null
    return {
      fileName: `${t('reports.debtors.fileName')}-${asOf}`,
      sheetName: t('reports.debtors.title'),
      columns: [{ title: t('reports.rows.patient') }, ...ageingBuckets.map((bucket) => ({ title: bucketTitle(bucket), money: true })), { title: t('reports.debtors.total'), money: true }],
      rows: data.patients.map((patient) => [patient.name, ...ageingBuckets.map((bucket) => patient[bucket]), patient.debt]),
      total: [t('reports.table.total'), ...ageingBuckets.map((bucket) => data.totals[bucket]), data.totals.debt]
    }
  }
  const { exporting, onExport } = useTableExport(exportPatients)

  if (failed) return failed
  const totalRow = (
    <Table.Summary.Row className="reports-total-row">
      <Table.Summary.Cell index={0}>{t('reports.table.total')}</Table.Summary.Cell>
      {[...ageingBuckets, 'debt' as const].map((key, index) => (
        <Table.Summary.Cell key={key} index={index + 1} align="right">
          {data ? link(data.totals[key], key === 'debt' ? { figure: 'debt' } : { figure: 'debt', bucket: key }) : null}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  )
  return (
    <>
      <ReportHeader
        title={t('reports.debtors.title')}
        subtitle={t('reports.debtors.asOfDay', { day: format.date(asOf) })}
        ready={!!data}
        exporting={exporting}
        onExport={onExport}
      >
        <DatePicker
          value={dayjs(asOf)}
          onChange={(next) => set({ asOf: next && next.format(DAY) !== today ? next.format(DAY) : undefined })}
          disabledDate={(day) => day.format(DAY) > today}
          allowClear={false}
          format="DD.MM.YYYY"
          aria-label={t('reports.debtors.asOf')}
          data-testid="reports-as-of"
        />
        <ScopeFilters scope={scope} branchId={branchId} doctorId={doctorId} set={set} />
      </ReportHeader>
      <div className="reports-tiles reports-tiles-compact" data-testid="reports-tiles">
        <Card size="small" className="reports-tile" loading={report.isLoading} data-testid="reports-tile-debt">
          <div className="reports-tile-label">{t('reports.debtors.total')}</div>
          <div className="reports-tile-value">{data ? link(data.totals.debt, { figure: 'debt' }, 'reports-total-debt') : '—'}</div>
          {data && <div className="reports-methods">{t('reports.debtors.counts', { patients: data.totals.patients, invoices: data.totals.invoices })}</div>}
        </Card>
        {ageingBuckets.map((bucket) => (
          <Card key={bucket} size="small" className="reports-tile" loading={report.isLoading} data-testid={`reports-tile-${bucket}`}>
            <div className="reports-tile-label">{bucketTitle(bucket)}</div>
            <div className="reports-tile-value">{data ? link(data.totals[bucket], { figure: 'debt', bucket }, `reports-total-${bucket}`) : '—'}</div>
            {data && data.totals.debt > 0 && <div className="reports-methods">{t('reports.debtors.share', { percent: format.number(Math.round((data.totals[bucket] * 100) / data.totals.debt)) })}</div>}
          </Card>
        ))}
        <Card size="small" className="reports-tile" loading={report.isLoading} data-testid="reports-tile-prepaid">
          <div className="reports-tile-label">{t('reports.debtors.prepaid')}</div>
          <div className="reports-tile-value">{data ? (data.prepaid ? link(data.prepaid.sum, { figure: 'prepaid' }, 'reports-total-prepaid') : '—') : '—'}</div>
          {data?.prepaid && <div className="reports-methods">{t('reports.debtors.patients', { count: data.prepaid.patients })}</div>}
        </Card>
      </div>
      <div className="reports-formulas" data-testid="reports-formulas">
        <div><strong>{t('reports.debtors.total')}:</strong> {t('reports.debtors.formulas.debt')}</div>
        <div><strong>{t('reports.debtors.ageTitle')}:</strong> {t('reports.debtors.formulas.age')}</div>
        <div><strong>{t('reports.debtors.prepaid')}:</strong> {t('reports.debtors.formulas.prepaid')}{data && !data.prepaid ? ` ${t('reports.debtors.prepaidCompanyOnly')}` : ''}</div>
      </div>
      {scope.branchList.length > 1 && (
        <Card size="small" className="reports-table-card" title={t('reports.debtors.byBranch')}>
          <Table
            rowKey="branchId"
            size="small"
            loading={report.isLoading}
            dataSource={data?.byBranch ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="reports-by-branch"
            locale={{ emptyText: t('reports.debtors.empty') }}
            columns={[{ key: 'branch', title: t('reports.table.branch'), render: (_, entry) => scope.branchName.get(entry.branchId) ?? '—' }, ...agedColumns<BalanceReport['byBranch'][number]>((entry) => ({ branchId: entry.branchId }))]}
            summary={() => ((data?.byBranch.length ?? 0) > 1 ? totalRow : null)}
          />
        </Card>
      )}
      <Card size="small" className="reports-table-card" title={t('reports.debtors.byPatient')}>
        {data && data.patientsTotal > data.patients.length && <Typography.Paragraph type="secondary">{t('reports.rows.shown', { shown: data.patients.length })}</Typography.Paragraph>}
        <Table<DebtByPatient>
          rowKey="customerId"
          size="small"
          loading={report.isLoading}
          dataSource={data?.patients ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 'max-content' }}
          data-testid="reports-by-patient"
          locale={{ emptyText: t('reports.debtors.empty') }}
          columns={[
            { key: 'patient', title: t('reports.rows.patient'), fixed: phone ? undefined : 'left', render: (_, entry) => <Link to={`/customer/${entry.customerId}/billing`}>{entry.name || '—'}</Link> },
            ...agedColumns<DebtByPatient>((entry) => ({ customerId: entry.customerId, name: entry.name }))
          ]}
          summary={() => ((data?.patients.length ?? 0) > 1 ? totalRow : null)}
        />
      </Card>
      <DebtRowsDrawer filter={filter ?? { asOf }} drill={drill} onClose={() => setDrill(null)} branchName={scope.branchName} money={money} phone={phone} bucketTitle={bucketTitle} />
    </>
  )
}

function DebtRowsDrawer({ filter, drill, onClose, branchName, money, phone, bucketTitle }: {
  filter: DebtorsFilter
  drill: Drill | null
  onClose: () => void
  branchName: Map<string, string>
  money: (value: number) => string
  phone: boolean
  bucketTitle: (bucket: AgeingBucket) => string
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const narrow = drill?.figure === 'debt' ? { ...(drill.bucket ? { bucket: drill.bucket } : {}), ...(drill.branchId ? { branchId: drill.branchId } : {}), ...(drill.customerId ? { customerId: drill.customerId } : {}) } : {}
  const query = drill ? { ...filter, ...narrow, $rows: drill.figure } : null
  const rows = useQuery({
    queryKey: ['balance-reports', 'find', filter, drill],
    queryFn: () => client.service('balance-reports').find({ query: query! }) as Promise<BalanceReportRows>,
    enabled: query !== null
  })
  const debt = drill?.figure !== 'prepaid'
  const where = drill?.figure === 'debt' ? [drill.bucket ? bucketTitle(drill.bucket) : null, drill.branchId ? branchName.get(drill.branchId) : null, drill.name ?? null].filter(Boolean).join(' · ') : ''
  const title = debt ? t('reports.debtors.total') : t('reports.debtors.prepaid')
  // One list for the table and the export of every row (DrillRows): the file gets the same columns.
  const debtColumns: Array<DrillColumn<DebtReportRow>> = [
    { key: 'number', title: t('reports.rows.invoice'), kind: 'text', nowrap: true, render: (row) => row.number },
    { key: 'issuedOn', title: t('reports.debtors.issued'), kind: 'date', nowrap: true, render: (row) => format.date(row.issuedOn) },
    { key: 'age', title: t('reports.debtors.age'), kind: 'number', align: 'right', render: (row) => format.number(row.age) },
    { key: 'customerName', title: t('reports.rows.patient'), kind: 'text', render: (row) => <Link to={`/customer/${row.customerId}/billing`}>{row.customerName || '—'}</Link> },
    { key: 'doctorName', title: t('reports.rows.doctor'), kind: 'text', render: (row) => row.doctorName || '—' },
    { key: 'branchId', title: t('reports.table.branch'), kind: 'text', render: (row) => branchName.get(row.branchId) ?? '—' },
    { key: 'dueDate', title: t('reports.debtors.dueDate'), kind: 'date', nowrap: true, render: (row) => (row.dueDate ? format.date(row.dueDate) : '—') },
    { key: 'total', title: t('reports.debtors.invoiceTotal'), kind: 'money', align: 'right', nowrap: true, render: (row) => money(row.total) },
    { key: 'paid', title: t('reports.debtors.paid'), kind: 'money', align: 'right', nowrap: true, render: (row) => money(row.paid) },
    { key: 'value', title: t('reports.debtors.left'), kind: 'money', align: 'right', nowrap: true, strong: true, render: (row) => money(row.value) }
  ]
  const prepaidColumns: Array<DrillColumn<PrepaidReportRow>> = [
    { key: 'customerName', title: t('reports.rows.patient'), kind: 'text', render: (row) => <Link to={`/customer/${row.customerId}/transactions`}>{row.customerName || '—'}</Link> },
    { key: 'lastMovement', title: t('reports.debtors.lastMovement'), kind: 'date', nowrap: true, render: (row) => format.date(row.lastMovement) },
    { key: 'value', title: t('reports.debtors.balance'), kind: 'money', align: 'right', nowrap: true, strong: true, render: (row) => money(row.value) }
  ]
  const body = { report: 'balance-reports', query, labels: { branchId: Object.fromEntries(branchName) }, sum: money, title, where } as const
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 960} title={title} destroyOnHidden data-testid="reports-rows">
      <Typography.Paragraph type="secondary">{[t('reports.debtors.asOfDay', { day: format.date(filter.asOf) }), where].filter(Boolean).join(' · ')}</Typography.Paragraph>
      <Typography.Paragraph className="reports-formula">{debt ? t('reports.debtors.formulas.debt') : t('reports.debtors.formulas.prepaid')}</Typography.Paragraph>
      {debt ? <DrillRows {...body} rows={rows as RowsRead<DebtReportRow>} columns={debtColumns} /> : <DrillRows {...body} rows={rows as RowsRead<PrepaidReportRow>} columns={prepaidColumns} />}
    </Drawer>
  )
}
