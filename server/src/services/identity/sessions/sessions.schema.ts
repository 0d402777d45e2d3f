import { resolve, virtual } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, InstantSchema, strictQuery } from '../../../schema/query'
import { recordPatchResolvers, recordProperties } from '../../../schema/record'

/** A sign-in (spec section 3, Session: last action, user agent, last login, IP). */
export const sessionSchema = Type.Object(
  {
    ...recordProperties,
    userId: IdSchema,
    userAgent: Type.String(),
    ip: Type.String(),
    lastLogin: InstantSchema,
    lastAction: InstantSchema,
    endedAt: Type.Union([InstantSchema, Type.Null()]),
    endedBy: Type.Union([IdSchema, Type.Null()]),
    /** True for the session the caller is using right now. */
    current: Type.Optional(Type.Boolean())
  },
  { $id: 'Session', additionalProperties: false }
)
export type Session = Static<typeof sessionSchema>
export const sessionResolver = resolve<Session, HookContext>({
  current: virtual(async (session, context) => session._id === context.params.identity?.session._id)
})
export const sessionExternalResolver = resolve<Session, HookContext>({})

/** Only the server patches sessions, and only to end them. */
export const sessionPatchSchema = Type.Object({ endedAt: InstantSchema, endedBy: Type.Optional(Type.Union([IdSchema, Type.Null()])) }, { $id: 'SessionPatch', additionalProperties: false })
export type SessionPatch = Static<typeof sessionPatchSchema>
export const sessionPatchValidator = getValidator(sessionPatchSchema, dataValidator)
export const sessionPatchResolver = resolve<Session, HookContext>({ ...recordPatchResolvers })

export const sessionQuerySchema = strictQuery(Type.Pick(sessionSchema, ['_id', 'companyId', 'userId', 'lastLogin', 'lastAction', 'endedAt', 'createdAt']))
export type SessionQuery = Static<typeof sessionQuerySchema>
export const sessionQueryValidator = getValidator(sessionQuerySchema, queryValidator)
