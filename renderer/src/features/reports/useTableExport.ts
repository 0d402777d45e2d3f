import { useState } from 'react'
import type { ExportKind } from './ReportHeader'
import { exportTable, type ExportTable } from './table-export'

/**
 * A report's export buttons: `build` gives the table on screen (null while there is none), the
 * hook writes it as CSV or Excel and says when the Excel library is still loading.
 */
export function useTableExport(build: () => ExportTable | null) {
  const [exporting, setExporting] = useState(false)
  const run = async (kind: ExportKind) => {
    const table = build()
    if (!table) return
    setExporting(true)
    try {
      await exportTable(kind, table)
    } finally {
      setExporting(false)
    }
  }
  return { exporting, onExport: (kind: ExportKind) => void run(kind) }
}
