import { csvMoney, downloadText, toCsv } from './csv'
import { xlsxOf, type SheetColumn } from './xlsx'

/**
 * One table to CSV or xlsx with the summary's helpers (csv.ts, xlsx.ts): the same columns and
 * rows for both, money in minor units (the CSV writes major units from integers, the workbook
 * numbers with two decimals).
 */
export interface ExportTable {
  fileName: string
  sheetName: string
  columns: readonly SheetColumn[]
  rows: ReadonlyArray<ReadonlyArray<string | number>>
  /** The totals row; none for a table whose lines do not add up (the toppers' rankings). */
  total?: ReadonlyArray<string | number>
}

export async function exportTable(kind: 'csv' | 'xlsx', table: ExportTable): Promise<void> {
  if (kind === 'xlsx') {
    downloadText(`${table.fileName}.xlsx`, await xlsxOf(table.sheetName, table.columns, table.rows, table.total ?? null))
    return
  }
  const cell = (row: ReadonlyArray<string | number>) => row.map((value, index) => (table.columns[index]?.money && typeof value === 'number' ? csvMoney(value) : value))
  downloadText(`${table.fileName}.csv`, toCsv([table.columns.map((column) => column.title), ...table.rows.map(cell), ...(table.total ? [cell(table.total)] : [])]))
}
