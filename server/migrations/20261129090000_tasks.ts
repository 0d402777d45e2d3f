import type { Knex } from 'knex'
import { recordColumns } from './20261121080000_identity'

/**
 * Issue 17, item 5: tasks and reminders (`tasks`). The lists read by company, assignee, state
 * and due time (my tasks, the home screen), and by company and patient (the patient card's tab);
 * the reminder worker reads by state and reminder time. No database foreign keys to the
 * assignee, patient, visit or plan: a trashed one comes back and is found again.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('tasks', (table) => {
    recordColumns(table, db)
    table.string('branchId', 36).notNullable()
    table.string('kind', 32).notNullable()
    table.text('description').notNullable()
    table.string('assigneeId', 36).notNullable()
    table.string('customerId', 36).nullable()
    table.string('appointmentId', 36).nullable()
    table.string('treatmentPlanId', 36).nullable()
    table.timestamp('startAt', { useTz: true }).notNullable()
    table.timestamp('dueAt', { useTz: true }).notNullable()
    table.timestamp('endBefore', { useTz: true }).nullable()
    table.timestamp('remindAt', { useTz: true }).nullable()
    table.timestamp('remindedAt', { useTz: true }).nullable()
    table.string('status', 16).notNullable().defaultTo('in-progress')
    table.timestamp('doneAt', { useTz: true }).nullable()
    table.string('doneBy', 36).nullable()
    table.index(['companyId', 'assigneeId', 'status', 'dueAt'], 'tasks_assignee')
    table.index(['companyId', 'status', 'dueAt'], 'tasks_status_due')
    table.index(['companyId', 'customerId'], 'tasks_customer')
    table.index(['status', 'remindAt'], 'tasks_reminders')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('tasks')
}
