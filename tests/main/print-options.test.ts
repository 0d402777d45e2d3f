import { dialogPrintOptions, isPrintablePdf, pdfFirstPageSize, printFailureFrom, printOptionsFor } from '../../main/src/print-options'
import { roleForPaper } from '../../main/src/printer-roles'

/** pdfkit, which pdfmake (the server's PDFs) writes with; it ships no types. */
interface PdfKitDocument {
  on(event: 'data', listener: (chunk: Buffer) => void): void
  on(event: 'end', listener: () => void): void
  text(text: string): void
  end(): void
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const PDFDocument = require('pdfkit') as new (options: { size: [number, number]; margin: number }) => PdfKitDocument

/** A real PDF of the given page size in points, as pdfkit (under pdfmake) writes it. */
function pdfOfSize(width: number, height: number): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: [width, height], margin: 10 })
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.text('Receipt')
    doc.end()
  })
}

describe('print options per printer role', () => {
  it('prints documents silently on A4 with no margins on the chosen printer', () => {
    expect(printOptionsFor('documents', 'HP_LaserJet')).toEqual({
      silent: true,
      deviceName: 'HP_LaserJet',
      printBackground: true,
      color: true,
      landscape: false,
      copies: 1,
      pageSize: 'A4',
      margins: { marginType: 'none' }
    })
  })

  it('prints an 80 mm receipt as long as its PDF, in microns', () => {
    // 226.77 pt is 80 mm; 425.2 pt is 150 mm.
    const options = printOptionsFor('receipt80', 'XP-80C', { width: 226.77, height: 425.2 })
    expect(options).toMatchObject({ silent: true, deviceName: 'XP-80C', color: false, margins: { marginType: 'none' } })
    expect(options.pageSize).toEqual({ width: 80_000, height: 150_001 })
  })

  it('prints a 58 mm receipt on 58 mm paper, 200 mm long when the PDF tells no size', () => {
    expect(printOptionsFor('receipt58', 'POS58', null).pageSize).toEqual({ width: 58_000, height: 200_000 })
  })

  it('never asks for a page side under Electron minimum nor an endless roll', () => {
    expect(printOptionsFor('receipt80', 'XP-80C', { width: 226.77, height: 0.5 }).pageSize).toEqual({ width: 80_000, height: 353 })
    expect(printOptionsFor('receipt80', 'XP-80C', { width: 226.77, height: 1e7 }).pageSize).toEqual({ width: 80_000, height: 2_000_000 })
  })

  it('prints a label on the size of its PDF, else 58 x 40 mm', () => {
    expect(printOptionsFor('label', 'Zebra', { width: 72, height: 36 }).pageSize).toEqual({ width: 25_400, height: 12_700 })
    expect(printOptionsFor('label', 'Zebra').pageSize).toEqual({ width: 58_000, height: 40_000 })
  })

  it('gives the dialog print of the current page an explicit A4 and margins too', () => {
    expect(dialogPrintOptions()).toMatchObject({ silent: false, pageSize: 'A4', margins: { marginType: 'default' } })
  })

  it('maps documents paper to the printer role', () => {
    expect(roleForPaper('A4')).toBe('documents')
    expect(roleForPaper('80mm')).toBe('receipt80')
    expect(roleForPaper('58mm')).toBe('receipt58')
    expect(roleForPaper(undefined)).toBe('documents')
  })

  it('names Electron failure reasons', () => {
    expect(printFailureFrom('Invalid printer settings')).toBe('invalidSettings')
    expect(printFailureFrom('Print job canceled')).toBe('canceled')
    expect(printFailureFrom('Print job failed')).toBe('failed')
    expect(printFailureFrom(undefined)).toBe('failed')
  })
})

describe('the PDF a print is given', () => {
  it('reads the first page size of a real PDF', async () => {
    const pdf = await pdfOfSize(226.77, 425.2)
    expect(isPrintablePdf(pdf)).toBe(true)
    expect(pdfFirstPageSize(pdf)).toEqual({ width: 226.77, height: 425.2 })
  })

  it('refuses what is not a PDF', () => {
    expect(isPrintablePdf(new TextEncoder().encode('<html>not a pdf</html>'))).toBe(false)
    expect(isPrintablePdf('%PDF-1.7 as a string')).toBe(false)
    expect(isPrintablePdf(new Uint8Array(3))).toBe(false)
    expect(pdfFirstPageSize(new TextEncoder().encode('%PDF-1.7 no pages'))).toBeNull()
  })
})
