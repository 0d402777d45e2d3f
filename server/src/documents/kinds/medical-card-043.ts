import type { DocumentMedicalCard } from '../../../../domain/documents/context'
import { ageOn, localDay } from '../../../../domain/documents/format'
import type { Content } from '../doc-types'
import type { BuildInput, DocumentBuilder } from './build-input'
import { a4Document, fields, grid, paragraphs, rule, sectionHeading, signatures, th, title } from './blocks'
import { dentalFormula, formulaLegend } from './dental-formula'

/** A titled section of free text; an empty one keeps its heading and a dash, as a paper card would. */
const section = (heading: string, text: string | undefined): Content[] => [
  sectionHeading(heading),
  { text: text && text.trim() ? text : '—', margin: [0, 0, 0, 2] }
]

/** The form's heading: the institution on the left, the form's number and approval on the right. */
function formHeading({ context, labels }: BuildInput): Content {
  return {
    columns: [
      { width: '*', stack: [{ text: context.company.legalName ?? context.company.name, bold: true }, { text: context.branch?.address ?? context.company.address ?? '', style: 'small' }] },
      { width: 250, stack: [{ text: labels.form043Header, bold: true, fontSize: 8 }, { text: labels.form043Approved, style: 'small' }], alignment: 'right' }
    ]
  }
}

function diagnosesTable(input: BuildInput, card: DocumentMedicalCard): Content {
  const { labels, format } = input
  const body: Content[][] = card.diagnoses.map((diagnosis) => [
    format.date(diagnosis.date),
    diagnosis.teeth ?? '',
    { text: diagnosis.icdCode, bold: true },
    diagnosis.title,
    { text: diagnosis.final ? labels.finalDiagnosis : labels.preliminaryDiagnosis, fontSize: 7.5 }
  ])
  return grid([52, 44, 40, '*', 84], [[th(labels.date), th(labels.teeth), th(labels.icd10), th(labels.diagnosisTitle), th('')], ...body])
}

function visitsTable(input: BuildInput, card: DocumentMedicalCard): Content {
  const { labels, format } = input
  const body: Content[][] = card.visits.map((visit) => {
    const record: Content[] = []
    const line = (label: string, text: string | undefined) => {
      if (text) record.push({ text: [{ text: `${label}: `, bold: true }, text] })
    }
    line(labels.complaints, visit.complaints)
    line(labels.findings, visit.findings)
    line(labels.diagnosis, visit.diagnosis)
    line(labels.treatment, visit.treatment)
    return [format.date(visit.date), visit.teeth ?? '', { stack: record }, { text: visit.doctorName, fontSize: 7.5 }]
  })
  return grid([52, 40, '*', 80], [[th(labels.date), th(labels.teeth), th(labels.visitRecord), th(labels.doctor)], ...body])
}

/** The medical card of a dental patient, form 043/у (PRODUCT-NOTES 9.1), section by section. */
export const buildMedicalCard043: DocumentBuilder = (input) => {
  const { context, labels, format, texts } = input
  const patient = context.patient
  const card = context.medicalCard
  const language = context.language
  const age = ageOn(patient?.birthdate, localDay(context.printedAt, context.timeZone))
  const content: Content[] = [formHeading(input), rule(), title(input), ...paragraphs(input, texts.intro)]
  content.push(
    fields([
      [labels.patient, patient?.fullName],
      [labels.gender, patient?.gender ? labels.genders[patient.gender] : undefined],
      [labels.birthdate, patient?.birthdate ? `${format.date(patient.birthdate)}${age === undefined ? '' : ` (${labels.age.toLowerCase()} ${age})`}` : undefined],
      [labels.address, patient?.address],
      [labels.phone, patient?.phone],
      [labels.profession, patient?.profession],
      [labels.passport, patient?.passport]
    ])
  )
  if (card) {
    content.push(
      ...section(labels.complaints, card.complaints),
      ...section(labels.anamnesis, card.anamnesis),
      ...section(labels.allergies, card.allergies),
      ...section(labels.externalExam, card.externalExam),
      sectionHeading(labels.dentalFormula),
      ...dentalFormula(card.formula, language, labels),
      formulaLegend(language, labels),
      ...section(labels.bite, card.bite),
      ...section(labels.mucosa, card.mucosa),
      ...section(labels.xrayFindings, card.xrayFindings),
      sectionHeading(labels.diagnoses),
      card.diagnoses.length ? diagnosesTable(input, card) : '—',
      ...section(labels.treatmentPlan, card.plan),
      sectionHeading(labels.visits),
      card.visits.length ? visitsTable(input, card) : '—'
    )
  }
  content.push(...paragraphs(input, texts.closing), signatures(input))
  return a4Document(input, 'medical-card-043', content)
}
