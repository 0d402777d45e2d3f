import type { Content } from '../doc-types'
import type { DocumentBuilder } from './build-input'
import { a4Document, clinicHeading, fields, paragraphs, rule, signatures, title } from './blocks'

/** A dental lab work order: who, what, which teeth, shade, material, when. */
export const buildLabOrder: DocumentBuilder = (input) => {
  const { context, labels, format, texts } = input
  const order = context.labOrder
  const content: Content[] = [clinicHeading(input), rule(), title(input), ...paragraphs(input, texts.intro)]
  if (order) {
    content.push({
      stack: [
        fields(
        [
          [labels.lab, order.lab],
          [labels.patient, context.patient?.fullName],
          [labels.cardNumber, context.patient?.cardNumber],
          [labels.doctor, context.doctor?.fullName],
          [labels.work, order.work],
          [labels.teeth, order.teeth],
          [labels.shade, order.shade],
          [labels.material, order.material],
          [labels.dueDate, format.date(order.dueDate)],
          [labels.notes, order.notes]
        ],
        140
        )
      ],
      fontSize: 10.5
    })
  }
  content.push(...paragraphs(input, texts.closing), signatures(input))
  return a4Document(input, 'lab-order', content)
}
