import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 15, items 1 and 2: treatment plans (the `treatment-plan` service). One row per plan; its
 * phases and their items are JSON (read and written whole, each with its own `_id`, see
 * docs/decisions/clinical-treatment-plans.md). A patient's plans are read by (companyId,
 * customerId, createdAt); the front desk's "accepted but not scheduled" list by (companyId,
 * needsBooking). A treatment done names the plan item it completes (`treatments.planItemId`).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('treatment_plans', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).notNullable()
    table.string('customerId', 36).notNullable()
    table.string('title', 200).notNullable()
    table.string('doctorId', 36).notNullable()
    table.string('status', 20).notNullable().defaultTo('draft')
    table.string('consultationDate', 10).notNullable()
    table.text('phases').notNullable().defaultTo('[]')
    table.boolean('needsBooking').notNullable().defaultTo(false)
    table.string('copiedFrom', 36).nullable()
    table.index(['companyId', 'customerId', 'createdAt'], 'treatment_plans_customer_time')
    table.index(['companyId', 'needsBooking', 'customerId'], 'treatment_plans_needs_booking')
  })
  await db.schema.alterTable('treatments', (table) => {
    table.string('planItemId', 36).nullable()
    table.index(['planItemId'], 'treatments_plan_item')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('treatments', (table) => {
    table.dropIndex(['planItemId'], 'treatments_plan_item')
    table.dropColumn('planItemId')
  })
  await db.schema.dropTableIfExists('treatment_plans')
}
