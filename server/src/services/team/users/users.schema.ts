import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { normalizeEmail } from '../../../../../domain/validation/email'
import { normalizePhone } from '../../../../../domain/validation/phone'
import { hashPassword } from './password-hash'
import { StaffScheduleSchema } from '../../../schema/schedule'

const locale = Type.Union([Type.Literal('en'), Type.Literal('ru'), Type.Literal('ru1'), Type.Literal('fi'), Type.Literal('uz'), Type.Null()])

/** A team member (spec section 3). `password` and `previousPassword` are hashes and never leave. */
export const userSchema = Type.Object(
  {
    ...recordProperties,
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String(),
    previousPassword: Type.Union([Type.String(), Type.Null()]),
    username: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
    first_name: Type.String({ minLength: 1, maxLength: 100 }),
    last_name: Type.String({ minLength: 1, maxLength: 100 }),
    middle_name: Type.String({ maxLength: 100 }),
    phone: Type.String({ maxLength: 32 }),
    roleId: ref('roles'),
    specialtyId: Type.Union([ref('specialty'), Type.Null()]),
    branchIds: Type.Array(ref('branches'), { minItems: 1, maxItems: 500, uniqueItems: true }),
    color: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
    /** In minor units of the company currency. */
    staticPrice: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    /** Minutes. */
    staticDuration: Type.Union([Type.Integer({ minimum: 1, maximum: 1440 }), Type.Null()]),
    acceptsAppointments: Type.Boolean(),
    percentOfRevenue: Type.Integer({ minimum: 0, maximum: 100 }),
    allowLogin: Type.Boolean(),
    isOwner: Type.Boolean(),
    archived: Type.Boolean(),
    balance: Type.Integer(),
    locale,
    /** Working hours (domain/schedule/working-hours.ts); `{}` until set. */
    schedule: StaffScheduleSchema
  },
  { $id: 'User', additionalProperties: false }
)
export type User = Static<typeof userSchema>
export const userResolver = resolve<User, HookContext>({})
export const userExternalResolver = resolve<User, HookContext>({
  password: async () => undefined,
  previousPassword: async () => undefined
})

const editable = [
  'email', 'username', 'first_name', 'last_name', 'middle_name', 'phone', 'roleId', 'specialtyId', 'branchIds', 'color',
  'staticPrice', 'staticDuration', 'acceptsAppointments', 'percentOfRevenue', 'allowLogin', 'archived', 'locale', 'schedule'
] as const

export const userDataSchema = Type.Intersect(
  [
    Type.Pick(userSchema, ['email', 'first_name', 'last_name', 'roleId', 'branchIds']),
    Type.Partial(Type.Pick(userSchema, editable.filter((key) => !['email', 'first_name', 'last_name', 'roleId', 'branchIds'].includes(key)))),
    Type.Object({ password: Type.Optional(Type.String({ maxLength: 200 })) })
  ],
  { $id: 'UserData', additionalProperties: false }
)
export type UserData = Static<typeof userDataSchema>
export const userDataValidator = getValidator(userDataSchema, dataValidator)
export const userDataResolver = resolve<User, HookContext>({
  ...recordCreateResolvers,
  email: async (value) => (value ? normalizeEmail(value) : value),
  phone: async (value) => normalizePhone(value ?? ''),
  // A member without a password of their own gets an unusable random one; they sign in after
  // an administrator sets one or through "forgot password".
  password: async (value) => hashPassword(value ?? crypto.randomUUID() + crypto.randomUUID()),
  previousPassword: async () => null,
  username: async (value) => value ?? null,
  middle_name: async (value) => value ?? '',
  specialtyId: async (value) => value ?? null,
  color: async (value) => value ?? '#1677ff',
  staticPrice: async (value) => value ?? null,
  staticDuration: async (value) => value ?? null,
  acceptsAppointments: async (value) => value ?? false,
  percentOfRevenue: async (value) => value ?? 0,
  allowLogin: async (value) => value ?? true,
  isOwner: async () => false,
  archived: async (value) => value ?? false,
  balance: async () => 0,
  locale: async (value) => value ?? null,
  schedule: async (value) => value ?? {}
})

export const userPatchSchema = Type.Intersect(
  [Type.Partial(Type.Pick(userSchema, [...editable])), Type.Object({ password: Type.Optional(Type.String({ maxLength: 200 })) })],
  { $id: 'UserPatch', additionalProperties: false }
)
export type UserPatch = Static<typeof userPatchSchema>
export const userPatchValidator = getValidator(userPatchSchema, dataValidator)
export const userPatchResolver = resolve<User, HookContext>({
  ...recordPatchResolvers,
  email: async (value) => (value ? normalizeEmail(value) : value),
  phone: async (value) => (value === undefined ? value : normalizePhone(value)),
  // A new password never goes straight into the row: member-password.ts takes it out and
  // writes it through changePassword. Dropped here too, should that hook ever be missing.
  password: async () => undefined
})

const queryable = Type.Pick(userSchema, ['_id', 'companyId', 'email', 'first_name', 'last_name', 'roleId', 'specialtyId', 'acceptsAppointments', 'allowLogin', 'archived', 'isOwner', 'createdAt', 'updatedAt'])
/** `$search`: starts-with on first name, last name or e-mail, case-insensitive. */
export const userQuerySchema = strictQuery(queryable, {}, { $search: Type.String({ maxLength: 100 }) })
export type UserQuery = Static<typeof userQuerySchema>
export const userQueryValidator = getValidator(userQuerySchema, queryValidator)
