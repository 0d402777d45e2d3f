import type { DocumentBuilder } from './build-input'
import { a4Document, clinicHeading, inWords, linesTable, paragraphs, rule, signatures, title, totals } from './blocks'

/** An act of services rendered: the invoice's lines, its total and the total in words. */
export const buildAct: DocumentBuilder = (input) => {
  const { context, labels, format, texts } = input
  const content = [clinicHeading(input), rule(), title(input), ...paragraphs(input, texts.intro)]
  if (context.invoice) {
    content.push(linesTable(input, context.invoice.lines), totals([[labels.total, format.money(context.invoice.total)]]), inWords(input, context.invoice.total))
  }
  content.push(...paragraphs(input, texts.closing), signatures(input))
  return a4Document(input, 'act', content)
}
