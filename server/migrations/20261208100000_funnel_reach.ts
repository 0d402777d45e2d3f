import type { Knex } from 'knex'
import { createMarkTriggers, dropMarkTriggers, whenChanged } from './mark-triggers'
import { rebuildCompanyFunnelReach } from '../src/services/reports/customer-conversion-funnel-reports/funnel-steps'

/**
 * Issue 19, item 4: the conversion funnel of a year of every branch asked five indexed probes of
 * each patient registered in the year (116,759 at the full bench size): 3.0 s on PostgreSQL once
 * the patients had plans, against a target of 2 s. Each patient's reach (how many of the funnel's
 * steps in a row they passed, with any doctor) is kept in `customer_funnel_reach`, on the pattern
 * of the other rollups (docs/decisions/reports.md, "Rollups"; customers' customer-funnel-reach.ts).
 *
 * What a write marks (`customer_funnel_dirty`): the patient of the row, old and new, when a column
 * a step reads changes:
 * - appointments: company, patient, status (booked, arrived);
 * - treatment plans: company, patient, status (presented, accepted);
 * - transactions: company, patient, kind, status, method (paid).
 * A merge moves the merged patient's rows to the kept one: both are marked. A patient's removal
 * removes their reach (the key references the patient). Existing patients are computed here,
 * one statement per company.
 */
const WATCHED = {
  appointment: ['companyId', 'customerId', 'status'],
  treatment_plans: ['companyId', 'customerId', 'status'],
  transactions: ['companyId', 'customerId', 'kind', 'status', 'method']
} as const
const TABLES = ['appointment', 'treatment_plans', 'transactions'] as const

const mark = (row: 'old' | 'new', postgres: boolean) =>
  `insert into customer_funnel_dirty ("companyId", "customerId", "version") select ${row}."companyId", ${row}."customerId", 1 where ${row}."customerId" is not null
   on conflict ("companyId", "customerId") do update set "version" = ${postgres ? 'customer_funnel_dirty.' : ''}"version" + 1;`

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('customer_funnel_reach', (table) => {
    table.string('customerId', 36).primary().references('_id').inTable('customers').onDelete('CASCADE')
    // How many of the funnel's steps after "entered" the patient passed in a row (0: none).
    table.smallint('reached').notNullable()
  })
  await db.schema.createTable('customer_funnel_dirty', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('customerId', 36).notNullable()
    table.integer('version').notNullable()
    table.primary(['companyId', 'customerId'])
  })
  await createFunnelReachTriggers(db)
  for (const { _id } of (await db('companies').select('_id')) as Array<{ _id: string }>) await rebuildCompanyFunnelReach(db, _id)
}

export async function down(db: Knex): Promise<void> {
  await dropFunnelReachTriggers(db)
  for (const table of ['customer_funnel_dirty', 'customer_funnel_reach']) await db.schema.dropTableIfExists(table)
}

/** The triggers that mark patients (exported: the bench drops them while it bulk-loads, then builds the reach whole). */
export async function createFunnelReachTriggers(db: Knex): Promise<void> {
  await createMarkTriggers(db, 'funnel_reach', TABLES.map((table) => ({ table, columns: WATCHED[table].map((column) => `"${column}"`).join(', '), when: whenChanged(WATCHED[table]), mark })))
}

export async function dropFunnelReachTriggers(db: Knex): Promise<void> {
  await dropMarkTriggers(db, 'funnel_reach', TABLES)
}
