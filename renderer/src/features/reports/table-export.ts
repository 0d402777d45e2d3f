import { csvMoney, downloadText, toCsv } from './csv'
import { pdfOf } from './pdf'
import { xlsxOf, type SheetColumn } from './xlsx'

/**
 * One table to CSV, xlsx or PDF with the summary's helpers (csv.ts, xlsx.ts, pdf.ts): the same
 * columns and rows for all, money in minor units (the CSV writes major units from integers, the
 * workbook numbers with two decimals, the PDF the screen's figures in the reader's locale).
 */
export interface ExportTable {
  fileName: string
  sheetName: string
  columns: readonly SheetColumn[]
  rows: ReadonlyArray<ReadonlyArray<string | number>>
  /** The totals row; none for a table whose lines do not add up (the toppers' rankings). */
  total?: ReadonlyArray<string | number>
  /** The PDF's line under its title (the period). */
  subtitle?: string
}

/** What only the PDF needs of the screen: its language, and its footer's words. */
export interface PdfWords {
  locale: string
  pageOf: (page: number, pages: number) => string
}

export async function exportTable(kind: 'csv' | 'xlsx' | 'pdf', table: ExportTable, words: PdfWords): Promise<void> {
  if (kind === 'pdf') {
    const pdf = await pdfOf({ title: table.sheetName, subtitle: table.subtitle, columns: table.columns, rows: table.rows, total: table.total ?? null, pageOf: words.pageOf }, words.locale)
    downloadText(`${table.fileName}.pdf`, pdf)
    return
  }
  if (kind === 'xlsx') {
    downloadText(`${table.fileName}.xlsx`, await xlsxOf(table.sheetName, table.columns, table.rows, table.total ?? null))
    return
  }
  const cell = (row: ReadonlyArray<string | number>) => row.map((value, index) => (table.columns[index]?.money && typeof value === 'number' ? csvMoney(value) : value))
  downloadText(`${table.fileName}.csv`, toCsv([table.columns.map((column) => column.title), ...table.rows.map(cell), ...(table.total ? [cell(table.total)] : [])]))
}
