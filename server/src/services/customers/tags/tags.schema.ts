import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { labelProperties } from '../../../schema/label'

// Main: a label put on customers (VIP, orthodontics, insurance...).
export const tagSchema = Type.Object({ ...recordProperties, ...labelProperties }, { $id: 'Tag', additionalProperties: false })
export type Tag = Static<typeof tagSchema>
export const tagResolver = resolve<Tag, HookContext>({})
export const tagExternalResolver = resolve<Tag, HookContext>({})

// Data: what a client sends to create one.
export const tagDataSchema = Type.Intersect([Type.Pick(tagSchema, ['name']), Type.Partial(Type.Pick(tagSchema, ['color']))], {
  $id: 'TagData',
  additionalProperties: false
})
export type TagData = Static<typeof tagDataSchema>
export const tagDataValidator = getValidator(tagDataSchema, dataValidator)
export const tagDataResolver = resolve<Tag, HookContext>({
  ...recordCreateResolvers,
  color: async (value) => value ?? null
})

// Patch: what a client sends to change one.
export const tagPatchSchema = Type.Partial(Type.Pick(tagSchema, ['name', 'color']), { $id: 'TagPatch', additionalProperties: false })
export type TagPatch = Static<typeof tagPatchSchema>
export const tagPatchValidator = getValidator(tagPatchSchema, dataValidator)
export const tagPatchResolver = resolve<Tag, HookContext>({ ...recordPatchResolvers })

// Query: what a client may ask for.
export const tagQuerySchema = strictQuery(Type.Pick(tagSchema, ['_id', 'companyId', 'name', 'color', 'createdAt', 'updatedAt']))
export type TagQuery = Static<typeof tagQuerySchema>
export const tagQueryValidator = getValidator(tagQuerySchema, queryValidator)
export const tagQueryResolver = resolve<TagQuery, HookContext>({})
