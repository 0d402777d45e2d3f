import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 19, item 2: large exports as background jobs (`report_exports`, owned by the
 * `report-exports` service; docs/decisions/reports.md, "Large exports"). A row is one export of
 * a report's drill-down rows: what to read (`report`, `query`), how to write it (`format`,
 * `columns`, `labels`, `title`), who asked (`userId`, `sessionId`: the job reads as them), its
 * progress (`status`, `done`, `total`), and once ready the stored file (`fileKey`, `size`) until
 * `expiresAt`. The runner finds work by status and claim time; a member's list by company and user;
 * the cleanup by expiry.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('report_exports', (table) => {
    recordColumns(table, db)
    table.string('userId', 36).notNullable()
    table.string('sessionId', 36).notNullable()
    table.string('report', 64).notNullable()
    table.json('query').notNullable()
    table.string('format', 8).notNullable()
    table.json('columns').notNullable()
    table.json('labels').notNullable()
    table.string('title', 200).notNullable()
    table.string('status', 16).notNullable().defaultTo('queued')
    table.integer('done').notNullable().defaultTo(0)
    table.integer('total').notNullable().defaultTo(0)
    table.string('errorCode', 64).nullable()
    table.string('fileKey', 200).nullable()
    table.bigInteger('size').nullable()
    table.timestamp('claimedAt', { useTz: true }).nullable()
    table.timestamp('finishedAt', { useTz: true }).nullable()
    table.timestamp('expiresAt', { useTz: true }).notNullable()
    table.index(['companyId', 'userId', 'createdAt'], 'report_exports_user')
    table.index(['status', 'claimedAt'], 'report_exports_work')
    table.index(['expiresAt'], 'report_exports_expiry')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('report_exports')
}
