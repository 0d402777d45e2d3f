import type { Knex } from 'knex'
import { manifestOf } from '../../service-manifest'

/**
 * Deletes the dependents of a record deleted from the trash for good, inside the caller's
 * transaction and only within the record's company. Each service declares its dependents in
 * its manifest (`trashDependents`): while the record is in the trash they stay where they are
 * (a customer's notes, say), so a restore finds them again.
 */
export async function purgeDependents(trx: Knex.Transaction, service: string, companyId: string, recordId: string): Promise<number> {
  let deleted = 0
  for (const { table, column } of manifestOf(service)?.trashDependents ?? []) {
    deleted += Number(await trx(table).where({ companyId, [column]: recordId }).delete())
  }
  return deleted
}
