import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { labelProperties } from '../../../schema/label'

// Main: where customers come from (a referral, Instagram, a sign on the street...).
export const sourceSchema = Type.Object({ ...recordProperties, ...labelProperties }, { $id: 'Source', additionalProperties: false })
export type Source = Static<typeof sourceSchema>
export const sourceResolver = resolve<Source, HookContext>({})
export const sourceExternalResolver = resolve<Source, HookContext>({})

// Data: what a client sends to create one.
export const sourceDataSchema = Type.Intersect([Type.Pick(sourceSchema, ['name']), Type.Partial(Type.Pick(sourceSchema, ['color']))], {
  $id: 'SourceData',
  additionalProperties: false
})
export type SourceData = Static<typeof sourceDataSchema>
export const sourceDataValidator = getValidator(sourceDataSchema, dataValidator)
export const sourceDataResolver = resolve<Source, HookContext>({
  ...recordCreateResolvers,
  color: async (value) => value ?? null
})

// Patch: what a client sends to change one.
export const sourcePatchSchema = Type.Partial(Type.Pick(sourceSchema, ['name', 'color']), { $id: 'SourcePatch', additionalProperties: false })
export type SourcePatch = Static<typeof sourcePatchSchema>
export const sourcePatchValidator = getValidator(sourcePatchSchema, dataValidator)
export const sourcePatchResolver = resolve<Source, HookContext>({ ...recordPatchResolvers })

// Query: what a client may ask for.
export const sourceQuerySchema = strictQuery(Type.Pick(sourceSchema, ['_id', 'companyId', 'name', 'color', 'createdAt', 'updatedAt']))
export type SourceQuery = Static<typeof sourceQuerySchema>
export const sourceQueryValidator = getValidator(sourceQuerySchema, queryValidator)
export const sourceQueryResolver = resolve<SourceQuery, HookContext>({})
