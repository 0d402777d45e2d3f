import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 18, items 5 and 6: broadcasts to patients (`dispatches`, owned by `dispatch`), the record
 * of patients who used a broadcast's opt-out link (`dispatch_opt_outs`), and the outbox rows a
 * broadcast wrote (`outbox_messages.dispatchId`). The outbox claims transactional messages before
 * promotional ones, each by an index range (`outbox_due_kind`), so a broadcast never holds back
 * a reminder.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('dispatches', (table) => {
    recordColumns(table, db)
    table.string('name', 200).notNullable()
    table.string('channel', 16).notNullable()
    table.text('text').notNullable()
    table.text('filter').notNullable().defaultTo('{}')
    table.string('state', 16).notNullable()
    table.timestamp('scheduledAt', { useTz: true }).nullable()
    table.timestamp('startedAt', { useTz: true }).nullable()
    table.timestamp('enqueuedAt', { useTz: true }).nullable()
    table.timestamp('finishedAt', { useTz: true }).nullable()
    /** The last patient id enqueued: enqueueing goes on from it after a restart. */
    table.string('cursor', 36).nullable()
    table.integer('matched').notNullable().defaultTo(0)
    table.integer('recipients').notNullable().defaultTo(0)
    table.text('excluded').notNullable().defaultTo('{}')
    table.integer('segments').notNullable().defaultTo(0)
    table.bigInteger('segmentPrice').notNullable().defaultTo(0)
    table.bigInteger('cost').notNullable().defaultTo(0)
    table.text('progress').notNullable().defaultTo('{}')
    table.index(['companyId', 'createdAt'], 'dispatches_company_time')
    table.index(['state'], 'dispatches_state')
  })
  await db.schema.createTable('dispatch_opt_outs', (table) => {
    table.string('_id', 36).primary()
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('customerId', 36).notNullable()
    table.string('dispatchId', 36).nullable()
    table.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(db.fn.now())
    table.index(['companyId', 'customerId'], 'dispatch_opt_outs_customer')
  })
  await db.schema.alterTable('outbox_messages', (table) => {
    table.string('dispatchId', 36).nullable()
    table.index(['dispatchId', 'state'], 'outbox_dispatch_state')
    table.index(['state', 'promotional', 'dueAt'], 'outbox_due_kind')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('outbox_messages', (table) => {
    table.dropIndex(['state', 'promotional', 'dueAt'], 'outbox_due_kind')
    table.dropIndex(['dispatchId', 'state'], 'outbox_dispatch_state')
    table.dropColumn('dispatchId')
  })
  await db.schema.dropTableIfExists('dispatch_opt_outs')
  await db.schema.dropTableIfExists('dispatches')
}
