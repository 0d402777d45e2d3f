import type { SheetColumn } from './xlsx'

/** What a report's PDF shows: its title, the period or other line under it, and its table. */
export interface PdfTable {
  title: string
  subtitle?: string
  columns: readonly SheetColumn[]
  rows: ReadonlyArray<ReadonlyArray<string | number>>
  total: ReadonlyArray<string | number> | null
  /** The words of the page footer ("Page 2 of 3"). */
  pageOf: (page: number, pages: number) => string
}

/** Tables wider than this many columns go on landscape pages. */
const PORTRAIT_COLUMNS = 6

/**
 * The pdfmake document of one table (pure: tested without a browser). Numbers are written as the
 * screen writes them in the reader's locale: money from minor units with two decimals, counts
 * grouped; the first column takes what width is left, the others their content's.
 */
export function pdfDefinition(table: PdfTable, locale: string): object {
  const money = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const count = new Intl.NumberFormat(locale)
  const text = (value: string | number, index: number) =>
    typeof value === 'number' ? (table.columns[index]?.money ? money.format(value / 100) : count.format(value)) : value
  const cells = (row: ReadonlyArray<string | number>, bold = false) =>
    row.map((value, index) => ({ text: text(value, index), bold, alignment: typeof value === 'number' ? 'right' : 'left' }))
  // A column of numbers has its title over the numbers' right edge, as the screen's table does.
  const lines = [...table.rows, ...(table.total ? [table.total] : [])]
  const numeric = (index: number) => lines.some((row) => typeof row[index] === 'number')
  return {
    pageSize: 'A4',
    pageOrientation: table.columns.length > PORTRAIT_COLUMNS ? 'landscape' : 'portrait',
    pageMargins: [32, 40, 32, 40],
    info: { title: table.title },
    defaultStyle: { fontSize: 9 },
    footer: (page: number, pages: number) => ({ text: table.pageOf(page, pages), alignment: 'center', fontSize: 8, color: '#888888', margin: [0, 12, 0, 0] }),
    content: [
      { text: table.title, fontSize: 15, bold: true },
      ...(table.subtitle ? [{ text: table.subtitle, color: '#666666', margin: [0, 2, 0, 0] }] : []),
      {
        margin: [0, 12, 0, 0],
        table: {
          headerRows: 1,
          widths: table.columns.map((_, index) => (index === 0 ? '*' : 'auto')),
          body: [table.columns.map((column, index) => ({ text: column.title, bold: true, fillColor: '#f0f0f0', alignment: numeric(index) ? 'right' : 'left' })), ...table.rows.map((row) => cells(row)), ...(table.total ? [cells(table.total, true)] : [])]
        },
        layout: 'lightHorizontalLines'
      }
    ]
  }
}

/**
 * The PDF, made in the browser with pdfmake 0.3 and its Roboto (Cyrillic included), which load
 * only when someone asks for a PDF (chunks of their own, kept out of the offline cache:
 * web/vite.config.ts), as exceljs does for Excel.
 */
export async function pdfOf(table: PdfTable, locale: string): Promise<Blob> {
  const [{ default: pdfMake }, { default: vfs }] = await Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')])
  pdfMake.addVirtualFileSystem(vfs)
  return pdfMake.createPdf(pdfDefinition(table, locale)).getBlob()
}
