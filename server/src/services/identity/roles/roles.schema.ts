import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { permissionFlags, permissionResources, type Permission } from '../../../../../domain/access/resources'

/** One grant: a resource of spec section 6 and its flags. */
export const permissionSchema = Type.Object(
  {
    resource: Type.Unsafe<string>({ type: 'string', enum: [...permissionResources] }),
    // Spelled out (rather than mapped from permissionFlags) so the flags are typed for clients.
    view: Type.Optional(Type.Boolean()),
    create: Type.Optional(Type.Boolean()),
    edit: Type.Optional(Type.Boolean()),
    delete: Type.Optional(Type.Boolean()),
    seeAll: Type.Optional(Type.Boolean())
  },
  { additionalProperties: false }
)

export const roleSchema = Type.Object(
  {
    ...recordProperties,
    name: Type.String({ minLength: 1, maxLength: 100 }),
    /** Set on the four default roles (administrator, director, doctor, finance); null on custom ones. */
    key: Type.Union([Type.String(), Type.Null()]),
    permissions: Type.Array(permissionSchema, { maxItems: permissionResources.length })
  },
  { $id: 'Role', additionalProperties: false }
)
export type Role = Static<typeof roleSchema>
export const roleResolver = resolve<Role, HookContext>({})
export const roleExternalResolver = resolve<Role, HookContext>({})

export const roleDataSchema = Type.Pick(roleSchema, ['name', 'permissions'], { $id: 'RoleData', additionalProperties: false })
export type RoleData = Static<typeof roleDataSchema>
export const roleDataValidator = getValidator(roleDataSchema, dataValidator)
export const roleDataResolver = resolve<Role, HookContext>({
  ...recordCreateResolvers,
  key: async () => null,
  name: async (value) => value?.trim(),
  permissions: async (value) => mergeGrants(value ?? [])
})

export const rolePatchSchema = Type.Partial(roleDataSchema, { $id: 'RolePatch', additionalProperties: false })
export type RolePatch = Static<typeof rolePatchSchema>
export const rolePatchValidator = getValidator(rolePatchSchema, dataValidator)
export const rolePatchResolver = resolve<Role, HookContext>({
  ...recordPatchResolvers,
  name: async (value) => value?.trim(),
  permissions: async (value) => (value ? mergeGrants(value) : value)
})

export const roleQuerySchema = strictQuery(Type.Pick(roleSchema, ['_id', 'companyId', 'name', 'key', 'createdAt', 'updatedAt']))
export type RoleQuery = Static<typeof roleQuerySchema>
export const roleQueryValidator = getValidator(roleQuerySchema, queryValidator)

type Grant = Permission

/** One grant per resource (a repeated resource's flags are combined); grants with no flag are dropped. */
function mergeGrants(grants: Grant[]): Grant[] {
  const byResource = new Map<string, Grant>()
  for (const grant of grants) {
    const merged: Grant = { ...(byResource.get(grant.resource) ?? { resource: grant.resource }) }
    for (const flag of permissionFlags) if (grant[flag]) merged[flag] = true
    byResource.set(grant.resource, merged)
  }
  return [...byResource.values()].filter((grant) => permissionFlags.some((flag) => grant[flag]))
}
