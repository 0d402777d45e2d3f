import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { RankSchema, nextRank } from '../../../schema/rank'

// Main: a group of services (Diagnostics, Therapy, Surgery...), in rank order.
export const serviceCategorySchema = Type.Object(
  { ...recordProperties, name: Type.String({ minLength: 1, maxLength: 100 }), rank: RankSchema },
  { $id: 'ServiceCategory', additionalProperties: false }
)
export type ServiceCategory = Static<typeof serviceCategorySchema>
export const serviceCategoryResolver = resolve<ServiceCategory, HookContext>({})
export const serviceCategoryExternalResolver = resolve<ServiceCategory, HookContext>({})

// Data: the name; a new category goes last unless the client places it.
export const serviceCategoryDataSchema = Type.Intersect([Type.Pick(serviceCategorySchema, ['name']), Type.Partial(Type.Pick(serviceCategorySchema, ['rank']))], {
  $id: 'ServiceCategoryData',
  additionalProperties: false
})
export type ServiceCategoryData = Static<typeof serviceCategoryDataSchema>
export const serviceCategoryDataValidator = getValidator(serviceCategoryDataSchema, dataValidator)
export const serviceCategoryDataResolver = resolve<ServiceCategory, HookContext>({
  ...recordCreateResolvers,
  rank: async (value, data, context) => value ?? (await nextRank(context, 'service_categories', { companyId: context.params.identity?.user.companyId ?? data.companyId }))
})

// Patch: rename or move.
export const serviceCategoryPatchSchema = Type.Partial(Type.Pick(serviceCategorySchema, ['name', 'rank']), { $id: 'ServiceCategoryPatch', additionalProperties: false })
export type ServiceCategoryPatch = Static<typeof serviceCategoryPatchSchema>
export const serviceCategoryPatchValidator = getValidator(serviceCategoryPatchSchema, dataValidator)
export const serviceCategoryPatchResolver = resolve<ServiceCategory, HookContext>({ ...recordPatchResolvers })

// Query
export const serviceCategoryQuerySchema = strictQuery(Type.Pick(serviceCategorySchema, ['_id', 'companyId', 'name', 'rank', 'createdAt', 'updatedAt']))
export type ServiceCategoryQuery = Static<typeof serviceCategoryQuerySchema>
export const serviceCategoryQueryValidator = getValidator(serviceCategoryQuerySchema, queryValidator)
