import type { ReactNode } from 'react'
import { Card, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/PageHeader'
import { useFormat } from '../../i18n/format'
import type { DayRange } from '../../../../domain/reports/periods'
import { ReportsNav } from './ReportsNav'
import { ExportButtons, type ExportKind } from './ExportButtons'
import { periodText } from './period-text'

export type { ExportKind }

interface ReportHeaderProps {
  title: string
  /**
   * The report's period: its days are the subtitle, and none (null) is the "Date constraint is
   * required" warning. Left out by a report of one day (the debtors), which gives its subtitle.
   */
  range?: DayRange | null
  subtitle?: string
  /** The report has arrived: what is shown can be exported. */
  ready: boolean
  exporting: boolean
  onExport: (kind: ExportKind) => void
  /** The filters: the period, branch and doctor (ReportFilters.tsx) and the report's own. */
  children: ReactNode
}

/** What every report shows above its figures: the reports' tabs, title, period, exports and filters. */
export function ReportHeader({ title, range, subtitle, ready, exporting, onExport, children }: ReportHeaderProps) {
  const { t } = useTranslation()
  const format = useFormat()
  const period = range ? periodText(format, range) : t('reports.summary.subtitle')
  return (
    <>
      <ReportsNav />
      <PageHeader
        title={title}
        subtitle={subtitle ?? period}
        extra={<ExportButtons ready={ready} exporting={exporting} onExport={onExport} />}
      />
      <Card className="reports-filters">{children}</Card>
      {range === null && <Typography.Paragraph type="warning">{t('errors.date-constraint-required')}</Typography.Paragraph>}
    </>
  )
}
