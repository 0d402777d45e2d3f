/** The CSV format itself is shared with the server's background exports (domain/reports/csv.ts). */
export { CSV_BOM, csvField, csvMoney, toCsv } from '../../../../domain/reports/csv'

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
