/**
 * CSV for spreadsheet programs, written alike by the screens (renderer/src/features/reports/csv.ts)
 * and by the server's background exports (report-exports): UTF-8 with a byte order mark (so
 * Excel reads Cyrillic), fields separated by semicolons (Excel's separator where the decimal mark
 * is a comma: Russia, Uzbekistan, Finland), CRLF line ends, a field quoted when it holds a
 * separator, a quote or a line break (quotes doubled). Money goes as plain numbers of the major
 * unit ("1500.50").
 */
export const CSV_BOM = '\uFEFF'

export function csvField(value: string | number): string {
  const text = String(value)
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One line with its CRLF (a file written a page at a time: the BOM first, then lines). */
export function csvLine(row: ReadonlyArray<string | number>): string {
  return `${row.map(csvField).join(';')}\r\n`
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return CSV_BOM + rows.map(csvLine).join('')
}

/** Minor units as a major-unit number with two decimals, never through a float: 150050 → "1500.50". */
export function csvMoney(minor: number): string {
  const sign = minor < 0 ? '-' : ''
  const abs = Math.abs(minor)
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
