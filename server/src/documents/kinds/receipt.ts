import type { DocumentLine } from '../../../../domain/documents/context'
import { paragraphsOf } from '../../../../domain/documents/template'
import type { Content } from '../doc-types'
import { condensedFont } from '../fonts'
import type { BuildInput, DocumentBuilder } from './build-input'
import { pdfInfo } from './blocks'

/** Receipt paper widths in points (80 mm and 58 mm rolls) and their margins. */
export const receiptWidths = { '80mm': 226.77, '58mm': 164.41 } as const
const receiptMargins = { '80mm': 10, '58mm': 6 } as const

/** A dashed separator across the printable width. */
const dashes = (width: number): Content => ({
  canvas: [{ type: 'line', x1: 0, y1: 0, x2: width, y2: 0, lineWidth: 0.6, dash: { length: 2, space: 2 } }],
  margin: [0, 3, 0, 3]
})

/** "label ........ value" on one line. */
const pair = (label: string, value: string, extra: Record<string, unknown> = {}): Content => ({
  columns: [
    { width: '*', text: label },
    { width: 'auto', text: value, alignment: 'right' }
  ],
  columnGap: 4,
  ...extra
})

function lineRows(input: BuildInput, line: DocumentLine): Content[] {
  const { format } = input
  const name = [line.name, line.teeth ? `(${line.teeth})` : ''].filter(Boolean).join(' ')
  const rows: Content[] = [{ text: name }]
  rows.push(pair(`  ${line.quantity} × ${format.amount(line.price)}`, format.amount(line.price * line.quantity)))
  if (line.discount > 0) rows.push(pair(`  ${input.labels.discount}`, `−${format.amount(line.discount)}`))
  return rows
}

/**
 * A receipt for a thermal printer: 80 or 58 mm wide, as tall as its content (pdfmake's auto
 * height), small condensed type; a reprint says "copy" at the top in large letters.
 */
export const buildReceipt: DocumentBuilder = (input) => {
  const { context, labels, format, texts, paper } = input
  const payment = context.payment
  const margin = receiptMargins[paper]
  const width = receiptWidths[paper] - 2 * margin
  const narrow = paper === '58mm'
  const content: Content[] = []
  if (context.copy) content.push({ text: `*** ${labels.copy} ***`, bold: true, fontSize: narrow ? 10 : 12, alignment: 'center', margin: [0, 0, 0, 4] })
  content.push({ text: context.company.name, bold: true, fontSize: narrow ? 9 : 10, alignment: 'center' })
  const place = context.branch ? [context.branch.name, context.branch.address ?? context.company.address, context.branch.phone ?? context.company.phone] : [context.company.address, context.company.phone]
  for (const line of place.filter(Boolean)) content.push({ text: line as string, alignment: 'center' })
  if (context.company.taxId) content.push({ text: `${labels.taxId} ${context.company.taxId}`, alignment: 'center' })
  content.push(dashes(width), { text: format.fill(texts.title), bold: true, alignment: 'center', fontSize: narrow ? 8.5 : 9.5 })
  for (const paragraph of paragraphsOf(format.fill(texts.intro))) content.push({ text: paragraph, margin: [0, 2, 0, 0] })
  if (payment) {
    content.push(pair(labels.date, format.dateTime(payment.date)))
    if (context.patient) content.push(pair(labels.patient, context.patient.fullName))
    content.push(dashes(width))
    for (const line of payment.lines ?? []) content.push(...lineRows(input, line))
    if ((payment.lines ?? []).length > 0) content.push(dashes(width))
    content.push(
      pair(labels.total, format.money(payment.amount), { bold: true, fontSize: narrow ? 9 : 10.5 }),
      pair(labels.paymentMethod, payment.method)
    )
    if (payment.change) content.push(pair(labels.change, format.money(payment.change)))
    content.push({ text: format.words(payment.amount), italics: true, margin: [0, 2, 0, 0] })
    if (payment.cashier) content.push(pair(labels.cashier, payment.cashier))
  }
  content.push(dashes(width))
  for (const paragraph of paragraphsOf(format.fill(texts.closing))) content.push({ text: paragraph, alignment: 'center', margin: [0, 1, 0, 1] })
  for (const caption of texts.signatures) {
    content.push({ text: format.fill(caption), margin: [0, 8, 0, 0] }, { canvas: [{ type: 'line', x1: 0, y1: 10, x2: width * 0.6, y2: 10, lineWidth: 0.5 }] })
  }
  return {
    info: pdfInfo(input, 'receipt'),
    language: context.language,
    pageSize: { width: receiptWidths[paper], height: 'auto' },
    pageMargins: [margin, margin, margin, margin],
    defaultStyle: { font: condensedFont, fontSize: narrow ? 7 : 8, lineHeight: 1.1 },
    content
  }
}
