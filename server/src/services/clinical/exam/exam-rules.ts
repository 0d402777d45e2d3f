import { BadRequest, Conflict, Forbidden, NotFound } from '@feathersjs/errors'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { dbOf, inCallTransaction } from '../../../hooks/call-transaction'
import { newId, now } from '../../../hooks/ids'
import { visibleCustomer } from '../../../hooks/customer-visibility'
import { RowCodec } from '../../row-codec'
import { companyTimeZoneFor } from '../../company/company/company-reads'
import { todayIn } from '../../customers/customers/customer-rules'
import { ICD_CODE_PATTERN } from '../icd-codes'
import { visibleCodes } from '../icd/icd-rules'
import { CDB_TABLE } from '../cdb/cdb.class'
import { isFdiTooth } from '../../../../../domain/clinical/teeth'
import { isConditionCode } from '../../../../../domain/clinical/conditions'
import { computeOhis, ohisIndexTeeth, type OhisEntry } from '../../../../../domain/clinical/hygiene'
import { hasFinalDiagnosis, icdNeedsTeeth } from '../../../../../domain/clinical/exam'
import { EXAM_TABLE, examRowShape, type Exam, type ExamData, type ExamPatch } from './exam.class'

const codec = new RowCodec(examRowShape)
const icdPattern = new RegExp(ICD_CODE_PATTERN)
const ohisTeeth = new Set(ohisIndexTeeth.flatMap((entry) => [entry.tooth, ...entry.substitutes]))

/** The parts of an exam a client writes, as stored. */
type Contents = Pick<Exam, 'appointmentId' | 'date' | 'complaints' | 'findings' | 'toothCodes' | 'diagnoses' | 'bite' | 'mucosa' | 'hygiene' | 'xrayNote' | 'recommendations'>
type Input = Omit<ExamPatch, 'sign'>

const emptyContents = (date: string): Contents => ({
  appointmentId: null,
  date,
  complaints: { cdbIds: [], text: '' },
  findings: { odbIds: [], objectiveIds: [], text: '' },
  toothCodes: [],
  diagnoses: [],
  bite: null,
  mucosa: { state: null, note: '' },
  hygiene: { entries: [], debris: null, calculus: null, total: null, band: null },
  xrayNote: '',
  recommendations: ''
})

const companyOf = (context: HookContext, data?: { companyId?: string }) =>
  context.params.identity?.user.companyId ?? data?.companyId ?? (context.params.query as { companyId?: string } | undefined)?.companyId ?? ''
const callerId = (context: HookContext) => context.params.identity?.user._id ?? null

/** The stored row of an exam of the company, or undefined. */
async function storedExam(context: HookContext, id: string, companyId: string): Promise<Exam | undefined> {
  const row = await dbOf(context.app, context.params)(EXAM_TABLE).where({ _id: id, companyId }).first()
  return row ? codec.fromDb<Exam>(row) : undefined
}

/**
 * What the call changes, merged over `base` part by part (a part given is taken whole, its
 * missing keys from the base), trimmed; the hygiene index computed from its entries.
 */
const contentKeys = Object.keys(emptyContents('')) as (keyof Contents)[]

function merge(base: Contents, data: Input): Contents {
  const next = Object.fromEntries(contentKeys.map((key) => [key, base[key]])) as Contents
  if (data.appointmentId !== undefined) next.appointmentId = data.appointmentId
  if (data.date !== undefined) next.date = data.date
  if (data.complaints) next.complaints = { ...base.complaints, ...data.complaints, text: (data.complaints.text ?? base.complaints.text).trim() }
  if (data.findings) next.findings = { ...base.findings, ...data.findings, text: (data.findings.text ?? base.findings.text).trim() }
  if (data.toothCodes) next.toothCodes = data.toothCodes as Exam['toothCodes']
  if (data.diagnoses) {
    next.diagnoses = data.diagnoses.map((diagnosis) => ({
      kind: diagnosis.kind,
      icdCode: diagnosis.icdCode.trim().toUpperCase(),
      teeth: [...new Set(diagnosis.teeth ?? [])].sort((a, b) => a - b),
      note: diagnosis.note?.trim() ?? ''
    }))
  }
  if (data.bite !== undefined) next.bite = data.bite
  if (data.mucosa) next.mucosa = { ...base.mucosa, ...data.mucosa, note: (data.mucosa.note ?? base.mucosa.note).trim() }
  if (data.hygiene) {
    const entries = data.hygiene.entries as OhisEntry[]
    const result = computeOhis(entries)
    next.hygiene = { entries, debris: result?.debris ?? null, calculus: result?.calculus ?? null, total: result?.total ?? null, band: result?.band ?? null }
  }
  if (data.xrayNote !== undefined) next.xrayNote = data.xrayNote.trim()
  if (data.recommendations !== undefined) next.recommendations = data.recommendations.trim()
  return next
}

