import type { Exam, ExamPatch } from '../../../../server/src/services/clinical/exam/exam.shared'
import type { BiteType, DiagnosisKind, MucosaState } from '../../../../domain/clinical/exam'
import { computeOhis, ohisIndexTeeth, type OhisEntry, type OhisResult } from '../../../../domain/clinical/hygiene'

export interface DiagnosisRow {
  kind: DiagnosisKind
  icdCode: string
  teeth: number[]
  note: string
}
export interface ToothCodeRow {
  tooth: number | null
  code: string
}
/** One row of the OHI-S grid: an index tooth, the tooth actually scored (it or a stand-in), two scores. */
export interface HygieneRow {
  index: number
  tooth: number
  debris: number | null
  calculus: number | null
}

/** The editor's state: the exam flattened into what the controls hold. */
export interface ExamFormValues {
  date: string
  appointmentId: string | null
  cdbIds: string[]
  complaintText: string
  odbIds: string[]
  objectiveIds: string[]
  findingsText: string
  toothCodes: ToothCodeRow[]
  diagnoses: DiagnosisRow[]
  bite: BiteType | null
  mucosaState: MucosaState | null
  mucosaNote: string
  hygiene: HygieneRow[]
  xrayNote: string
  recommendations: string
}

/** The six index teeth, each scored on itself unless the exam scored a stand-in. */
export function hygieneRows(entries: readonly OhisEntry[] = []): HygieneRow[] {
  return ohisIndexTeeth.map(({ tooth, substitutes }) => {
    const entry = entries.find((candidate) => candidate.tooth === tooth || substitutes.includes(candidate.tooth))
    return { index: tooth, tooth: entry?.tooth ?? tooth, debris: entry?.debris ?? null, calculus: entry?.calculus ?? null }
  })
}

export function formFromExam(exam: Exam | null, today: string): ExamFormValues {
  return {
    date: exam?.date ?? today,
    appointmentId: exam?.appointmentId ?? null,
    cdbIds: exam?.complaints.cdbIds ?? [],
    complaintText: exam?.complaints.text ?? '',
    odbIds: exam?.findings.odbIds ?? [],
    objectiveIds: exam?.findings.objectiveIds ?? [],
    findingsText: exam?.findings.text ?? '',
    toothCodes: (exam?.toothCodes ?? []).map((entry) => ({ tooth: entry.tooth, code: entry.code })),
    diagnoses: (exam?.diagnoses ?? []).map((diagnosis) => ({ ...diagnosis, teeth: [...diagnosis.teeth] })),
    bite: exam?.bite ?? null,
    mucosaState: exam?.mucosa.state ?? null,
    mucosaNote: exam?.mucosa.note ?? '',
    hygiene: hygieneRows(exam?.hygiene.entries ?? []),
    xrayNote: exam?.xrayNote ?? '',
    recommendations: exam?.recommendations ?? ''
  }
}

/** The rows with at least one score, as the server stores them. */
export function hygieneEntries(rows: readonly HygieneRow[]): OhisEntry[] {
  return rows.filter((row) => row.debris !== null || row.calculus !== null).map((row) => ({ tooth: row.tooth, debris: row.debris, calculus: row.calculus }))
}

/** The index as the server will compute it, shown while typing. */
export function previewOhis(rows: readonly HygieneRow[]): OhisResult | null {
  return computeOhis(hygieneEntries(rows))
}

/** The call's data: every part of the exam (a draft is saved whole). */
export function dataFromForm(values: ExamFormValues): Required<Omit<ExamPatch, 'sign'>> {
  return {
    date: values.date,
    appointmentId: values.appointmentId,
    complaints: { cdbIds: values.cdbIds, text: values.complaintText.trim() },
    findings: { odbIds: values.odbIds, objectiveIds: values.objectiveIds, text: values.findingsText.trim() },
    toothCodes: values.toothCodes.filter((row) => row.code !== '').map((row) => ({ tooth: row.tooth, code: row.code })),
    diagnoses: values.diagnoses
      .filter((row) => row.icdCode.trim() !== '')
      .map((row) => ({ kind: row.kind, icdCode: row.icdCode.trim().toUpperCase(), teeth: row.teeth, note: row.note.trim() })),
    bite: values.bite,
    mucosa: { state: values.mucosaState, note: values.mucosaNote.trim() },
    hygiene: { entries: hygieneEntries(values.hygiene) },
    xrayNote: values.xrayNote.trim(),
    recommendations: values.recommendations.trim()
  }
}

/** What a preset brings (the `presets` service's lists an exam uses). */
export interface PresetFill {
  cdb: string[]
  odb: string[]
  icd: string[]
  diagnosis: string[]
  diagnosisFinal: string[]
}

/**
 * One click fills the exam from a preset, adding to what is there: complaint texts that name an
 * entry of the complaints list pick it, others join the complaint text; its findings; its ICD-10
 * codes as final diagnoses (teeth still to pick where the code needs them) carrying the final
 * wording, the preliminary wording on a preliminary diagnosis of the first code.
 */
export function applyPreset(values: ExamFormValues, preset: PresetFill, complaintIdByText: ReadonlyMap<string, string>): ExamFormValues {
  const cdbIds = [...values.cdbIds]
  const texts: string[] = []
  for (const text of preset.cdb) {
    const id = complaintIdByText.get(text.trim().toLowerCase())
    if (id) {
      if (!cdbIds.includes(id)) cdbIds.push(id)
    } else if (!values.complaintText.includes(text)) texts.push(text)
  }
  const have = new Set(values.diagnoses.map((row) => `${row.kind}:${row.icdCode}`))
  const finalNote = preset.diagnosisFinal.join('; ')
  const added: DiagnosisRow[] = []
  if (preset.icd.length > 0 && preset.diagnosis.length > 0 && !have.has(`preliminary:${preset.icd[0]}`)) {
    added.push({ kind: 'preliminary', icdCode: preset.icd[0], teeth: [], note: preset.diagnosis.join('; ') })
  }
  for (const code of preset.icd) if (!have.has(`final:${code}`)) added.push({ kind: 'final', icdCode: code, teeth: [], note: finalNote })
  return {
    ...values,
    cdbIds,
    complaintText: [values.complaintText.trim(), ...texts].filter(Boolean).join('; '),
    odbIds: [...new Set([...values.odbIds, ...preset.odb])],
    diagnoses: [...values.diagnoses, ...added]
  }
}
