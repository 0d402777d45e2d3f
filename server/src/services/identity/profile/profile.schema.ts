import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { recordPatchResolvers } from '../../../schema/record'
import { normalizePhone } from '../../../../../domain/validation/phone'
import { userSchema } from '../../team/users/users.schema'

/** Main: the team-member record without its password hashes, which never leave. */
export const profileSchema = Type.Omit(userSchema, ['password', 'previousPassword'], { $id: 'Profile', additionalProperties: false })
export type Profile = Static<typeof profileSchema>
/** The columns read, so the hashes are not even loaded. */
export const profileColumns = Object.keys(profileSchema.properties) as Array<keyof Profile>
export const profileResolver = resolve<Profile, HookContext>({})
// Rows are read without the hash columns already; this drops them again should one slip in.
export const profileExternalResolver = resolve<Profile & { password?: string; previousPassword?: string | null }, HookContext>({
  password: async () => undefined,
  previousPassword: async () => undefined
})

// Patch: only what a person may change about themselves (not role, branches, e-mail or access),
// their own working hours included.
export const profilePatchSchema = Type.Partial(Type.Pick(userSchema, ['first_name', 'last_name', 'middle_name', 'phone', 'locale', 'color', 'schedule']), {
  $id: 'ProfilePatch',
  additionalProperties: false
})
export type ProfilePatch = Static<typeof profilePatchSchema>
export const profilePatchValidator = getValidator(profilePatchSchema, dataValidator)
export const profilePatchResolver = resolve<Profile, HookContext>({
  ...recordPatchResolvers,
  first_name: async (value) => value?.trim(),
  last_name: async (value) => value?.trim(),
  phone: async (value) => (value === undefined ? value : normalizePhone(value))
})

// Query: nothing to ask for beyond the id; tenancy adds companyId.
export const profileQuerySchema = Type.Object({ companyId: Type.Optional(IdSchema) }, { $id: 'ProfileQuery', additionalProperties: false })
export type ProfileQuery = Static<typeof profileQuerySchema>
export const profileQueryValidator = getValidator(profileQuerySchema, queryValidator)
