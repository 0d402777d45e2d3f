import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordProperties } from '../../../schema/record'
import { hasPermission } from '../../../../../domain/access/check'
import { surfaceCodes } from '../../../../../domain/clinical/surfaces'
import { IcdCodeSchema } from '../icd-codes'
import { MAX_SERVICE_CODE } from '../../catalogue/service/service.shared'
import { MAX_LINE_QUANTITY, MAX_LINE_TEETH, MAX_MATERIALS_LENGTH, TREATMENT_MAX_PAGE } from './treatment.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) => Type.Union([schema, Type.Null()])
const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const Money = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })

/** A tooth of a line as stored: FDI number, the surfaces worked on (none: the whole tooth). */
const lineToothSchema = Type.Object({ tooth: Type.Integer(), surfaces: Type.Array(literals(surfaceCodes)) }, { additionalProperties: false })
/** As sent: surfaces are plain strings here so that the domain check names what is wrong (lineTeethProblem). */
const lineToothInput = Type.Object(
  { tooth: Type.Integer(), surfaces: Type.Optional(Type.Array(Type.String({ maxLength: 2 }), { maxItems: 8 })) },
  { additionalProperties: false }
)
const teethInput = Type.Array(lineToothInput, { maxItems: MAX_LINE_TEETH })

// Main: one treatment line, what was done in a visit (docs/decisions/clinical-treatments-done.md).
export const treatmentLineSchema = Type.Object(
  {
    ...recordProperties,
    /** The visit's branch. */
    branchId: ref('branches'),
    customerId: ref('customers'),
    appointmentId: ref('appointment'),
    /** The visit's company-local day when the line was written (lines are grouped by it). */
    visitDate: LocalDate,
    teeth: Type.Array(lineToothSchema, { maxItems: MAX_LINE_TEETH }),
    serviceId: ref('service'),
    /** The catalogue service as it was when the line was written: later catalogue changes leave it. */
    serviceName: Type.String({ minLength: 1, maxLength: 200 }),
    serviceCode: nullable(Type.String({ maxLength: MAX_SERVICE_CODE })),
    /** Minutes. */
    serviceDuration: Type.Integer({ minimum: 0 }),
    /** The catalogue's price of one unit at that time, minor units. */
    listPrice: Money,
    quantity: Type.Integer({ minimum: 1, maximum: MAX_LINE_QUANTITY }),
    /** The price of one unit charged, minor units (the list price unless changed); the amount is price × quantity. */
    price: Money,
    /** ICD-10 diagnosis; clinical, only for roles with `exam` view. */
    icdCode: nullable(IcdCodeSchema),
    doctorId: ref('users'),
    assistantId: nullable(ref('users')),
    materials: Type.String({ maxLength: MAX_MATERIALS_LENGTH }),
    /** Set by billing once the line is invoiced; a billed line is not changed or removed. */
    invoiceId: nullable(IdSchema),
    /** The treatment plan item this line completes (issue 15): the item is done while the line exists. */
    planItemId: nullable(IdSchema)
  },
  { $id: 'TreatmentLine', additionalProperties: false }
)
export type TreatmentLine = Static<typeof treatmentLineSchema>

/** May the caller see diagnoses (the `exam` resource)? Internal calls may. */
export const seesDiagnosis = (context: HookContext) => !context.params.provider || hasPermission(context.params.identity?.role.permissions, 'exam', 'view')

export const treatmentLineResolver = resolve<TreatmentLine, HookContext>({})
/** A role without `exam` view (finance, the front desk) gets the line without its diagnosis. */
export const treatmentLineExternalResolver = resolve<TreatmentLine, HookContext>({
  icdCode: async (value, _line, context) => (seesDiagnosis(context) ? value : null)
})

// Data: the visit, the patient, the catalogue service; the rest has defaults (doctor: the visit's).
export const treatmentLineDataSchema = Type.Object(
  {
    customerId: ref('customers'),
    appointmentId: ref('appointment'),
    serviceId: ref('service'),
    teeth: Type.Optional(teethInput),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LINE_QUANTITY })),
    price: Type.Optional(Money),
    icdCode: Type.Optional(nullable(IcdCodeSchema)),
    doctorId: Type.Optional(ref('users')),
    assistantId: Type.Optional(nullable(ref('users'))),
    materials: Type.Optional(Type.String({ maxLength: MAX_MATERIALS_LENGTH })),
    /** A planned item of an accepted plan of the patient, which this line completes (checked by the plan's rules). */
    planItemId: Type.Optional(IdSchema)
  },
  { $id: 'TreatmentLineData', additionalProperties: false }
)
export type TreatmentLineData = Static<typeof treatmentLineDataSchema>
export const treatmentLineDataValidator = getValidator(treatmentLineDataSchema, dataValidator)

// Patch: what was done and by whom; the visit, the patient and the service stay (a new service is a new line).
export const treatmentLinePatchSchema = Type.Partial(
  Type.Object({
    teeth: teethInput,
    quantity: Type.Integer({ minimum: 1, maximum: MAX_LINE_QUANTITY }),
    price: Money,
    icdCode: nullable(IcdCodeSchema),
    doctorId: ref('users'),
    assistantId: nullable(ref('users')),
    materials: Type.String({ maxLength: MAX_MATERIALS_LENGTH })
  }),
  { $id: 'TreatmentLinePatch', additionalProperties: false }
)
export type TreatmentLinePatch = Static<typeof treatmentLinePatchSchema>
export const treatmentLinePatchValidator = getValidator(treatmentLinePatchSchema, dataValidator)

/** `$regex` on the service's name or code (spec section 7 allows it on `treatment`): read as text, `^` anchors. */
const textRegex = { $regex: Type.String({ minLength: 1, maxLength: 201 }), $options: Type.Union([Type.Literal('i'), Type.Literal('')]) }

// Query: a patient's lines (a visit's with appointmentId), by doctor, service, day, billed or not.
export const treatmentLineQueryProperties = Type.Pick(treatmentLineSchema, [
  '_id', 'companyId', 'branchId', 'customerId', 'appointmentId', 'visitDate', 'serviceId', 'serviceName', 'serviceCode', 'doctorId', 'assistantId', 'invoiceId', 'planItemId', 'createdAt', 'updatedAt', 'createdBy'
])
export const treatmentLineQuerySchema = strictQuery(treatmentLineQueryProperties, { serviceName: textRegex, serviceCode: textRegex }, {}, TREATMENT_MAX_PAGE, treatmentLineSchema)
export type TreatmentLineQuery = Static<typeof treatmentLineQuerySchema>
export const treatmentLineQueryValidator = getValidator(treatmentLineQuerySchema, queryValidator)
