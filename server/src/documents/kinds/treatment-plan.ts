import type { DocumentPlanItem } from '../../../../domain/documents/context'
import type { Content } from '../doc-types'
import type { BuildInput, DocumentBuilder } from './build-input'
import { a4Document, amountCell, clinicHeading, fields, grid, inWords, paragraphs, right, rule, sectionHeading, signatures, th, title, totals } from './blocks'

function phaseTable(input: BuildInput, items: readonly DocumentPlanItem[], total: number): Content {
  const { labels, format } = input
  const header = [
    th(labels.teeth),
    th(labels.service),
    th(labels.quantity, { alignment: 'right' }),
    th(`${labels.price}, ${format.currency}`, { alignment: 'right' }),
    th('%', { alignment: 'right' }),
    th(`${labels.amount}, ${format.currency}`, { alignment: 'right' }),
    th(labels.urgency)
  ]
  const body: Content[][] = items.map((item) => [
    item.teeth,
    {
      stack: [
        { text: [item.name, item.code ? { text: `  ${item.code}`, color: '#666666', fontSize: 7 } : ''] },
        ...(item.alternative ? [{ text: `${labels.alternative}: ${item.alternative}`, italics: true, fontSize: 7.5, color: '#555555' }] : [])
      ]
    },
    right(String(item.quantity)),
    amountCell(format.amount(item.price)),
    right(item.discountPercent ? String(item.discountPercent) : ''),
    amountCell(format.amount(item.total), item.alternative ? { color: '#555555', italics: true } : {}),
    { text: item.urgency, fontSize: 7.5 }
  ])
  body.push([{ text: labels.phaseTotal, colSpan: 5, alignment: 'right', bold: true }, '', '', '', '', amountCell(format.amount(total), { bold: true }), ''])
  return grid([50, '*', 'auto', 'auto', 20, 'auto', 'auto'], [header, ...body], 1, { margin: [0, 0, 0, 6] })
}

/** A treatment plan with its estimate: phase by phase, the patient's discount, the total in words. */
export const buildTreatmentPlan: DocumentBuilder = (input) => {
  const { context, labels, format, texts } = input
  const plan = context.plan
  const content: Content[] = [clinicHeading(input), rule(), title(input)]
  if (plan) content.push({ text: plan.title, alignment: 'center', bold: true, margin: [0, -4, 0, 8] })
  content.push(...paragraphs(input, texts.intro))
  if (plan) {
    content.push(
      fields([
        [labels.consultationDate, format.date(plan.consultationDate)],
        [labels.priceValidUntil, format.date(plan.priceValidUntil)]
      ])
    )
    for (const phase of plan.phases) {
      content.push(sectionHeading(phase.title), phaseTable(input, phase.items, phase.total))
    }
    const rows: [string, string][] = [[labels.subtotal, format.money(plan.subtotal)]]
    if (plan.patientDiscountPercent > 0) rows.push([`${labels.patientDiscount}, ${plan.patientDiscountPercent}%`, format.money(plan.subtotal - plan.total)])
    rows.push([labels.total, format.money(plan.total)])
    content.push(totals(rows), inWords(input, plan.total))
  }
  content.push(...paragraphs(input, texts.closing), signatures(input))
  return a4Document(input, 'treatment-plan', content)
}
