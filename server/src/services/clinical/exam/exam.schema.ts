import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, InstantSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordProperties } from '../../../schema/record'
import { biteTypes, diagnosisKinds, examStatuses, mucosaStates } from '../../../../../domain/clinical/exam'
import { OHIS_SCORE_MAX } from '../../../../../domain/clinical/hygiene'
import { MAX_EXAM_DIAGNOSES, MAX_EXAM_LIST, MAX_EXAM_NOTE, MAX_EXAM_TEXT } from './exam.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) => Type.Union([schema, Type.Null()])
const text = Type.String({ maxLength: MAX_EXAM_TEXT })
const DateSchema = Type.String({ format: 'date' })
const score = nullable(Type.Integer({ minimum: 0, maximum: OHIS_SCORE_MAX }))

/** Complaints: entries of the complaints list (`cdb`, shipped or the company's own) and the patient's words. */
const complaintsSchema = Type.Object(
  { cdbIds: Type.Array(IdSchema, { maxItems: MAX_EXAM_LIST, uniqueItems: true }), text },
  { additionalProperties: false }
)
/** Objective findings: `odb` entries, `diagnose-objectively` entries and the doctor's words. */
const findingsSchema = Type.Object(
  {
    odbIds: Type.Array(ref('odb'), { maxItems: MAX_EXAM_LIST, uniqueItems: true }),
    objectiveIds: Type.Array(ref('diagnose-objectively'), { maxItems: MAX_EXAM_LIST, uniqueItems: true }),
    text
  },
  { additionalProperties: false }
)
/** A tooth's condition code (conditions.ts) as found at the exam; `tooth` is checked by the rules ("Teeth not selected"). */
const toothCodeSchema = Type.Object({ tooth: Type.Integer(), code: Type.String({ maxLength: 4 }) }, { additionalProperties: false })
const toothCodeInput = Type.Object({ tooth: Type.Optional(nullable(Type.Integer())), code: Type.String({ maxLength: 4 }) }, { additionalProperties: false })
/** A diagnosis: preliminary or final, an ICD-10 code, on teeth (none: the whole mouth). */
const diagnosisSchema = Type.Object(
  {
    kind: literals(diagnosisKinds),
    icdCode: Type.String({ minLength: 1, maxLength: 8 }),
    teeth: Type.Array(Type.Integer(), { maxItems: 52 }),
    note: Type.String({ maxLength: MAX_EXAM_NOTE })
  },
  { additionalProperties: false }
)
const diagnosisInput = Type.Object(
  {
    kind: literals(diagnosisKinds),
    icdCode: Type.String({ minLength: 1, maxLength: 8 }),
    teeth: Type.Optional(Type.Array(Type.Integer(), { maxItems: 52 })),
    note: Type.Optional(Type.String({ maxLength: MAX_EXAM_NOTE }))
  },
  { additionalProperties: false }
)
const mucosaSchema = Type.Object({ state: nullable(literals(mucosaStates)), note: Type.String({ maxLength: MAX_EXAM_NOTE }) }, { additionalProperties: false })
const ohisEntrySchema = Type.Object({ tooth: Type.Integer(), debris: score, calculus: score }, { additionalProperties: false })
/** OHI-S: the entries as scored and the index the server computed from them (never typed). */
const hygieneSchema = Type.Object(
  {
    entries: Type.Array(ohisEntrySchema, { maxItems: 18 }),
    debris: nullable(Type.Number()),
    calculus: nullable(Type.Number()),
    total: nullable(Type.Number()),
    band: nullable(literals(['good', 'fair', 'poor'] as const))
  },
  { additionalProperties: false }
)
const hygieneInput = Type.Object({ entries: Type.Array(ohisEntrySchema, { maxItems: 18 }) }, { additionalProperties: false })

// Main: one version of one exam (docs/decisions/clinical-exams.md).
export const examSchema = Type.Object(
  {
    ...recordProperties,
    customerId: ref('customers'),
    /** The visit it was made in: one of the patient's appointments. */
    appointmentId: nullable(ref('appointment')),
    doctorId: ref('users'),
    date: DateSchema,
    complaints: complaintsSchema,
    findings: findingsSchema,
    toothCodes: Type.Array(toothCodeSchema, { maxItems: MAX_EXAM_LIST }),
    diagnoses: Type.Array(diagnosisSchema, { maxItems: MAX_EXAM_DIAGNOSES }),
    bite: nullable(literals(biteTypes)),
    mucosa: mucosaSchema,
    hygiene: hygieneSchema,
    xrayNote: text,
    recommendations: text,
    status: literals(examStatuses),
    /** 1 for the first version; an amendment is the next number of the same group. */
    version: Type.Integer({ minimum: 1 }),
    /** The first version's id, shared by all versions of one exam. */
    examGroupId: IdSchema,
    previousVersionId: nullable(IdSchema),
    signedAt: nullable(InstantSchema),
    signedBy: nullable(IdSchema)
  },
  { $id: 'Exam', additionalProperties: false }
)
export type Exam = Static<typeof examSchema>
export const examResolver = resolve<Exam, HookContext>({})
export const examExternalResolver = resolve<Exam, HookContext>({})

/** What a client writes: the exam's contents (each part replaced whole). */
const contents = {
  appointmentId: Type.Optional(nullable(ref('appointment'))),
  date: Type.Optional(DateSchema),
  complaints: Type.Optional(Type.Partial(complaintsSchema, { additionalProperties: false })),
  findings: Type.Optional(Type.Partial(findingsSchema, { additionalProperties: false })),
  toothCodes: Type.Optional(Type.Array(toothCodeInput, { maxItems: MAX_EXAM_LIST })),
  diagnoses: Type.Optional(Type.Array(diagnosisInput, { maxItems: MAX_EXAM_DIAGNOSES })),
  bite: Type.Optional(nullable(literals(biteTypes))),
  mucosa: Type.Optional(Type.Partial(mucosaSchema, { additionalProperties: false })),
  hygiene: Type.Optional(hygieneInput),
  xrayNote: Type.Optional(text),
  recommendations: Type.Optional(text)
}

/**
 * Data: a new exam of a patient (the doctor defaults to the caller), or with `amendsId` a new
 * version of a signed exam: its contents copied, then what the call gives.
 */
export const examDataSchema = Type.Object(
  { customerId: ref('customers'), doctorId: Type.Optional(ref('users')), amendsId: Type.Optional(ref('exam')), ...contents },
  { $id: 'ExamData', additionalProperties: false }
)
export type ExamData = Static<typeof examDataSchema>
export const examDataValidator = getValidator(examDataSchema, dataValidator)

/** Patch: a draft's contents; `sign: true` signs it (now, by the caller, who must be its doctor). */
export const examPatchSchema = Type.Object({ ...contents, sign: Type.Optional(Type.Literal(true)) }, { $id: 'ExamPatch', additionalProperties: false })
export type ExamPatch = Static<typeof examPatchSchema>
export const examPatchValidator = getValidator(examPatchSchema, dataValidator)

// Query: a patient's exams, by visit, doctor, status, group (the versions of one exam), date.
export const examQueryProperties = Type.Pick(examSchema, ['_id', 'companyId', 'customerId', 'appointmentId', 'doctorId', 'date', 'status', 'version', 'examGroupId', 'createdAt', 'updatedAt'])
export const examQuerySchema = strictQuery(examQueryProperties)
export type ExamQuery = Static<typeof examQuerySchema>
export const examQueryValidator = getValidator(examQuerySchema, queryValidator)
