import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { RankSchema, nextRank } from '../../../schema/rank'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import {
  MAX_CUSTOM_OPTION_LENGTH,
  MAX_CUSTOM_OPTIONS,
  MAX_CUSTOM_TEXT_LENGTH,
  customFieldTypes,
  optionFieldTypes,
  type CustomFieldType
} from '../../../../../domain/customers/custom-fields'

/** Show the field only while the field `fieldId` has the value `equals` (a multiselect: includes it). */
export const customFieldShowIfSchema = Type.Object(
  {
    fieldId: ref('fields'),
    equals: Type.Union([Type.String({ maxLength: MAX_CUSTOM_TEXT_LENGTH }), Type.Number(), Type.Boolean()])
  },
  { additionalProperties: false }
)

// Main: a custom field of the company's customer records (spec: values, show-if condition,
// use in profile card). A customer's `customFields` maps this field's `_id` to its value.
export const customFieldSchema = Type.Object(
  {
    ...recordProperties,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    type: Type.Unsafe<CustomFieldType>({ type: 'string', enum: [...customFieldTypes] }),
    /** The options of a select or multiselect; empty for the other types. */
    values: Type.Array(Type.String({ maxLength: MAX_CUSTOM_OPTION_LENGTH }), { maxItems: MAX_CUSTOM_OPTIONS }),
    showIf: Type.Union([customFieldShowIfSchema, Type.Null()]),
    /** Shown on the customer's profile card, not only in the full record. */
    useInProfileCard: Type.Boolean(),
    /** Order in forms and lists, ascending. */
    rank: RankSchema
  },
  { $id: 'CustomField', additionalProperties: false }
)
export type CustomField = Static<typeof customFieldSchema>
export const customFieldResolver = resolve<CustomField, HookContext>({})
export const customFieldExternalResolver = resolve<CustomField, HookContext>({})

const trimmedOptions = (values: string[] | undefined) => values?.map((value) => value.trim())

// Data: a new field. The type is chosen once: changing it would leave customers' values
// of the old type behind, so a different type is a new field.
export const customFieldDataSchema = Type.Intersect(
  [
    Type.Pick(customFieldSchema, ['name', 'type']),
    Type.Partial(Type.Pick(customFieldSchema, ['values', 'showIf', 'useInProfileCard', 'rank']))
  ],
  { $id: 'CustomFieldData', additionalProperties: false }
)
export type CustomFieldData = Static<typeof customFieldDataSchema>
export const customFieldDataValidator = getValidator(customFieldDataSchema, dataValidator)
export const customFieldDataResolver = resolve<CustomField, HookContext>({
  ...recordCreateResolvers,
  name: async (value) => value?.trim(),
  // Only the option types keep options.
  values: async (value, data) => (optionFieldTypes.includes(data.type) ? (trimmedOptions(value) ?? []) : []),
  showIf: async (value) => value ?? null,
  useInProfileCard: async (value) => value ?? false,
  // A new field goes last unless the client places it.
  rank: async (value, data, context) => value ?? (await nextRank(context, 'custom_fields', { companyId: context.params.identity?.user.companyId ?? data.companyId }))
})

// Patch: everything but the type.
export const customFieldPatchSchema = Type.Partial(Type.Pick(customFieldSchema, ['name', 'values', 'showIf', 'useInProfileCard', 'rank']), {
  $id: 'CustomFieldPatch',
  additionalProperties: false
})
export type CustomFieldPatch = Static<typeof customFieldPatchSchema>
export const customFieldPatchValidator = getValidator(customFieldPatchSchema, dataValidator)
export const customFieldPatchResolver = resolve<CustomField, HookContext>({
  ...recordPatchResolvers,
  name: async (value) => value?.trim(),
  values: async (value) => trimmedOptions(value)
})

// Query
export const customFieldQueryProperties = Type.Pick(customFieldSchema, ['_id', 'companyId', 'name', 'type', 'useInProfileCard', 'rank', 'createdAt', 'updatedAt'])
export const customFieldQuerySchema = strictQuery(customFieldQueryProperties)
export type CustomFieldQuery = Static<typeof customFieldQuerySchema>
export const customFieldQueryValidator = getValidator(customFieldQuerySchema, queryValidator)
export const customFieldQueryResolver = resolve<CustomFieldQuery, HookContext>({})
