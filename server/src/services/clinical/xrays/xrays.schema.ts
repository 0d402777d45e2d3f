import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordProperties } from '../../../schema/record'
import { MAX_XRAY_FINDINGS, MAX_XRAY_QUANTITY, MAX_XRAY_TEETH, xrayTypes } from '../../../../../domain/clinical/xrays'
import { XRAYS_MAX_PAGE } from './xrays.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) => Type.Union([schema, Type.Null()])
const DateSchema = Type.String({ format: 'date' })
/** As sent: any integer, so that the rules name a dose out of range (`xray-dose-range`) at its field. */
const doseInput = Type.Integer()
/** Teeth as sent: any integers, checked by the rules (`tooth-unknown` at the tooth's index). */
const teethInput = Type.Array(Type.Integer(), { maxItems: MAX_XRAY_TEETH })

// Main: one X-ray record of a patient (docs/decisions/clinical-xrays.md).
export const xraySchema = Type.Object(
  {
    ...recordProperties,
    /** The branch it was taken in. */
    branchId: ref('branches'),
    customerId: ref('customers'),
    /** The visit it was taken in, when there was one: one of the patient's appointments. */
    appointmentId: nullable(ref('appointment')),
    doctorId: ref('users'),
    /** The company-local day it was taken. */
    date: DateSchema,
    type: literals(xrayTypes),
    /** The effective dose of one exposure, an integer of 0.1 µSv (domain/clinical/xrays.ts). */
    dose: Type.Integer({ minimum: 0 }),
    /** Exposures taken; the record's dose is dose × quantity. */
    quantity: Type.Integer({ minimum: 1, maximum: MAX_XRAY_QUANTITY }),
    /** FDI numbers, ascending; required for intraoral X-rays. */
    teeth: Type.Array(Type.Integer(), { maxItems: MAX_XRAY_TEETH }),
    /** The doctor's reading: clinical, only for roles with `xrays` view. */
    findings: Type.String({ maxLength: MAX_XRAY_FINDINGS })
  },
  { $id: 'Xray', additionalProperties: false }
)
export type Xray = Static<typeof xraySchema>
export const xrayResolver = resolve<Xray, HookContext>({})
export const xrayExternalResolver = resolve<Xray, HookContext>({})

const contents = {
  appointmentId: Type.Optional(nullable(ref('appointment'))),
  doctorId: Type.Optional(ref('users')),
  date: Type.Optional(DateSchema),
  dose: Type.Optional(doseInput),
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_XRAY_QUANTITY })),
  teeth: Type.Optional(teethInput),
  findings: Type.Optional(Type.String({ maxLength: MAX_XRAY_FINDINGS }))
}

/**
 * Data: the patient and the type; the rest has defaults (the branch: the visit's, else the
 * patient's; the doctor: the caller; the day: today; the dose: the company's for the type;
 * one exposure; no teeth, which an intraoral X-ray must name).
 */
export const xrayDataSchema = Type.Object(
  { customerId: ref('customers'), type: literals(xrayTypes), branchId: Type.Optional(ref('branches')), ...contents },
  { $id: 'XrayData', additionalProperties: false }
)
export type XrayData = Static<typeof xrayDataSchema>
export const xrayDataValidator = getValidator(xrayDataSchema, dataValidator)

/** Patch: any of what was written, the type included; the patient stays (another patient's X-ray is a new record). */
export const xrayPatchSchema = Type.Object(
  { type: Type.Optional(literals(xrayTypes)), branchId: Type.Optional(ref('branches')), ...contents },
  { $id: 'XrayPatch', additionalProperties: false }
)
export type XrayPatch = Static<typeof xrayPatchSchema>
export const xrayPatchValidator = getValidator(xrayPatchSchema, dataValidator)

/** `$doseTotals`: the patient's dose totals with the page, as of the company's today (true) or a day. */
const doseTotalsOption = Type.Union([Type.Literal(true), DateSchema])

// Query: a patient's X-rays, by visit, doctor, type, branch, day.
export const xrayQueryProperties = Type.Pick(xraySchema, ['_id', 'companyId', 'branchId', 'customerId', 'appointmentId', 'doctorId', 'date', 'type', 'createdAt', 'updatedAt'])
export const xrayQuerySchema = strictQuery(xrayQueryProperties, {}, { $doseTotals: doseTotalsOption }, XRAYS_MAX_PAGE, xraySchema)
export type XrayQuery = Static<typeof xrayQuerySchema>
export const xrayQueryValidator = getValidator(xrayQuerySchema, queryValidator)
