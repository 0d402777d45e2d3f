import { Button } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'

export type ExportKind = 'csv' | 'xlsx' | 'pdf'

/** A table's CSV, Excel and PDF buttons (a report's header; a section with a table of its own). */
export function ExportButtons({ ready, exporting, onExport, testId = 'reports-export' }: {
  /** What is shown has arrived and can be exported. */
  ready: boolean
  exporting: boolean
  onExport: (kind: ExportKind) => void
  /** `<testId>-csv`, `<testId>-xlsx`, `<testId>-pdf`. */
  testId?: string
}) {
  const { t } = useTranslation()
  return (
    <div className="reports-exports">
      <Button icon={<DownloadOutlined />} onClick={() => onExport('csv')} disabled={!ready} data-testid={`${testId}-csv`}>
        {t('reports.export.csv')}
      </Button>
      <Button icon={<DownloadOutlined />} onClick={() => onExport('xlsx')} loading={exporting} disabled={!ready} data-testid={`${testId}-xlsx`}>
        {t('reports.export.xlsx')}
      </Button>
      <Button icon={<DownloadOutlined />} onClick={() => onExport('pdf')} loading={exporting} disabled={!ready} data-testid={`${testId}-pdf`}>
        {t('reports.export.pdf')}
      </Button>
    </div>
  )
}
