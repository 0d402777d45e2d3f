import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import type { DayRange } from '../../../../domain/reports/periods'
import { periodText } from './period-text'
import type { ExportKind } from './ReportHeader'
import { exportTable, type ExportTable } from './table-export'

/**
 * A report's export buttons: `build` gives the table on screen (null while there is none; a
 * promise when it reads what the screen left out, such as a long period's day × branch cells), the
 * hook writes it as CSV, Excel or PDF and says when the Excel or PDF library is still loading.
 * `range`: the days shown, written under the PDF's title.
 */
export function useTableExport(build: () => ExportTable | null | Promise<ExportTable | null>, range?: DayRange | null) {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  // The PDF says which days it covers under its title, as the report's header does.
  const period = range ? periodText(format, range) : undefined
  const [exporting, setExporting] = useState(false)
  const run = async (kind: ExportKind) => {
    setExporting(true)
    try {
      const built = await build()
      if (!built) return
      const table = { subtitle: period, ...built }
      await exportTable(kind, table, { locale: i18n.language, pageOf: (page, pages) => t('reports.export.page', { page, pages }) })
    } finally {
      setExporting(false)
    }
  }
  return { exporting, onExport: (kind: ExportKind) => void run(kind) }
}
