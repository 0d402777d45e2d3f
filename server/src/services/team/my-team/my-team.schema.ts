import { resolve } from '@feathersjs/schema'
import { Type, getValidator, sortDefinition, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { queryValidator } from '../../../validators'
import { IdSchema, MAX_PAGE_SIZE } from '../../../schema/query'
import { userSchema } from '../users/users.schema'
import { dataValidator } from '../../../validators'
import { myTeamEditable, myTeamFields } from './my-team.shared'

/** Main: a colleague as the calendar, pickers and the team list show them. */
export const myTeamMemberSchema = Type.Pick(userSchema, [...myTeamFields], { $id: 'MyTeamMember', additionalProperties: false })
export type MyTeamMember = Static<typeof myTeamMemberSchema>
export const myTeamMemberResolver = resolve<MyTeamMember, HookContext>({})
export const myTeamMemberExternalResolver = resolve<MyTeamMember, HookContext>({})

const sortable = Type.Pick(myTeamMemberSchema, ['_id', 'first_name', 'last_name', 'middle_name', 'acceptsAppointments', 'staticPrice', 'staticDuration'])

/**
 * Query: a small fixed filter set rather than the general operators, because the list is
 * filtered in memory (see MyTeamService). `branchId`: members who work in that branch.
 */
export const myTeamQuerySchema = Type.Object(
  {
    companyId: Type.Optional(IdSchema),
    branchId: Type.Optional(IdSchema),
    acceptsAppointments: Type.Optional(Type.Boolean()),
    specialtyId: Type.Optional(Type.Union([IdSchema, Type.Null()])),
    $sort: Type.Optional(sortDefinition(sortable)),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_SIZE })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 }))
  },
  { $id: 'MyTeamQuery', additionalProperties: false }
)
export type MyTeamQuery = Static<typeof myTeamQuerySchema>
export const myTeamQueryValidator = getValidator(myTeamQuerySchema, queryValidator)

/** Patch: a colleague's working hours and whether they take appointments (the rest is `users`). */
export const myTeamPatchSchema = Type.Partial(Type.Pick(userSchema, [...myTeamEditable]), { $id: 'MyTeamPatch', additionalProperties: false })
export type MyTeamPatch = Static<typeof myTeamPatchSchema>
export const myTeamPatchValidator = getValidator(myTeamPatchSchema, dataValidator)
