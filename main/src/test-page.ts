import type { PrinterRole } from './printer-roles'
import { defaultLabelSize, rollWidths } from './print-options'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)

/** The paper of a test page in points (for printOptionsFor): rolls print 100 mm of it. */
export function testPageSize(role: PrinterRole): { width: number; height: number } | null {
  const points = (microns: number) => (microns * 72) / 25400
  if (role === 'documents') return null
  if (role === 'label') return { width: points(defaultLabelSize.width), height: points(defaultLabelSize.height) }
  return { width: points(rollWidths[role]), height: points(100_000) }
}

/**
 * The test page: the heading the renderer sent (translated there), the printer, the time, and a
 * frame 2 mm inside the paper's edge, so that a cut frame shows a wrong paper size at a glance.
 */
export function testPageHtml(role: PrinterRole, printer: string, heading: string, printedAt: Date): string {
  const widthMm = role === 'documents' ? 210 : role === 'label' ? defaultLabelSize.width / 1000 : rollWidths[role] / 1000
  const heightMm = role === 'documents' ? 297 : role === 'label' ? defaultLabelSize.height / 1000 : 100
  const small = role === 'label' || role === 'receipt58'
  return `<!doctype html><html><head><meta charset="utf-8"><style>
@page { size: ${widthMm}mm ${heightMm}mm; margin: 0 }
html, body { margin: 0; padding: 0; font-family: sans-serif; color: #000 }
.frame { box-sizing: border-box; position: absolute; left: 2mm; top: 2mm; width: ${widthMm - 4}mm; height: ${heightMm - 4}mm; border: 0.4mm solid #000; padding: 2mm; overflow: hidden }
h1 { font-size: ${small ? 9 : 14}pt; margin: 0 0 2mm } p { font-size: ${small ? 7 : 10}pt; margin: 0 0 1mm; word-break: break-all }
</style></head><body><div class="frame"><h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(printer)}</p><p>${widthMm} x ${heightMm} mm</p><p>${escapeHtml(printedAt.toISOString().slice(0, 16).replace('T', ' '))} UTC</p></div></body></html>`
}
