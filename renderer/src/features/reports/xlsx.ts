/**
 * An xlsx workbook of one table, made in the browser with exceljs 4.4.0, which loads only when
 * someone exports (a chunk of its own, about 0.9 MB, never in the screen's first download). Done
 * here rather than on the server because the column titles and branch names are the screen's,
 * in the reader's language (docs/decisions/reports.md). Money cells are numbers in major units
 * with two decimals shown; counts are integers.
 */
export interface SheetColumn {
  title: string
  money?: boolean
}

export async function xlsxOf(sheetName: string, columns: readonly SheetColumn[], rows: ReadonlyArray<ReadonlyArray<string | number>>, totalRow: ReadonlyArray<string | number> | null): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31))
  sheet.columns = columns.map((column) => ({ header: column.title, width: Math.max(12, column.title.length + 2), style: column.money ? { numFmt: '#,##0.00' } : {} }))
  sheet.getRow(1).font = { bold: true }
  // Minor units become major units only here, for the spreadsheet's own arithmetic.
  const cells = (row: ReadonlyArray<string | number>) => row.map((value, index) => (columns[index]?.money && typeof value === 'number' ? value / 100 : value))
  for (const row of rows) sheet.addRow(cells(row))
  if (totalRow) sheet.addRow(cells(totalRow)).font = { bold: true }
  sheet.views = [{ state: 'frozen', ySplit: 1 }]
  const buffer = await workbook.xlsx.writeBuffer()
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })
}
