import type { Content } from '../doc-types'
import type { BuildInput, DocumentBuilder } from './build-input'
import { a4Document, clinicHeading, fields, paragraphs, rule, sectionHeading, signatures, title } from './blocks'

/**
 * Informed consent and refusal share one shape (RF order 1051н's two forms): the clinic, the
 * title, the patient's data, the text naming the intervention, the procedure's own description,
 * risks and alternatives when the context has them, the signatures with the date.
 */
function consentLike(input: BuildInput, subject: 'consent' | 'refusal') {
  const { context, labels, format, texts } = input
  const patient = context.patient
  const content: Content[] = [clinicHeading(input), rule(), title(input)]
  content.push(
    fields([
      [labels.patient, patient?.fullName],
      [labels.birthdate, format.date(patient?.birthdate)],
      [labels.cardNumber, patient?.cardNumber]
    ]),
    ...paragraphs(input, texts.intro)
  )
  const procedure = context.procedure
  // A refusal names the intervention; the risks of doing it are the consent's business.
  const sections: [string, string | undefined][] =
    subject === 'consent'
      ? [
          [labels.procedureDescription, procedure?.description],
          [labels.procedureRisks, procedure?.risks],
          [labels.procedureAlternatives, procedure?.alternatives]
        ]
      : [[labels.procedureDescription, procedure?.description]]
  const printed = sections.filter(([, text]) => text?.trim())
  for (const [heading, text] of printed) content.push(sectionHeading(heading), ...paragraphs(input, text ?? ''))
  // The closing speaks for the whole document, not for the last section above it.
  if (printed.length > 0) content.push({ text: '', margin: [0, 6, 0, 0] })
  content.push(...paragraphs(input, texts.closing), signatures(input))
  return a4Document(input, subject, content)
}

export const buildConsent: DocumentBuilder = (input) => consentLike(input, 'consent')
export const buildRefusal: DocumentBuilder = (input) => consentLike(input, 'refusal')
