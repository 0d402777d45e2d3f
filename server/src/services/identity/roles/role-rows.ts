import type { Knex } from 'knex'
import { defaultRoleKeys, defaultRoleNames, defaultRolePermissions, type DefaultRoleKey } from '../../../../../domain/access/default-roles'
import type { Permission } from '../../../../../domain/access/resources'

/**
 * The roles' reads and writes for other areas (the roles service owns `roles`), with the
 * caller's database handle.
 */

/** A role's stored grants (`permissions` as stored, for `assertStoredGrantWithin`); undefined for no role. */
export async function storedRoleGrants(db: Knex, roleId: string): Promise<{ permissions: unknown } | undefined> {
  return db('roles').where({ _id: roleId }).first('permissions')
}

/** Writes a new company's default roles with the ids given (registration; the service makes all others). */
export async function insertDefaultRoles(trx: Knex, companyId: string, roleIds: Record<DefaultRoleKey, string>, stamp: Record<string, unknown>): Promise<void> {
  await trx('roles').insert(
    defaultRoleKeys.map((key) => ({ _id: roleIds[key], companyId, ...stamp, name: defaultRoleNames[key], key, permissions: JSON.stringify(defaultRolePermissions[key]) }))
  )
}

/** Every role of the company with its grants (decoded), by role id: who may be told of what (staff notifications). */
export async function companyRolePermissions(db: Knex, companyId: string): Promise<Map<string, Permission[]>> {
  const rows = (await db('roles').where({ companyId }).select('_id', 'permissions')) as Array<{ _id: string; permissions: unknown }>
  return new Map(rows.map((row) => [row._id, (typeof row.permissions === 'string' ? JSON.parse(row.permissions) : row.permissions) as Permission[]]))
}
