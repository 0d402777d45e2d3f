import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { RankSchema, nextRank } from '../../../schema/rank'
import { workPlaceKinds } from './work-place.shared'

/** A chair or room of one branch. `active: false` keeps it out of the calendar without deleting it. */
export const workPlaceSchema = Type.Object(
  {
    ...recordProperties,
    branchId: ref('branches'),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    kind: Type.Union(workPlaceKinds.map((kind) => Type.Literal(kind))),
    color: Type.Union([Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }), Type.Null()]),
    rank: RankSchema,
    active: Type.Boolean()
  },
  { $id: 'WorkPlace', additionalProperties: false }
)
export type WorkPlace = Static<typeof workPlaceSchema>
export const workPlaceResolver = resolve<WorkPlace, HookContext>({})
export const workPlaceExternalResolver = resolve<WorkPlace, HookContext>({})

// Data: a name; the branch is filled (client, else server) when missing.
export const workPlaceDataSchema = Type.Intersect(
  [Type.Pick(workPlaceSchema, ['name']), Type.Partial(Type.Pick(workPlaceSchema, ['branchId', 'kind', 'color', 'rank', 'active']))],
  { $id: 'WorkPlaceData', additionalProperties: false }
)
export type WorkPlaceData = Static<typeof workPlaceDataSchema>
export const workPlaceDataValidator = getValidator(workPlaceDataSchema, dataValidator)
export const workPlaceDataResolver = resolve<WorkPlace, HookContext>({
  ...recordCreateResolvers,
  kind: async (value) => value ?? 'chair',
  color: async (value) => value ?? null,
  // A new work place goes last in its branch unless the client places it.
  rank: async (value, data, context) =>
    value ?? (await nextRank(context, 'work_places', { companyId: context.params.identity?.user.companyId ?? data.companyId, branchId: data.branchId })),
  active: async (value) => value ?? true
})

// Patch: everything but the branch (a chair does not move; make a new one in the other branch).
export const workPlacePatchSchema = Type.Partial(Type.Pick(workPlaceSchema, ['name', 'kind', 'color', 'rank', 'active']), { $id: 'WorkPlacePatch', additionalProperties: false })
export type WorkPlacePatch = Static<typeof workPlacePatchSchema>
export const workPlacePatchValidator = getValidator(workPlacePatchSchema, dataValidator)
export const workPlacePatchResolver = resolve<WorkPlace, HookContext>({ ...recordPatchResolvers })

// Query
export const workPlaceQuerySchema = strictQuery(Type.Pick(workPlaceSchema, ['_id', 'companyId', 'branchId', 'name', 'kind', 'color', 'rank', 'active', 'createdAt', 'updatedAt']))
export type WorkPlaceQuery = Static<typeof workPlaceQuerySchema>
export const workPlaceQueryValidator = getValidator(workPlaceQuerySchema, queryValidator)
