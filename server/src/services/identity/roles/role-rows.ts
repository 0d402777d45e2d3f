import type { Knex } from 'knex'

/**
 * The roles' reads and writes for other areas (the roles service owns `roles`), with the
 * caller's database handle.
 */

/** A role's stored grants (`permissions` as stored, for `assertStoredGrantWithin`); undefined for no role. */
export async function storedRoleGrants(db: Knex, roleId: string): Promise<{ permissions: unknown } | undefined> {
  return db('roles').where({ _id: roleId }).first('permissions')
}

/** Writes a new company's first roles as given (registration; the service makes all others). */
export async function insertRoleRows(trx: Knex, rows: Record<string, unknown>[]): Promise<void> {
  await trx('roles').insert(rows)
}
