import type { Knex } from 'knex'
import { defaultRoleKeys, defaultRoleNames, defaultRolePermissions, type DefaultRoleKey } from '../../../../../domain/access/default-roles'

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
