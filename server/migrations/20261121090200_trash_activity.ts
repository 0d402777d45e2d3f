import type { Knex } from 'knex'

/**
 * The trash (removed records of every service, restorable) and the activity log (every change a
 * person made). Both belong to a company and go with it; neither references the records it
 * describes, which may be gone or come back.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('trash', (table) => {
    table.string('_id', 36).primary()
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('branchId', 36).nullable()
    /** The service path the record was removed from (`specialty`, `customers`...). */
    table.string('service', 100).notNullable()
    table.string('recordId', 100).notNullable()
    /** Display text for the list: the record's name, a person's names, its title, or its id. */
    table.string('title', 500).notNullable()
    /** The whole row as the service's API shape, hidden columns included, for an exact restore. */
    table.json('record').notNullable()
    table.string('deletedBy', 36).nullable()
    table.timestamp('deletedAt', { useTz: true }).notNullable()
    table.index(['companyId', 'deletedAt'])
    table.index(['companyId', 'service', 'deletedAt'])
    table.index(['companyId', 'deletedBy', 'deletedAt'])
    table.index(['service', 'recordId'])
  })

  await db.schema.createTable('user_activities', (table) => {
    table.string('_id', 36).primary()
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('branchId', 36).nullable()
    table.string('userId', 36).notNullable()
    table.string('service', 100).notNullable()
    table.string('method', 16).notNullable()
    table.string('recordId', 100).nullable()
    table.json('changes').notNullable()
    table.timestamp('createdAt', { useTz: true }).notNullable()
    // Newest first within a company, alone or filtered by person, service or record: each
    // filter has an index that ends in the sort key, so a page reads only its own rows.
    table.index(['companyId', 'createdAt', '_id'])
    table.index(['companyId', 'userId', 'createdAt'])
    table.index(['companyId', 'service', 'createdAt'])
    table.index(['companyId', 'recordId', 'createdAt'])
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('user_activities')
  await db.schema.dropTableIfExists('trash')
}
