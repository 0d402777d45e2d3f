import type { DocumentLine } from '../../../../domain/documents/context'
import type { Content } from '../doc-types'
import type { DocumentBuilder } from './build-input'
import { a4Document, clinicHeading, inWords, linesTable, paragraphs, rule, signatures, title, totals } from './blocks'

/**
 * A short paid-services contract: the parties and subject (intro), the estimate (the invoice's
 * lines, else the plan's items), its total in words, the terms (closing), the signatures.
 */
export const buildContract: DocumentBuilder = (input) => {
  const { context, labels, format, texts } = input
  const content: Content[] = [clinicHeading(input), rule(), title(input), ...paragraphs(input, texts.intro)]
  const planLines: DocumentLine[] = (context.plan?.phases ?? []).flatMap((phase) =>
    phase.items
      .filter((item) => !item.alternative)
      .map((item) => ({ name: item.name, code: item.code, teeth: item.teeth, quantity: item.quantity, price: item.price, discount: item.price * item.quantity - item.total, total: item.total }))
  )
  const lines = context.invoice?.lines ?? planLines
  const total = context.invoice?.total ?? context.plan?.total
  if (lines.length > 0) content.push(linesTable(input, lines))
  if (total !== undefined) content.push(totals([[labels.total, format.money(total)]]), inWords(input, total))
  content.push(...paragraphs(input, texts.closing), signatures(input))
  return a4Document(input, 'contract', content)
}
