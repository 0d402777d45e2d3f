import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { asCaller } from '../../../access/caller'
import { memberDisplayNames } from '../../team/users/user-rows'
import type { DocumentLanguage } from '../../../../../domain/documents/kinds'
import type { DocumentMedicalCard } from '../../../../../domain/documents/context'
import { interfaceWord } from '../../../documents/interface-words'
import { teethText } from './document-sources'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- other services' answers, read by the fields a document prints
type Row = Record<string, any>
/** Enough history for a card; an older visit is on the patient's screens. */
const MAX_ROWS = 200

const rowsOf = (answer: unknown): Row[] => (Array.isArray(answer) ? answer : ((answer as { data?: Row[] }).data ?? []))
const joined = (...parts: Array<string | null | undefined>) => parts.filter((part) => part && part.trim() !== '').join('. ')

/** The latest version of each exam, newest exam first. */
function latestExams(exams: Row[]): Row[] {
  const byGroup = new Map<string, Row>()
  for (const exam of exams) {
    const seen = byGroup.get(exam.examGroupId)
    if (!seen || exam.version > seen.version) byGroup.set(exam.examGroupId, exam)
  }
  return [...byGroup.values()].sort((a, b) => String(b.date).localeCompare(String(a.date)))
}

/** ICD-10 titles in the document's language (shipped and the company's own codes), by code. */
export async function icdTitles(app: Application, companyId: string, codes: string[], language: DocumentLanguage): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map()
  const rows = rowsOf(await app.service('icd').find({ paginate: false, query: { code: { $in: codes } } } as Params))
  const titles = new Map<string, string>()
  for (const row of rows) {
    if (row.companyId && row.companyId !== companyId) continue
    const title = row.titles?.[language] ?? row.titles?.ru ?? row.titles?.en ?? ''
    if (!titles.has(row.code) || row.companyId) titles.set(row.code, title)
  }
  return titles
}

/**
 * The 043/у card of a patient, read as the caller: the exams (their latest versions), the health
 * card's allergies, the treatments done as the diary of visits. A caller who may not read exams
 * or the health card gets the parts they may read (the services refuse the rest).
 */
export async function medicalCardOf(app: Application, params: Params, customerId: string, language: DocumentLanguage): Promise<DocumentMedicalCard> {
  const companyId = params.identity!.user.companyId as string
  const word = (key: string) => interfaceWord(language, key)
  const readable = async (path: string, query: Row) => {
    try {
      return rowsOf(await app.service(path as 'notes').find({ ...asCaller(params), query: { customerId, $limit: MAX_ROWS, ...query } } as Params))
    } catch (error) {
      if ((error as { code?: number }).code === 403) return []
      throw error
    }
  }
  const [examRows, healthCards, treatments] = await Promise.all([readable('exam', {}), readable('health-card', {}), readable('treatment', {})])
  const exams = latestExams(examRows)
  const latest = exams[0]
  const health = healthCards[0]
  const diagnoses: Row[] = exams.flatMap((exam) => (exam.diagnoses as Row[]).map((diagnosis) => ({ ...diagnosis, date: exam.date })))
  const titles = await icdTitles(app, companyId, [...new Set([...diagnoses.map((d) => d.icdCode), ...treatments.map((t) => t.icdCode).filter(Boolean)])], language)
  const doctorNames = await memberDisplayNames(app.get('db'), companyId, [...new Set(treatments.map((t) => t.doctorId as string))])

  const formula: Record<string, string> = {}
  for (const { tooth, code } of (latest?.toothCodes ?? []) as Row[]) formula[String(tooth)] = formula[String(tooth)] ? `${formula[String(tooth)]} ${code}` : code

  const allergies = ((health?.allergies ?? []) as Row[]).map((allergy) =>
    joined(allergy.name || word(`healthCard.allergen.${allergy.substance}`), allergy.reaction)
  )
  const diseases = ((health?.diseases ?? []) as Row[]).map((disease) => joined(disease.name || word(`healthCard.disease.${disease.disease}`), disease.note))

  interface VisitLines { date: string; doctorName: string; teeth: string[]; diagnosis: string[]; treatment: string[] }
  const visits = new Map<string, VisitLines>()
  for (const treatment of treatments) {
    const key = `${treatment.visitDate}/${treatment.doctorId}`
    const visit: VisitLines = visits.get(key) ?? { date: treatment.visitDate, doctorName: doctorNames.get(treatment.doctorId) ?? '', teeth: [], diagnosis: [], treatment: [] }
    const teeth = teethText(treatment.teeth)
    if (teeth) visit.teeth.push(teeth)
    if (treatment.icdCode) visit.diagnosis.push(`${treatment.icdCode} ${titles.get(treatment.icdCode) ?? ''}`.trim())
    visit.treatment.push(treatment.quantity > 1 ? `${treatment.serviceName} × ${treatment.quantity}` : treatment.serviceName)
    visits.set(key, visit)
  }

  return {
    complaints: latest?.complaints?.text ?? '',
    anamnesis: joined(...diseases, health?.anaesthesiaReactions, health?.notes),
    allergies: allergies.join('; '),
    externalExam: latest?.findings?.text ?? '',
    bite: latest?.bite ? word(`exam.bites.${latest.bite}`) : '',
    mucosa: joined(latest?.mucosa?.state ? word(`exam.mucosaStates.${latest.mucosa.state}`) : '', latest?.mucosa?.note),
    xrayFindings: latest?.xrayNote ?? '',
    formula,
    diagnoses: diagnoses.map((diagnosis) => ({
      date: diagnosis.date,
      teeth: (diagnosis.teeth as number[]).join(', ') || undefined,
      icdCode: diagnosis.icdCode,
      title: titles.get(diagnosis.icdCode) ?? diagnosis.note ?? '',
      final: diagnosis.kind === 'final'
    })),
    plan: latest?.recommendations || undefined,
    visits: [...visits.values()]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((visit) => ({ date: visit.date, doctorName: visit.doctorName, teeth: visit.teeth.join('; ') || undefined, diagnosis: visit.diagnosis.join('; ') || undefined, treatment: visit.treatment.join('; ') }))
  }
}
