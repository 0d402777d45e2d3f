import { useState } from 'react'
import { Card, Drawer, Grid, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { client } from '../../api/client'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { lastDayOf } from '../../../../domain/reports/periods'
import { topperListOf, topperLists, type TopperFigure, type TopperList, type TopperRow, type TopperRows, type Toppers } from '../../../../server/src/services/reports/toppers/toppers.shared'
import { DrillRows } from './DrillRows'
import type { DrillColumn } from './drill-columns'
import { ReportHeader } from './ReportHeader'
import { useTableExport } from './useTableExport'
import { PeriodFilter, ScopeFilters } from './ReportFilters'
import { useReportPage } from './useReportPage'
import { TopBars } from './TopBars'
import { isMoneyFigure, toppersTable } from './service-report-view'
import type { ExportTable } from './table-export'
import './reports.css'

interface ToppersFilter {
  from: string
  to: string
  branchId?: string
}

/** One number of the toppers: a list's entry (a doctor, a service or a source). */
interface Drill {
  list: TopperList
  key: string
  name: string
}

/**
 * /reports/toppers (issue 19): for a period and branch, the ten best doctors (by revenue billed
 * and by visits), services (by revenue and by times done) and patients' sources (by new
 * patients and by revenue), each a ranking of bars whose every number opens its rows; each list
 * states its formula; the six lists export to CSV and Excel as one table.
 */
export default function ToppersPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const phone = !Grid.useBreakpoint().md
  const { params, set, branchId, preset, range, scope, filter, report, failed } = useReportPage<Toppers, ToppersFilter>('toppers', { resource: 'toppers', byDoctor: false, money: true })
  const [drill, setDrill] = useState<Drill | null>(null)
  const money = (value: number) => format.money(value, currency)
  const valueText = (figure: TopperFigure, value: number) => (isMoneyFigure(figure) ? money(value) : format.number(value))
  const nameOf = (list: TopperList, name: string) => name || t(`reports.toppers.none.${topperListOf[list].grain}`)
  const data = report.data

  const exportLists = (): ExportTable | null => {
    if (!data || !range) return null
    return {
      fileName: `${t('reports.toppers.fileName')}-${range.from}-${lastDayOf(range)}`,
      sheetName: t('reports.toppers.title'),
      columns: [{ title: t('reports.toppers.list') }, { title: t('reports.toppers.rank') }, { title: t('reports.toppers.name') }, { title: t('reports.toppers.amount'), money: true }, { title: t('reports.toppers.count') }],
      rows: toppersTable(data.lists, (list) => t(`reports.toppers.lists.${list}`), nameOf)
    }
  }
  const { exporting, onExport } = useTableExport(exportLists, range)

  if (failed) return failed
  return (
    <>
      <ReportHeader
        title={t('reports.toppers.title')}
        range={range}
        ready={!!data}
        exporting={exporting}
        onExport={onExport}
      >
        <PeriodFilter preset={preset} params={params} set={set} />
        {/* Per branch only: with one doctor the doctors' lists would rank them alone. */}
        <ScopeFilters scope={{ ...scope, seesAll: false }} branchId={branchId} set={set} />
      </ReportHeader>
      <div className="reports-toppers">
        {topperLists.map((list) => {
          const { figure } = topperListOf[list]
          const entries = data?.lists[list] ?? []
          return (
            <Card key={list} size="small" title={t(`reports.toppers.lists.${list}`)} loading={report.isLoading} data-testid={`reports-toppers-${list}`}>
              {entries.length === 0 ? (
                <Typography.Text type="secondary">{t('reports.summary.empty')}</Typography.Text>
              ) : (
                <TopBars
                  testId={`reports-top-${list}`}
                  bars={entries.map((entry) => ({ key: entry.key, label: nameOf(list, entry.name), value: entry.value, text: valueText(figure, entry.value) }))}
                  onBar={(key) => setDrill({ list, key, name: nameOf(list, entries.find((entry) => entry.key === key)?.name ?? '') })}
                />
              )}
              <div className="reports-formula reports-formula-parts">{t(`reports.toppers.formulas.${figure}`)}</div>
            </Card>
          )
        })}
      </div>
      <TopperRowsDrawer filter={filter} drill={drill} onClose={() => setDrill(null)} branchName={scope.branchName} valueText={valueText} phone={phone} />
    </>
  )
}

function TopperRowsDrawer({ filter, drill, onClose, branchName, valueText, phone }: {
  filter: ToppersFilter | null
  drill: Drill | null
  onClose: () => void
  branchName: Map<string, string>
  valueText: (figure: TopperFigure, value: number) => string
  phone: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const query = filter && drill ? { ...filter, $rows: topperListOf[drill.list].figure, [`${topperListOf[drill.list].grain}Id`]: drill.key } : null
  const rows = useQuery({
    queryKey: ['toppers', 'find', filter, drill],
    queryFn: () => client.service('toppers').find({ query: query! }) as Promise<TopperRows>,
    enabled: query !== null
  })
  const figure = drill ? topperListOf[drill.list].figure : 'revenue'
  const visits = figure === 'visits' || figure === 'newPatients'
  const title = drill ? t(`reports.toppers.lists.${drill.list}`) : ''
  // One list for the table and the export of every row (DrillRows): the file gets the same columns.
  const columns: Array<DrillColumn<TopperRow>> = [
    { key: 'day', title: t('reports.table.day'), kind: 'date', nowrap: true, render: (row) => format.date(row.day) },
    { key: 'customerName', title: t('reports.rows.patient'), kind: 'text', render: (row) => <Link to={`/customer/${row.customerId}`}>{row.customerName || '—'}</Link> },
    { key: 'doctorName', title: t('reports.rows.doctor'), kind: 'text', render: (row) => row.doctorName || '—' },
    { key: 'label', title: t(visits ? 'reports.toppers.time' : 'reports.services.service'), kind: 'text', render: (row) => row.label || '—' },
    { key: 'branchId', title: t('reports.table.branch'), kind: 'text', render: (row) => branchName.get(row.branchId) ?? '—' },
    { key: 'value', title: t(isMoneyFigure(figure) ? 'reports.rows.value' : 'reports.services.quantity'), kind: isMoneyFigure(figure) ? 'money' : 'number', align: 'right', nowrap: true, render: (row) => valueText(figure, row.value) }
  ]
  return (
    <Drawer open={drill !== null} onClose={onClose} width={phone ? '100%' : 900} title={title} destroyOnHidden data-testid="reports-rows">
      {drill && <Typography.Paragraph type="secondary">{drill.name}</Typography.Paragraph>}
      <Typography.Paragraph className="reports-formula">{t(`reports.toppers.formulas.${figure}`)}</Typography.Paragraph>
      <DrillRows
        report="toppers"
        query={query}
        rows={rows}
        columns={columns}
        labels={{ branchId: Object.fromEntries(branchName) }}
        sum={(value) => valueText(figure, value)}
        title={title}
        where={drill?.name}
      />
    </Drawer>
  )
}
