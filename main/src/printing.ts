import type { WebContentsPrintOptions } from 'electron'
import { isPrinterRole, type PrintResult, type PrinterChoices, type PrinterRole, type SystemPrinter } from './printer-roles'
import { isPrintablePdf, pdfFirstPageSize, printFailureFrom, printOptionsFor } from './print-options'
import { isPrinterName } from './printer-store'
import { testPageHtml, testPageSize } from './test-page'

/** What a hidden print window is given: a PDF file on disk, or a page of HTML. */
export type PrintSource = { kind: 'pdf'; bytes: Uint8Array } | { kind: 'html'; html: string }

/** The Electron side of printing, passed in so this logic runs under plain Node in tests. */
export interface PrintingDeps {
  /** The system's printers (webContents.getPrintersAsync on the main window). */
  systemPrinters(): Promise<Array<{ name: string; displayName?: string; description?: string; options?: object; isDefault?: boolean }>>
  store: { read(): Promise<PrinterChoices>; set(role: PrinterRole, printer: string | null): Promise<PrinterChoices> }
  /** Loads the source in a hidden window and prints it; resolves with webContents.print's answer. */
  printHidden(source: PrintSource, options: WebContentsPrintOptions): Promise<{ success: boolean; failureReason?: string }>
  now(): Date
}

const MAX_HEADING = 200

/** A system printer's flag for the default one differs by platform (CUPS, Windows). */
function isDefaultPrinter(printer: { isDefault?: boolean; options?: object }) {
  const options = (printer.options ?? {}) as Record<string, unknown>
  return printer.isDefault === true || options['is-default'] === 'true' || options.isDefault === true
}

/** The verbs the IPC handlers call once the sender is trusted; arguments are still untrusted. */
export function printing(deps: PrintingDeps) {
  async function printerFor(role: PrinterRole): Promise<{ ok: true; printer: string } | { ok: false; reason: 'noPrinter' | 'printerMissing' }> {
    const printer = (await deps.store.read())[role]
    if (!printer) return { ok: false, reason: 'noPrinter' }
    const present = (await deps.systemPrinters()).some((candidate) => candidate.name === printer)
    return present ? { ok: true, printer } : { ok: false, reason: 'printerMissing' }
  }

  async function run(source: PrintSource, options: WebContentsPrintOptions): Promise<PrintResult> {
    try {
      const answer = await deps.printHidden(source, options)
      return answer.success ? { ok: true } : { ok: false, reason: printFailureFrom(answer.failureReason) }
    } catch {
      return { ok: false, reason: 'loadFailed' }
    }
  }

  return {
    async listPrinters(): Promise<SystemPrinter[]> {
      const printers = await deps.systemPrinters()
      return printers.map((printer) => ({
        name: printer.name,
        displayName: printer.displayName || printer.name,
        description: printer.description ?? '',
        isDefault: isDefaultPrinter(printer)
      }))
    },

    choices: () => deps.store.read(),

    async choose(role: unknown, printer: unknown): Promise<PrinterChoices | null> {
      if (!isPrinterRole(role) || (printer !== null && !isPrinterName(printer))) return null
      return deps.store.set(role, printer)
    },

    async printPdf(role: unknown, bytes: unknown): Promise<PrintResult> {
      if (!isPrinterRole(role)) return { ok: false, reason: 'failed' }
      if (!isPrintablePdf(bytes)) return { ok: false, reason: 'notPdf' }
      const target = await printerFor(role)
      if (!target.ok) return target
      return run({ kind: 'pdf', bytes }, printOptionsFor(role, target.printer, pdfFirstPageSize(bytes)))
    },

    async testPrint(role: unknown, heading: unknown): Promise<PrintResult> {
      if (!isPrinterRole(role)) return { ok: false, reason: 'failed' }
      const title = typeof heading === 'string' ? heading.slice(0, MAX_HEADING) : ''
      const target = await printerFor(role)
      if (!target.ok) return target
      const html = testPageHtml(role, target.printer, title, deps.now())
      return run({ kind: 'html', html }, printOptionsFor(role, target.printer, testPageSize(role)))
    }
  }
}
