import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'

/** Above a drill-down's rows: their sum (when the figure has one), how many, and how many are shown. */
export function RowsSum({ sum, total, shown }: { sum?: string; total: number; shown: number }) {
  const { t } = useTranslation()
  return (
    <Typography.Paragraph strong data-testid="reports-rows-sum">
      {sum !== undefined && `${t('reports.rows.sum')}: ${sum} · `}
      {t('reports.rows.count', { count: total })}
      {total > shown && ` · ${t('reports.rows.shown', { shown })}`}
    </Typography.Paragraph>
  )
}
