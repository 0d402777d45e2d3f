import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 20, items 4 and 5 (docs/decisions/telephony-onlinepbx.md):
 * - `telephony_settings` (owned by `onlinepbx-integration`): one row per company: the PBX domain,
 *   the API key and the session key it was exchanged for (sealed), the webhook's secret path, the
 *   optional CRM token, which line rings which branch, each member's extension, who calls back.
 * - `calls` (owned by `calls`): one row per call the PBX told of (webhook or history), unique by
 *   the PBX's `uuid` per company, so a replayed webhook or the history sync never doubles it.
 * - `call_events`: the (uuid, event) pairs already taken: a replayed webhook changes nothing.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('telephony_settings', (table) => {
    recordColumns(table, db)
    table.string('domain', 100).notNullable().defaultTo('')
    table.text('apiKey').nullable()
    table.text('sessionKey').nullable()
    table.string('hookPath', 48).nullable()
    table.text('crmToken').nullable()
    /** JSON: [{ number, branchId }]: the clinic's numbers (the callee of an inbound call) per branch. */
    table.text('lines').notNullable().defaultTo('[]')
    /** JSON: [{ userId, extension }]: whose phone click-to-call rings first. */
    table.text('extensions').notNullable().defaultTo('[]')
    table.string('defaultBranchId', 36).nullable()
    table.string('callbackAssigneeId', 36).nullable()
    /** The end of the last history window read (the reconciliation resumes after it). */
    table.timestamp('syncedUntil', { useTz: true }).nullable()
    table.unique(['companyId'], { indexName: 'telephony_settings_company' })
    table.unique(['hookPath'], { indexName: 'telephony_settings_hook' })
  })
  await db.schema.createTable('calls', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).notNullable()
    table.string('uuid', 100).notNullable()
    table.string('direction', 10).notNullable()
    table.string('state', 16).notNullable()
    /** The patient's number (caller of an inbound call, callee of an outbound one), digits. */
    table.string('phone', 20).notNullable().defaultTo('')
    /** The clinic's side: the line called, or the extension that called. */
    table.string('line', 20).notNullable().defaultTo('')
    table.string('customerId', 36).nullable()
    table.string('userId', 36).nullable()
    table.timestamp('startedAt', { useTz: true }).notNullable()
    table.timestamp('answeredAt', { useTz: true }).nullable()
    table.timestamp('endedAt', { useTz: true }).nullable()
    table.integer('duration').notNullable().defaultTo(0)
    table.integer('talkTime').notNullable().defaultTo(0)
    table.boolean('hasRecording').notNullable().defaultTo(false)
    table.string('callbackTaskId', 36).nullable()
    table.string('source', 10).notNullable().defaultTo('webhook')
    table.unique(['companyId', 'uuid'], { indexName: 'calls_uuid' })
    table.index(['companyId', 'customerId', 'startedAt'], 'calls_customer_time')
    table.index(['companyId', 'branchId', 'startedAt'], 'calls_branch_time')
  })
  await db.schema.createTable('call_events', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('uuid', 100).notNullable()
    table.string('event', 32).notNullable()
    table.timestamp('receivedAt', { useTz: true }).notNullable().defaultTo(db.fn.now())
    table.primary(['companyId', 'uuid', 'event'])
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('call_events')
  await db.schema.dropTableIfExists('calls')
  await db.schema.dropTableIfExists('telephony_settings')
}
