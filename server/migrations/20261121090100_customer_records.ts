import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Customer notes, custom field definitions and customer cabinet links. Rows that belong to a
 * customer (notes, cabinet tokens) carry `customerId` without a database foreign key: a trashed
 * customer can come back with them, and a merge repoints them through `customerReferences`.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('notes', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).notNullable()
    table.string('customerId', 36).notNullable()
    table.text('text').notNullable()
    table.boolean('pinned').notNullable().defaultTo(false)
    table.index(['companyId', 'customerId', 'createdAt'])
  })

  await db.schema.createTable('custom_fields', (table) => {
    recordColumns(table, db)
    table.string('name', 200).notNullable()
    table.string('type', 16).notNullable()
    table.json('values').notNullable()
    table.json('showIf').nullable()
    table.boolean('useInProfileCard').notNullable().defaultTo(false)
    table.integer('rank').notNullable().defaultTo(0)
    table.unique(['companyId', 'name'])
    table.index(['companyId', 'rank'])
  })

  await db.schema.createTable('customer_cabinet_tokens', (table) => {
    table.string('token', 64).primary()
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('customerId', 36).notNullable()
    table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(db.fn.now())
    table.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(db.fn.now())
    table.string('createdBy', 36).nullable()
    table.timestamp('expiresAt', { useTz: true }).nullable()
    table.timestamp('revokedAt', { useTz: true }).nullable()
    table.string('revokedBy', 36).nullable()
    table.index(['companyId', 'customerId', 'revokedAt'])
    // At most one working link per customer (a new one revokes the old in the same transaction).
    table.unique(['customerId'], { indexName: 'customer_cabinet_tokens_one_active', predicate: db.whereNull('revokedAt') })
  })
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['customer_cabinet_tokens', 'custom_fields', 'notes']) await db.schema.dropTableIfExists(table)
}
