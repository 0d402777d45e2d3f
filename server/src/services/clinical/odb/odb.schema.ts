import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { nextRank } from '../../../schema/rank'
import { shippedEntryProperties } from '../shipped-entries'

/**
 * An objective finding (odb): what a dentist sees when examining the mouth ("Mucosa pale pink,
 * moist", "Orthognathic bite"), in a tree whose top level is the part of the examination
 * (oral mucosa, bite, percussion...). `parentId` null: a top-level part.
 */
export const odbSchema = Type.Object(
  { ...recordProperties, parentId: Type.Union([ref('odb'), Type.Null()]), ...shippedEntryProperties },
  { $id: 'Odb', additionalProperties: false }
)
export type Odb = Static<typeof odbSchema>
export const odbResolver = resolve<Odb, HookContext>({})
export const odbExternalResolver = resolve<Odb, HookContext>({})

// Data: a text, optionally its part (parent), visibility and place.
export const odbDataSchema = Type.Intersect([Type.Pick(odbSchema, ['name']), Type.Partial(Type.Pick(odbSchema, ['parentId', 'hidden', 'rank']))], {
  $id: 'OdbData',
  additionalProperties: false
})
export type OdbData = Static<typeof odbDataSchema>
export const odbDataValidator = getValidator(odbDataSchema, dataValidator)
export const odbDataResolver = resolve<Odb, HookContext>({
  ...recordCreateResolvers,
  parentId: async (value) => value ?? null,
  titles: async () => null,
  shippedKey: async () => null,
  hidden: async (value) => value ?? false,
  // A new entry goes last among its siblings unless the client places it.
  rank: async (value, data, context) =>
    value ?? (await nextRank(context, 'odb_entries', { companyId: context.params.identity?.user.companyId ?? data.companyId, parentId: data.parentId ?? null }))
})

// Patch: the text, the part, visibility and place (a shipped entry: visibility and place only).
export const odbPatchSchema = Type.Partial(Type.Pick(odbSchema, ['name', 'parentId', 'hidden', 'rank']), { $id: 'OdbPatch', additionalProperties: false })
export type OdbPatch = Static<typeof odbPatchSchema>
export const odbPatchValidator = getValidator(odbPatchSchema, dataValidator)
export const odbPatchResolver = resolve<Odb, HookContext>({ ...recordPatchResolvers })

// Query: by part, visibility, origin.
export const odbQuerySchema = strictQuery(
  Type.Pick(odbSchema, ['_id', 'companyId', 'parentId', 'name', 'shippedKey', 'hidden', 'rank', 'createdAt', 'updatedAt'])
)
export type OdbQuery = Static<typeof odbQuerySchema>
export const odbQueryValidator = getValidator(odbQuerySchema, queryValidator)
