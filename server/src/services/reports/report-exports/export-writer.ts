import fs from 'node:fs'
import { once } from 'node:events'
import { CSV_BOM, csvLine } from '../../../../../domain/reports/csv'
import { exportCsvValue, exportValue, type ExportColumn, type ExportFormat, type ExportLabels } from '../../../../../domain/reports/report-exports'

/**
 * Writes an export's file a page of rows at a time, in the formats of the screens' own exports
 * (renderer/src/features/reports/csv.ts and xlsx.ts): CSV with a BOM, `;` and CRLF, money as
 * major units with two decimals from integers; xlsx through exceljs' streaming WorkbookWriter
 * (rows go to disk as they come, not held in memory), money cells numbers in major units with
 * `#,##0.00`, the header row bold and frozen.
 */
export interface ExportWriter {
  write(rows: ReadonlyArray<Record<string, unknown>>): Promise<void>
  /** Finishes the file; its size in bytes. */
  close(): Promise<number>
  /** Stops without a finished file (the temporary file is removed by the caller). */
  abort(): Promise<void>
}

export interface WriterSpec {
  file: string
  format: ExportFormat
  title: string
  columns: readonly ExportColumn[]
  labels: ExportLabels
  timeZone: string
}

export const EXPORT_MIME: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
}

export async function openWriter(spec: WriterSpec): Promise<ExportWriter> {
  return spec.format === 'csv' ? csvWriter(spec) : xlsxWriter(spec)
}

async function csvWriter(spec: WriterSpec): Promise<ExportWriter> {
  const stream = fs.createWriteStream(spec.file, { encoding: 'utf8' })
  const put = async (text: string) => {
    if (!stream.write(text)) await once(stream, 'drain')
  }
  await put(CSV_BOM + csvLine(spec.columns.map((column) => column.title)))
  return {
    async write(rows) {
      let chunk = ''
      for (const row of rows) chunk += csvLine(spec.columns.map((column) => exportCsvValue(row, column, spec.labels, spec.timeZone)))
      await put(chunk)
    },
    async close() {
      stream.end()
      await once(stream, 'finish')
      return (await fs.promises.stat(spec.file)).size
    },
    async abort() {
      stream.destroy()
    }
  }
}

async function xlsxWriter(spec: WriterSpec): Promise<ExportWriter> {
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: spec.file, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet(spec.title.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31) || 'Export', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = spec.columns.map((column) => ({ key: column.key, width: Math.max(12, column.title.length + 2), style: column.kind === 'money' ? { numFmt: '#,##0.00' } : {} }))
  const header = sheet.addRow(spec.columns.map((column) => column.title))
  header.font = { bold: true }
  header.commit()
  return {
    async write(rows) {
      for (const row of rows) {
        // Minor units become major units only here, for the spreadsheet's own arithmetic.
        sheet.addRow(spec.columns.map((column) => {
          const value = exportValue(row, column, spec.labels, spec.timeZone)
          return column.kind === 'money' && typeof value === 'number' ? value / 100 : value
        })).commit()
      }
    },
    async close() {
      sheet.commit()
      await workbook.commit()
      return (await fs.promises.stat(spec.file)).size
    },
    async abort() {
      // The WorkbookWriter has no abort: finishing it closes its file, which the caller removes.
      await workbook.commit().catch(() => undefined)
    }
  }
}
