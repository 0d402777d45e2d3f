/**
 * An exam's fixed lists and its teeth rule (docs/decisions/clinical-exams.md). The stored values
 * are these keys; every screen translates them (`exam.bite.<key>`, `exam.mucosa.<key>`).
 */

/** Bite (occlusion) types a dentist records at an exam. */
export const biteTypes = ['orthognathic', 'straight', 'progenic', 'prognathic', 'open', 'deep', 'cross'] as const
export type BiteType = (typeof biteTypes)[number]

/** The state of the oral mucosa. */
export const mucosaStates = ['healthy', 'hyperaemic', 'oedematous', 'ulcerated', 'leukoplakia', 'other'] as const
export type MucosaState = (typeof mucosaStates)[number]

export const diagnosisKinds = ['preliminary', 'final'] as const
export type DiagnosisKind = (typeof diagnosisKinds)[number]

export const examStatuses = ['draft', 'signed'] as const
export type ExamStatus = (typeof examStatuses)[number]

/**
 * ICD-10 codes that are about a tooth, so a diagnosis with one names its teeth ("Teeth not
 * selected" otherwise): disorders of development and eruption (K00), impacted teeth (K01),
 * caries (K02), other hard tissue disease (K03), pulp and periapical disease (K04), loss of a
 * tooth (K08.1) and a fractured tooth (S02.5). Gum and periodontal disease (K05, K06), bite
 * anomalies (K07) and the mucosa (K12-K14) are diagnoses of the mouth: no teeth needed.
 */
const TOOTH_CODE = /^(K0[0-4]|K08\.1|S02\.5)/

export function icdNeedsTeeth(code: string): boolean {
  return TOOTH_CODE.test(code.trim().toUpperCase())
}

export interface ExamDiagnosis {
  kind: DiagnosisKind
  icdCode: string
  teeth: number[]
  note?: string
}

/** Whether an exam may be signed: it has at least one final diagnosis. */
export function hasFinalDiagnosis(diagnoses: readonly Pick<ExamDiagnosis, 'kind'>[]): boolean {
  return diagnoses.some((diagnosis) => diagnosis.kind === 'final')
}
