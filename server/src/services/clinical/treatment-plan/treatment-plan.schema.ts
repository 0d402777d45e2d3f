import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordProperties } from '../../../schema/record'
import { surfaceCodes } from '../../../../../domain/clinical/surfaces'
import { itemStatuses, planActions, planStatuses, shownPlanStatuses, urgencies } from '../../../../../domain/clinical/treatment-plans'
import { MAX_SERVICE_CODE } from '../../catalogue/service/service.shared'
import { MAX_LINE_TEETH } from '../treatment/treatment.shared'
import { MAX_ITEM_QUANTITY, MAX_PHASE_ITEMS, MAX_PLAN_PHASES, MAX_PLAN_TITLE, TREATMENT_PLAN_MAX_PAGE } from './treatment-plan.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) => Type.Union([schema, Type.Null()])
const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' })
const Money = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })
const Percent = Type.Integer({ minimum: 0, maximum: 100 })
const GroupKey = Type.String({ minLength: 1, maxLength: 40 })
const Title = Type.String({ maxLength: MAX_PLAN_TITLE })

const itemToothSchema = Type.Object({ tooth: Type.Integer(), surfaces: Type.Array(literals(surfaceCodes)) }, { additionalProperties: false })
/** As sent: surfaces as plain strings, so the domain check names what is wrong (lineTeethProblem). */
const itemToothInput = Type.Object(
  { tooth: Type.Integer(), surfaces: Type.Optional(Type.Array(Type.String({ maxLength: 2 }), { maxItems: 8 })) },
  { additionalProperties: false }
)

/** An item as stored: what to do, on which teeth, by whom, at which price (snapshot), and where it stands. */
export const planItemSchema = Type.Object(
  {
    _id: IdSchema,
    teeth: Type.Array(itemToothSchema, { maxItems: MAX_LINE_TEETH }),
    serviceId: ref('service'),
    serviceName: Type.String({ minLength: 1, maxLength: 200 }),
    serviceCode: nullable(Type.String({ maxLength: MAX_SERVICE_CODE })),
    /** Minutes of one unit (the booking's length comes from it). */
    duration: Type.Integer({ minimum: 0 }),
    quantity: Type.Integer({ minimum: 1, maximum: MAX_ITEM_QUANTITY }),
    /** Price of one unit, minor units: the catalogue's when the item was added or last re-priced, unless changed. */
    price: Money,
    /** Percent off this item. */
    discount: Percent,
    doctorId: nullable(ref('users')),
    urgency: literals(urgencies),
    /** Items sharing a group are alternatives; those sharing an option within it go together. */
    alternativeGroup: nullable(GroupKey),
    alternative: nullable(GroupKey),
    status: literals(itemStatuses),
    /** The treatment done that completed it. */
    treatmentId: nullable(IdSchema)
  },
  { additionalProperties: false }
)
export type PlanItem = Static<typeof planItemSchema>

export const planPhaseSchema = Type.Object(
  {
    _id: IdSchema,
    title: Title,
    items: Type.Array(planItemSchema, { maxItems: MAX_PHASE_ITEMS }),
    /** The visit booked for this phase from the plan. */
    appointmentId: nullable(IdSchema),
    /** The phase's visit, while it is cancelled or a no-show: restored, it is the phase's again (plan-items.ts). */
    releasedAppointmentId: Type.Optional(nullable(IdSchema))
  },
  { additionalProperties: false }
)
export type PlanPhase = Static<typeof planPhaseSchema>

// Main: one plan of one patient (docs/decisions/clinical-treatment-plans.md).
export const treatmentPlanSchema = Type.Object(
  {
    ...recordProperties,
    /** The patient's branch when the plan was made. */
    branchId: ref('branches'),
    customerId: ref('customers'),
    title: Title,
    doctorId: ref('users'),
    /** Shown state: `expired` is a presented plan whose prices ran out (never stored). */
    status: literals(shownPlanStatuses),
    /** Company-local day of the consultation; prices hold 180 days from it. */
    consultationDate: LocalDate,
    /** The last day prices hold. */
    priceValidUntil: LocalDate,
    pricesOutdated: Type.Boolean(),
    phases: Type.Array(planPhaseSchema, { maxItems: MAX_PLAN_PHASES }),
    /** Accepted with a phase of planned items that has no visit booked. */
    needsBooking: Type.Boolean(),
    copiedFrom: nullable(IdSchema)
  },
  { $id: 'TreatmentPlan', additionalProperties: false }
)
export type TreatmentPlan = Static<typeof treatmentPlanSchema>
export const treatmentPlanResolver = resolve<TreatmentPlan, HookContext>({})
export const treatmentPlanExternalResolver = resolve<TreatmentPlan, HookContext>({})

