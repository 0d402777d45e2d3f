import { pdfDefinition, type PdfTable } from '../../renderer/src/features/reports/pdf'

interface Cell { text: string; bold: boolean; alignment: string }
interface Definition {
  pageOrientation: string
  info: { title: string }
  footer: (page: number, pages: number) => { text: string }
  content: Array<{ text?: string; table?: { headerRows: number; widths: string[]; body: Array<Array<Cell | { text: string }>> } }>
}

const table = (columns: number): PdfTable => ({
  title: 'Сводный отчёт',
  subtitle: '1 нояб. 2026 г. – 30 нояб. 2026 г.',
  columns: [{ title: 'День' }, ...Array.from({ length: columns - 1 }, (_, index) => ({ title: `Figure ${index}`, money: index === 0 }))],
  rows: [['2026-11-02', ...Array.from({ length: columns - 1 }, (_, index) => (index === 0 ? 123456 : 1500))]],
  total: ['Итого', ...Array.from({ length: columns - 1 }, (_, index) => (index === 0 ? 123456 : 1500))],
  pageOf: (page, pages) => `Страница ${page} из ${pages}`
})

describe("a report's PDF", () => {
  it('has the title, the period, the header row, the lines and a bold totals line; money from minor units, counts grouped, in the locale', () => {
    const definition = pdfDefinition(table(3), 'ru') as Definition
    expect(definition.info.title).toBe('Сводный отчёт')
    expect(definition.content[0].text).toBe('Сводный отчёт')
    expect(definition.content[1].text).toBe('1 нояб. 2026 г. – 30 нояб. 2026 г.')
    const body = definition.content[2].table!.body
    expect(body[0].map((cell) => cell.text)).toEqual(['День', 'Figure 0', 'Figure 1'])
    // Titles of number columns stand over the numbers' right edge.
    expect((body[0] as Cell[]).map((cell) => cell.alignment)).toEqual(['left', 'right', 'right'])
    const [line, total] = [body[1] as Cell[], body[2] as Cell[]]
    // Intl writes Russian groups with a narrow no-break space and a decimal comma.
    expect(line.map((cell) => cell.text.replace(/\s/g, ' '))).toEqual(['2026-11-02', '1 234,56', '1 500'])
    expect(line.map((cell) => cell.alignment)).toEqual(['left', 'right', 'right'])
    expect(total.every((cell) => cell.bold)).toBe(true)
    expect(definition.content[2].table!.headerRows).toBe(1)
    expect(definition.footer(2, 3).text).toBe('Страница 2 из 3')
  })

  it('goes landscape past six columns; English numbers in English', () => {
    expect((pdfDefinition(table(6), 'en') as Definition).pageOrientation).toBe('portrait')
    const wide = pdfDefinition(table(7), 'en') as Definition
    expect(wide.pageOrientation).toBe('landscape')
    expect((wide.content[2].table!.body[1] as Cell[])[1].text).toBe('1,234.56')
  })

  it('has no totals line when the table has none', () => {
    const definition = pdfDefinition({ ...table(3), total: null, subtitle: undefined }, 'en') as Definition
    expect(definition.content[1].table!.body).toHaveLength(2)
  })
})
