import type { Content } from '../doc-types'
import type { BuildInput, DocumentBuilder } from './build-input'
import { a4Document, clinicHeading, fields, paragraphs, rule, signatures, title } from './blocks'

/**
 * Informed consent and refusal share one shape (RF order 1051н's two forms): the clinic, the
 * title, the patient's data, the text naming the intervention, the signatures with the date.
 */
function consentLike(input: BuildInput, subject: string) {
  const { context, labels, format, texts } = input
  const patient = context.patient
  const content: Content[] = [clinicHeading(input), rule(), title(input)]
  content.push(
    fields([
      [labels.patient, patient?.fullName],
      [labels.birthdate, format.date(patient?.birthdate)],
      [labels.cardNumber, patient?.cardNumber]
    ]),
    ...paragraphs(input, texts.intro),
    ...paragraphs(input, texts.closing),
    signatures(input)
  )
  return a4Document(input, subject, content)
}

export const buildConsent: DocumentBuilder = (input) => consentLike(input, 'consent')
export const buildRefusal: DocumentBuilder = (input) => consentLike(input, 'refusal')
