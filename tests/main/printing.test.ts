import type { WebContentsPrintOptions } from 'electron'
import { printing, type PrintSource, type PrintingDeps } from '../../main/src/printing'
import { noPrinterChoices, type PrinterChoices, type PrinterRole } from '../../main/src/printer-roles'

const pdf = (text = '%PDF-1.7\n1 0 obj << /Type /Page /MediaBox [0 0 164.41 283.465] >> endobj\n') => new TextEncoder().encode(text)

/** The Electron side faked: printers present, a store in memory, and the prints it was asked for. */
function fakeShell(choices: Partial<PrinterChoices>, answer: { success: boolean; failureReason?: string } | Error = { success: true }) {
  const stored: PrinterChoices = { ...noPrinterChoices(), ...choices }
  const prints: Array<{ source: PrintSource; options: WebContentsPrintOptions }> = []
  const deps: PrintingDeps = {
    systemPrinters: async () => [
      { name: 'HP_LaserJet', displayName: 'HP LaserJet', description: 'Office', options: { 'is-default': 'true' } },
      { name: 'POS58', displayName: '', description: 'Receipts' }
    ],
    store: {
      read: async () => ({ ...stored }),
      set: async (role: PrinterRole, printer: string | null) => {
        stored[role] = printer
        return { ...stored }
      }
    },
    printHidden: async (source, options) => {
      prints.push({ source, options })
      if (answer instanceof Error) throw answer
      return answer
    },
    now: () => new Date('2026-11-29T10:00:00Z')
  }
  return { shell: printing(deps), prints, stored }
}

describe('desktop printing', () => {
  it('prints a 58 mm receipt PDF silently on the receipt printer, as long as the PDF', async () => {
    const { shell, prints } = fakeShell({ receipt58: 'POS58' })
    expect(await shell.printPdf('receipt58', pdf())).toEqual({ ok: true })
    expect(prints).toHaveLength(1)
    expect(prints[0].source.kind).toBe('pdf')
    expect(prints[0].options).toMatchObject({ silent: true, deviceName: 'POS58', pageSize: { width: 58_000, height: 100_000 }, margins: { marginType: 'none' } })
  })

  it('says why nothing printed: no printer chosen, or the chosen one is gone', async () => {
    expect(await fakeShell({}).shell.printPdf('documents', pdf())).toEqual({ ok: false, reason: 'noPrinter' })
    const gone = fakeShell({ documents: 'Old_Printer' })
    expect(await gone.shell.printPdf('documents', pdf())).toEqual({ ok: false, reason: 'printerMissing' })
    expect(gone.prints).toHaveLength(0)
  })

  it('refuses what is not a PDF and roles it does not know, printing nothing', async () => {
    const { shell, prints } = fakeShell({ documents: 'HP_LaserJet' })
    expect(await shell.printPdf('documents', new TextEncoder().encode('<script>'))).toEqual({ ok: false, reason: 'notPdf' })
    expect(await shell.printPdf('documents', 'http://evil.example/x.pdf')).toEqual({ ok: false, reason: 'notPdf' })
    expect(await shell.printPdf('fax', pdf())).toEqual({ ok: false, reason: 'failed' })
    expect(prints).toHaveLength(0)
  })

  it('passes on the printer failure reason, and a window that fails to load', async () => {
    expect(await fakeShell({ documents: 'HP_LaserJet' }, { success: false, failureReason: 'Invalid printer settings' }).shell.printPdf('documents', pdf())).toEqual({
      ok: false,
      reason: 'invalidSettings'
    })
    expect(await fakeShell({ documents: 'HP_LaserJet' }, new Error('ERR_FILE_NOT_FOUND')).shell.printPdf('documents', pdf())).toEqual({ ok: false, reason: 'loadFailed' })
  })

  it('prints a test page of the role paper with the heading escaped', async () => {
    const { shell, prints } = fakeShell({ receipt80: 'POS58' })
    expect(await shell.testPrint('receipt80', 'Пробная <b>печать</b>')).toEqual({ ok: true })
    const [{ source, options }] = prints
    expect(options).toMatchObject({ silent: true, deviceName: 'POS58', pageSize: { width: 80_000, height: 100_000 } })
    expect(source.kind === 'html' && source.html).toContain('Пробная &lt;b&gt;печать&lt;/b&gt;')
    expect(source.kind === 'html' && source.html).toContain('2026-11-29 10:00 UTC')
  })

  it('lists the system printers with a friendly name and the default marked', async () => {
    expect(await fakeShell({}).shell.listPrinters()).toEqual([
      { name: 'HP_LaserJet', displayName: 'HP LaserJet', description: 'Office', isDefault: true },
      { name: 'POS58', displayName: 'POS58', description: 'Receipts', isDefault: false }
    ])
  })

  it('stores a printer choice only for a known role and a printer name', async () => {
    const { shell, stored } = fakeShell({})
    expect(await shell.choose('label', 'Zebra')).toMatchObject({ label: 'Zebra' })
    expect(await shell.choose('label', null)).toMatchObject({ label: null })
    expect(await shell.choose('fax', 'Zebra')).toBeNull()
    expect(await shell.choose('documents', { name: 'x' })).toBeNull()
    expect(await shell.choose('documents', 'x'.repeat(300))).toBeNull()
    expect(stored).toEqual(noPrinterChoices())
  })
})
