import type { Knex } from 'knex'

/**
 * The trash keeps beside each removed record's branch what else its service's scope reads
 * (issue 11), so the list applies that scope in SQL: its owner (a doctor without seeAll on
 * appointment sees only the removed appointments where they are the doctor) and the customer it
 * follows (a note is seen by those who see its customer). Rows already in trash get them from
 * the stored record; at this point only appointments have an owner and only notes a customer.
 */
const COPIED: Array<{ service: string; column: string; field: string }> = [
  { service: 'appointment', column: 'ownerId', field: 'staffId' },
  { service: 'notes', column: 'customerId', field: 'customerId' }
]

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('trash', (table) => {
    table.string('ownerId', 36).nullable()
    table.string('customerId', 36).nullable()
  })
  for (const { service, column, field } of COPIED) {
    const rows: Array<{ _id: string; record: unknown }> = await db('trash').where({ service }).select('_id', 'record')
    for (const row of rows) {
      const record = (typeof row.record === 'string' ? JSON.parse(row.record) : row.record) as Record<string, unknown>
      const value = record?.[field]
      if (typeof value === 'string') await db('trash').where({ _id: row._id }).update({ [column]: value })
    }
  }
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('trash', (table) => {
    table.dropColumn('ownerId')
    table.dropColumn('customerId')
  })
}