const fail = (code: Parameters<typeof clinicError>[1], path: string) => clinicError(BadRequest, code, path)

/**
 * The contents' rules: teeth where a code or diagnosis needs them ("Teeth not selected"), known
 * teeth, condition codes and ICD-10 codes (shipped or the company's own), complaints of the
 * company's list, a visit of this patient, OHI-S on index teeth. The other references (odb,
 * diagnose-objectively, appointment, doctor) are the company's by the access layer's check.
 */
async function checkContents(context: HookContext, contents: Contents, customerId: string, companyId: string) {
  const db = dbOf(context.app, context.params)
  const seenCodes = new Set<string>()
  contents.toothCodes.forEach((entry, index) => {
    if (entry.tooth === null || entry.tooth === undefined) throw fail('teeth-not-selected', `toothCodes.${index}.tooth`)
    if (!isFdiTooth(entry.tooth)) throw fail('tooth-unknown', `toothCodes.${index}.tooth`)
    if (!isConditionCode(entry.code)) throw fail('condition-code-unknown', `toothCodes.${index}.code`)
    const key = `${entry.tooth}:${entry.code}`
    if (seenCodes.has(key)) throw fail('invalid-request', `toothCodes.${index}`)
    seenCodes.add(key)
  })
  contents.diagnoses.forEach((diagnosis, index) => {
    if (!icdPattern.test(diagnosis.icdCode)) throw fail('icd-code-invalid', `diagnoses.${index}.icdCode`)
    if (diagnosis.teeth.some((tooth) => !isFdiTooth(tooth))) throw fail('tooth-unknown', `diagnoses.${index}.teeth`)
    if (diagnosis.teeth.length === 0 && icdNeedsTeeth(diagnosis.icdCode)) throw fail('teeth-not-selected', `diagnoses.${index}.teeth`)
  })
  const codes = [...new Set(contents.diagnoses.map((diagnosis) => diagnosis.icdCode))]
  if (codes.length > 0) {
    const known = new Set(((await visibleCodes(db, companyId, 'ICD-10').whereIn('code', codes).select('code')) as { code: string }[]).map((row) => row.code))
    const unknown = contents.diagnoses.findIndex((diagnosis) => !known.has(diagnosis.icdCode))
    if (unknown >= 0) throw fail('icd-code-unknown', `diagnoses.${unknown}.icdCode`)
  }
  const cdbIds = contents.complaints.cdbIds
  if (cdbIds.length > 0) {
    const rows = (await db(CDB_TABLE).whereIn('_id', cdbIds).where((scope) => scope.where('companyId', companyId).orWhereNull('companyId')).select('_id')) as { _id: string }[]
    const found = new Set(rows.map((row) => row._id))
    const missing = cdbIds.findIndex((id) => !found.has(id))
    if (missing >= 0) throw fail('invalid-reference', `complaints.cdbIds.${missing}`)
  }
  const scored = new Set<number>()
  contents.hygiene.entries.forEach((entry, index) => {
    if (!ohisTeeth.has(entry.tooth) || scored.has(entry.tooth)) throw fail('tooth-unknown', `hygiene.entries.${index}.tooth`)
    scored.add(entry.tooth)
  })
  if (contents.appointmentId) {
    const visit = await context.app
      .service('appointment')
      .get(contents.appointmentId, { ...inCallTransaction(context.params), query: { companyId } })
      .catch(() => null)
    if (!visit || visit.customerId !== customerId) throw fail('invalid-reference', 'appointmentId')
  }
}

