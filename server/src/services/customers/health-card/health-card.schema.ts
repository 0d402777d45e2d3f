import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import {
  allergySeverities, chronicDiseases, commonAllergens, flaggedMedicineKinds, MAX_HEALTH_ITEMS, MAX_HEALTH_NOTES, MAX_HEALTH_TEXT
} from '../../../../../domain/clinical/health-card'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const shortText = Type.String({ maxLength: MAX_HEALTH_TEXT })
const longText = Type.String({ maxLength: MAX_HEALTH_NOTES })

const allergySchema = Type.Object(
  { substance: literals([...commonAllergens, 'other']), name: shortText, reaction: shortText, severity: literals(allergySeverities) },
  { additionalProperties: false }
)
const diseaseSchema = Type.Object({ disease: literals([...chronicDiseases, 'other']), name: shortText, note: shortText }, { additionalProperties: false })
const medicineSchema = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: MAX_HEALTH_TEXT }), kind: Type.Union([literals(flaggedMedicineKinds), Type.Null()]) },
  { additionalProperties: false }
)

// Main: a patient's medical history (one per customer), clinical: only roles with `exam` view read it.
export const healthCardSchema = Type.Object(
  {
    ...recordProperties,
    customerId: ref('customers'),
    allergies: Type.Array(allergySchema, { maxItems: MAX_HEALTH_ITEMS }),
    diseases: Type.Array(diseaseSchema, { maxItems: MAX_HEALTH_ITEMS }),
    medicines: Type.Array(medicineSchema, { maxItems: MAX_HEALTH_ITEMS }),
    pregnant: Type.Boolean(),
    /** Week of pregnancy when known; null otherwise (and always when not pregnant). */
    pregnancyWeek: Type.Union([Type.Integer({ minimum: 1, maximum: 42 }), Type.Null()]),
    anaesthesiaReactions: longText,
    notes: longText,
    /** The last time a doctor went through the card with the patient, and who. */
    reviewedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    reviewedBy: Type.Union([ref('users'), Type.Null()])
  },
  { $id: 'HealthCard', additionalProperties: false }
)
export type HealthCard = Static<typeof healthCardSchema>
export const healthCardResolver = resolve<HealthCard, HookContext>({})
export const healthCardExternalResolver = resolve<HealthCard, HookContext>({})

const editable = ['allergies', 'diseases', 'medicines', 'pregnant', 'pregnancyWeek', 'anaesthesiaReactions', 'notes'] as const
/** `reviewed: true` stamps the card reviewed now by the caller (the stamp is never typed). */
const reviewCommand = Type.Object({ reviewed: Type.Optional(Type.Boolean()) })

// Data: the customer and any of the card's fields.
export const healthCardDataSchema = Type.Intersect(
  [Type.Pick(healthCardSchema, ['customerId']), Type.Partial(Type.Pick(healthCardSchema, [...editable])), reviewCommand],
  { $id: 'HealthCardData', additionalProperties: false }
)
export type HealthCardData = Static<typeof healthCardDataSchema>
export const healthCardDataValidator = getValidator(healthCardDataSchema, dataValidator)
export const healthCardDataResolver = resolve<HealthCard, HookContext>({
  ...recordCreateResolvers,
  allergies: async (value) => value ?? [],
  diseases: async (value) => value ?? [],
  medicines: async (value) => value ?? [],
  pregnant: async (value) => value ?? false,
  pregnancyWeek: async (value, card) => (card.pregnant ? value ?? null : null),
  anaesthesiaReactions: async (value) => value?.trim() ?? '',
  notes: async (value) => value?.trim() ?? '',
  reviewedAt: async (value) => value ?? null,
  reviewedBy: async (value) => value ?? null
})

// Patch: the card's fields; it stays with its customer.
export const healthCardPatchSchema = Type.Intersect([Type.Partial(Type.Pick(healthCardSchema, [...editable])), reviewCommand], {
  $id: 'HealthCardPatch',
  additionalProperties: false
})
export type HealthCardPatch = Static<typeof healthCardPatchSchema>
export const healthCardPatchValidator = getValidator(healthCardPatchSchema, dataValidator)
export const healthCardPatchResolver = resolve<HealthCard, HookContext>({
  ...recordPatchResolvers,
  anaesthesiaReactions: async (value) => value?.trim(),
  notes: async (value) => value?.trim()
})

// Query: a customer's card.
export const healthCardQueryProperties = Type.Pick(healthCardSchema, ['_id', 'companyId', 'customerId', 'createdAt', 'updatedAt', 'reviewedAt'])
export const healthCardQuerySchema = strictQuery(healthCardQueryProperties)
export type HealthCardQuery = Static<typeof healthCardQuerySchema>
export const healthCardQueryValidator = getValidator(healthCardQuerySchema, queryValidator)
export const healthCardQueryResolver = resolve<HealthCardQuery, HookContext>({})
