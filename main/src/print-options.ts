import type { WebContentsPrintOptions } from 'electron'
import type { PrintFailure, PrinterRole } from './printer-roles'

/*
 * What every silent print passes to webContents.print. Since Electron 25 a print without a
 * pageSize is A4, which makes an 80 mm receipt printer shrink or cut the page; so each role
 * has its paper, in microns, and no margins: the server's PDFs carry their own.
 */

/** One PDF point (1/72 inch) in microns. */
const MICRONS_PER_POINT = 25400 / 72
/** Electron refuses page sides under 353 microns. */
const MIN_SIDE = 353
/** The longest receipt or label a roll printer is asked for (2 m): a broken PDF should not empty the roll. */
const MAX_ROLL_LENGTH = 2_000_000

/** Paper width in microns of the roll roles. */
export const rollWidths = { receipt80: 80_000, receipt58: 58_000 } as const
/** A label when the PDF says nothing of its size: 58 x 40 mm. */
export const defaultLabelSize = { width: 58_000, height: 40_000 } as const
/** A receipt's length when the PDF says nothing of it. */
export const defaultReceiptLength = 200_000

export interface PageSizePoints {
  width: number
  height: number
}

const microns = (points: number) => Math.round(points * MICRONS_PER_POINT)
const clampSide = (value: number) => Math.min(MAX_ROLL_LENGTH, Math.max(MIN_SIDE, value))

/** The paper of a role; `pdfPage` is the first page's size, when the PDF told it. */
export function pageSizeFor(role: PrinterRole, pdfPage: PageSizePoints | null): WebContentsPrintOptions['pageSize'] {
  if (role === 'documents') return 'A4'
  if (role === 'label') {
    return pdfPage ? { width: clampSide(microns(pdfPage.width)), height: clampSide(microns(pdfPage.height)) } : { ...defaultLabelSize }
  }
  // A receipt is as long as its PDF (the server sizes its page to the content).
  const length = pdfPage ? microns(pdfPage.height) : defaultReceiptLength
  return { width: rollWidths[role], height: clampSide(length) }
}

/** The options of a silent print of `role`'s paper on the printer `deviceName` (its system name). */
export function printOptionsFor(role: PrinterRole, deviceName: string, pdfPage: PageSizePoints | null = null): WebContentsPrintOptions {
  return {
    silent: true,
    deviceName,
    printBackground: true,
    color: role === 'documents',
    landscape: false,
    copies: 1,
    pageSize: pageSizeFor(role, pdfPage),
    margins: { marginType: 'none' }
  }
}

/** The options of the dialog print of the current page (no printer chosen): A4 with the printer's margins. */
export function dialogPrintOptions(): WebContentsPrintOptions {
  return { silent: false, printBackground: true, pageSize: 'A4', margins: { marginType: 'default' } }
}

/** webContents.print's failureReason as one of ours. */
export function printFailureFrom(failureReason: string | undefined): PrintFailure {
  const reason = (failureReason ?? '').toLowerCase()
  if (reason.includes('invalid printer settings')) return 'invalidSettings'
  if (reason.includes('cancel')) return 'canceled'
  return 'failed'
}

/** The largest PDF the shell prints (a receipt is a few kB; a long treatment plan a few MB). */
export const MAX_PDF_BYTES = 30 * 1024 * 1024

/** Whether these bytes look like a PDF the shell may print. */
export function isPrintablePdf(bytes: unknown): bytes is Uint8Array {
  if (!(bytes instanceof Uint8Array) || bytes.byteLength < 8 || bytes.byteLength > MAX_PDF_BYTES) return false
  return String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-'
}

/**
 * The first page's size in points, from its MediaBox (pdfmake writes page dictionaries
 * uncompressed); null when it cannot be found. Only the paper length of rolls and labels needs it.
 */
export function pdfFirstPageSize(bytes: Uint8Array): PageSizePoints | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 2 * 1024 * 1024)).toString('latin1')
  const match = /\/MediaBox\s*\[\s*(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s*\]/.exec(head)
  if (!match) return null
  const [x0, y0, x1, y1] = match.slice(1).map(Number)
  const width = Math.abs(x1 - x0)
  const height = Math.abs(y1 - y0)
  return Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0 ? { width, height } : null
}