/**
 * Before create: the patient is one the caller sees; a new exam (version 1, its own group) or,
 * with `amendsId`, the next version of the latest signed version of that exam, its contents
 * copied. The whole row is built here; the doctor defaults to the caller.
 */
export async function prepareExamCreate(context: HookContext) {
  const data = context.data as ExamData & { companyId?: string }
  const companyId = companyOf(context, data)
  await visibleCustomer(context, data.customerId)
  const { amendsId, customerId, doctorId, ...input } = data
  delete (input as { companyId?: string }).companyId
  let base: Exam | undefined
  if (amendsId !== undefined) {
    base = await storedExam(context, amendsId, companyId)
    if (!base || base.customerId !== customerId) throw fail('invalid-reference', 'amendsId')
    if (base.status !== 'signed') throw clinicError(Conflict, 'exam-not-signed', 'amendsId')
    const newer = await dbOf(context.app, context.params)(EXAM_TABLE).where({ companyId, examGroupId: base.examGroupId }).where('version', '>', base.version).first('_id')
    if (newer) throw clinicError(Conflict, 'exam-newer-version', 'amendsId', { examId: newer._id })
  }
  const today = todayIn(await companyTimeZoneFor(context.app.get('db'), companyId, context.params))
  const contents = merge(base ? { ...base, date: today } : emptyContents(today), input)
  await checkContents(context, contents, customerId, companyId)
  const doctor = doctorId ?? callerId(context)
  if (!doctor) throw fail('field-required', 'doctorId')
  const id = newId()
  const stamp = now()
  context.data = {
    _id: id,
    companyId,
    createdAt: stamp,
    updatedAt: stamp,
    createdBy: callerId(context),
    customerId,
    doctorId: doctor,
    ...contents,
    status: 'draft',
    version: base ? base.version + 1 : 1,
    examGroupId: base ? base.examGroupId : id,
    previousVersionId: base?._id ?? null,
    signedAt: null,
    signedBy: null
  } satisfies Exam
}

/**
 * Before patch: only a draft changes (a signed exam is amended: Conflict); the parts given are
 * checked merged with the stored ones. `sign: true` signs it: by its doctor only, with at least
 * one final diagnosis ("final diagnosis must be selected").
 */
export async function prepareExamPatch(context: HookContext) {
  const companyId = companyOf(context)
  const stored = await storedExam(context, String(context.id), companyId)
  if (!stored) throw clinicError(NotFound, 'not-found')
  if (stored.status === 'signed') throw clinicError(Conflict, 'exam-signed')
  const { sign, ...input } = context.data as ExamPatch
  const contents = merge(stored, input)
  await checkContents(context, contents, stored.customerId, companyId)
  const changes: Partial<Exam> = {}
  for (const key of Object.keys(input) as (keyof Contents)[]) (changes as Record<string, unknown>)[key] = contents[key]
  if (sign) {
    const caller = callerId(context)
    if (caller !== null && caller !== stored.doctorId) throw clinicError(Forbidden, 'exam-not-own')
    if (!hasFinalDiagnosis(contents.diagnoses)) throw fail('final-diagnosis-required', 'diagnoses')
    Object.assign(changes, { status: 'signed', signedAt: now(), signedBy: caller })
  }
  changes.updatedAt = now()
  context.data = changes
  // The update reaches the row only while it is still a draft (a sign racing an edit: one loses).
  context.params.query = { ...(context.params.query ?? {}), status: 'draft' }
}

/** Before remove: only a draft goes (to the trash); a signed version stays for good. */
export async function refuseSignedRemoval(context: HookContext) {
  const stored = await storedExam(context, String(context.id), companyOf(context))
  if (!stored) throw clinicError(NotFound, 'not-found')
  if (stored.status === 'signed') throw clinicError(Conflict, 'exam-signed')
  context.params.query = { ...(context.params.query ?? {}), status: 'draft' }
}
