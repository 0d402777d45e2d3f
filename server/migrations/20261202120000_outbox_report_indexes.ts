import type { Knex } from 'knex'

/**
 * Issue 19, the notifications report (docs/decisions/reports.md): messages of a period go by the
 * day they were due (`dueAt`), for every branch or one. The outbox's indexes serve the worker
 * (`state, dueAt`) and a patient's log (`companyId, customerId, createdAt`), not a company's
 * period.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('outbox_messages', (table) => {
    table.index(['companyId', 'dueAt'], 'outbox_company_due')
    table.index(['companyId', 'branchId', 'dueAt'], 'outbox_company_branch_due')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('outbox_messages', (table) => {
    table.dropIndex(['companyId', 'branchId', 'dueAt'], 'outbox_company_branch_due')
    table.dropIndex(['companyId', 'dueAt'], 'outbox_company_due')
  })
}
