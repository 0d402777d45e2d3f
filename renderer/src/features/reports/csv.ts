/**
 * CSV for spreadsheet programs: UTF-8 with a byte order mark (so Excel reads Cyrillic), fields
 * separated by semicolons (Excel's separator where the decimal mark is a comma: Russia,
 * Uzbekistan, Finland), CRLF line ends, a field quoted when it holds a separator, a quote or a
 * line break (quotes doubled). Money goes as plain numbers of the major unit ("1500.50").
 */
export const CSV_BOM = '\uFEFF'

export function csvField(value: string | number): string {
  const text = String(value)
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return CSV_BOM + rows.map((row) => row.map(csvField).join(';')).join('\r\n') + '\r\n'
}

/** Minor units as a major-unit number with two decimals, never through a float: 150050 → "1500.50". */
export function csvMoney(minor: number): string {
  const sign = minor < 0 ? '-' : ''
  const abs = Math.abs(minor)
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** Offers a text (or a ready file) as a download. */
export function downloadText(fileName: string, text: string | Blob, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(typeof text === 'string' ? new Blob([text], { type }) : text)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
