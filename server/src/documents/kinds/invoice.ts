import type { DocumentBuilder } from './build-input'
import { a4Document, clinicHeading, fields, inWords, linesTable, paragraphs, rule, signatures, title, totals } from './blocks'

/** An invoice: the clinic's requisites, the payer, the lines, total, paid, due and the total in words. */
export const buildInvoice: DocumentBuilder = (input) => {
  const { context, labels, format, texts } = input
  const invoice = context.invoice
  const content = [clinicHeading(input), rule(), title(input), ...paragraphs(input, texts.intro)]
  if (invoice) {
    content.push(
      fields([
        [labels.patient, context.patient?.fullName],
        [labels.cardNumber, context.patient?.cardNumber],
        [labels.doctor, context.doctor?.fullName]
      ]),
      linesTable(input, invoice.lines),
      totals([
        [labels.total, format.money(invoice.total)],
        [labels.paid, format.money(invoice.paid)],
        [labels.due, format.money(invoice.due)]
      ]),
      inWords(input, invoice.total)
    )
  }
  content.push(...paragraphs(input, texts.closing), signatures(input))
  return a4Document(input, 'invoice', content)
}
