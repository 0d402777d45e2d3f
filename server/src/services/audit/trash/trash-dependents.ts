import type { Knex } from 'knex'

/** Rows of `table` that belong to a record through `column` (holding the record's id). */
export interface DependentRows {
  table: string
  column: string
}

/**
 * What goes with a record when it is deleted from trash for good, by the service path it was
 * removed from. While the record is in trash its dependents stay where they are (a customer's
 * notes, say): they have no database foreign key to it, so a restore finds them again. Only the
 * permanent delete removes them, in the same transaction, and only within the record's company.
 *
 * Features that own such rows add a line here, e.g. `customers: [{ table: 'notes', column:
 * 'customerId' }]`. Rows held by a database foreign key with ON DELETE CASCADE (a team member's
 * sessions) are already gone when the record moves to trash and need no line.
 */
export const trashDependents: Record<string, DependentRows[]> = {
  customers: [
    { table: 'notes', column: 'customerId' },
    { table: 'customer_cabinet_tokens', column: 'customerId' }
  ],
  appointment: [{ table: 'appointment_status_history', column: 'appointmentId' }]
}

/** Deletes the dependents of a record deleted for good (inside the caller's transaction). */
export async function purgeDependents(trx: Knex.Transaction, service: string, companyId: string, recordId: string): Promise<number> {
  let deleted = 0
  for (const { table, column } of trashDependents[service] ?? []) {
    deleted += Number(await trx(table).where({ companyId, [column]: recordId }).delete())
  }
  return deleted
}