/** An item as written: existing ones by `_id` keep their price snapshot and progress. */
const planItemInput = Type.Object(
  {
    _id: Type.Optional(IdSchema),
    serviceId: ref('service'),
    teeth: Type.Optional(Type.Array(itemToothInput, { maxItems: MAX_LINE_TEETH })),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ITEM_QUANTITY })),
    price: Type.Optional(Money),
    discount: Type.Optional(Percent),
    doctorId: Type.Optional(nullable(ref('users'))),
    urgency: Type.Optional(literals(urgencies)),
    alternativeGroup: Type.Optional(nullable(GroupKey)),
    alternative: Type.Optional(nullable(GroupKey))
  },
  { additionalProperties: false }
)
const planPhaseInput = Type.Object(
  { _id: Type.Optional(IdSchema), title: Type.Optional(Title), items: Type.Array(planItemInput, { maxItems: MAX_PHASE_ITEMS }) },
  { additionalProperties: false }
)
const phasesInput = Type.Array(planPhaseInput, { maxItems: MAX_PLAN_PHASES })

/**
 * Data: a new draft for a patient (doctor: the caller; consultation: today), or with `copyOf` a
 * copy of another plan of the same patient (new ids, today's prices, a draft).
 */
export const treatmentPlanDataSchema = Type.Object(
  {
    customerId: ref('customers'),
    title: Type.Optional(Title),
    doctorId: Type.Optional(ref('users')),
    consultationDate: Type.Optional(LocalDate),
    phases: Type.Optional(phasesInput),
    copyOf: Type.Optional(IdSchema)
  },
  { $id: 'TreatmentPlanData', additionalProperties: false }
)
export type TreatmentPlanData = Static<typeof treatmentPlanDataSchema>
export const treatmentPlanDataValidator = getValidator(treatmentPlanDataSchema, dataValidator)

/**
 * Patch: the contents (a draft's; a presented plan goes back to draft), or one action:
 * `present`, `accept` (with `choices`: alternative group → option), `reject`, `revise`,
 * `reprice`; or `book`: a visit for a phase, made in the same transaction (`appointment` is the
 * appointment service's data; its own rules judge it).
 */
export const treatmentPlanPatchSchema = Type.Object(
  {
    title: Type.Optional(Title),
    doctorId: Type.Optional(ref('users')),
    consultationDate: Type.Optional(LocalDate),
    phases: Type.Optional(phasesInput),
    action: Type.Optional(literals(planActions)),
    choices: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), GroupKey)),
    book: Type.Optional(Type.Object({ phase: IdSchema, appointment: Type.Record(Type.String(), Type.Unknown()) }, { additionalProperties: false }))
  },
  { $id: 'TreatmentPlanPatch', additionalProperties: false }
)
export type TreatmentPlanPatch = Static<typeof treatmentPlanPatchSchema>
export const treatmentPlanPatchValidator = getValidator(treatmentPlanPatchSchema, dataValidator)

// Query: a patient's plans; the front desk's list of plans waiting for a booking (needsBooking).
export const treatmentPlanQueryProperties = Type.Pick(treatmentPlanSchema, [
  '_id', 'companyId', 'branchId', 'customerId', 'doctorId', 'consultationDate', 'needsBooking', 'createdAt', 'updatedAt'
])
/** Status as stored (an expired plan is stored as presented). */
const queryable = Type.Object({ ...treatmentPlanQueryProperties.properties, status: literals(planStatuses) })
export const treatmentPlanQuerySchema = strictQuery(queryable, {}, {}, TREATMENT_PLAN_MAX_PAGE, treatmentPlanSchema)
export type TreatmentPlanQuery = Static<typeof treatmentPlanQuerySchema>
export const treatmentPlanQueryValidator = getValidator(treatmentPlanQuerySchema, queryValidator)
