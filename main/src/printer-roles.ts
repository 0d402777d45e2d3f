/**
 * The printers a workstation has, by what they print. Shared by the main process, the preload
 * and the renderer (no Node, no Electron here).
 */
export const printerRoles = ['documents', 'receipt80', 'receipt58', 'label'] as const
export type PrinterRole = (typeof printerRoles)[number]

export const isPrinterRole = (value: unknown): value is PrinterRole =>
  typeof value === 'string' && (printerRoles as readonly string[]).includes(value)

/** The role that prints a document made on this paper (the documents service's `paper`). */
export function roleForPaper(paper: string | undefined): PrinterRole {
  if (paper === '80mm') return 'receipt80'
  if (paper === '58mm') return 'receipt58'
  return 'documents'
}

/** Why a print did not happen; the renderer shows `desktop.printers.failures.<reason>`. */
export const printFailures = [
  'noPrinter', // no printer chosen for the role on this workstation
  'printerMissing', // the chosen printer is no longer in the system's list
  'notPdf', // what was sent is not a PDF (or is too large)
  'loadFailed', // the hidden window could not open the PDF
  'invalidSettings', // Electron: "Invalid printer settings"
  'canceled', // Electron: "Print job canceled"
  'failed', // Electron: "Print job failed" or any other reason
  'notAllowed' // the request did not come from the shell's own window
] as const
export type PrintFailure = (typeof printFailures)[number]

export type PrintResult = { ok: true } | { ok: false; reason: PrintFailure }

/** A printer of the system, as the settings screen lists it. */
export interface SystemPrinter {
  /** The system name, which printing needs (not the friendly one). */
  name: string
  displayName: string
  description: string
  isDefault: boolean
}

/** The printer chosen for each role on this workstation (null: none). */
export type PrinterChoices = Record<PrinterRole, string | null>

export const noPrinterChoices = (): PrinterChoices => ({ documents: null, receipt80: null, receipt58: null, label: null })
