import type { Knex } from 'knex'
import { createMarkTriggers, dropMarkTriggers } from './mark-triggers'

/**
 * Issue 19, item 4: the treatment plans report weighed every plan of its period in code (phases
 * and items are JSON in the plan's row): a year of 300 branches is hundreds of thousands of plans,
 * several seconds. They are kept per consultation day, branch, presenting doctor and figure as a
 * rollup (`plan_day_stats`), on the pattern of the other rollups (docs/decisions/reports.md,
 * "Rollups"): a trigger on `treatment_plans` marks the consultation days a write touches stale in
 * `plan_stats_dirty` whoever writes; a report recomputes the stale days of its period with the
 * report's own weighing (clinical's plan-stats.ts), then reads.
 *
 * The items of accepted plans planned in a phase booked on a visit are kept per visit
 * (`appointmentId`, '' elsewhere): whether that visit is still ahead changes with time and with
 * the visit's own writes, so the read asks the visits then, in the same statement.
 *
 * What a write marks: a plan's old and new consultation day, when a column the report reads
 * changes (company, day, branch, doctor, status, phases). Existing plans' days start stale.
 */
const WATCHED = '"companyId", "consultationDate", "branchId", "doctorId", "status", "phases"'

const upsert = (postgres: boolean) => `on conflict ("companyId", "day") do update set "version" = ${postgres ? 'plan_stats_dirty.' : ''}"version" + 1;`

const MARK = (row: 'old' | 'new', postgres: boolean) =>
  `insert into plan_stats_dirty ("companyId", "day", "version") values (${row}."companyId", ${row}."consultationDate", 1) ${upsert(postgres)}`

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('plan_day_stats', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('day', 10).notNullable()
    table.string('branchId', 36).notNullable()
    table.string('doctorId', 36).notNullable()
    // A plan figure (presented, waiting, accepted, partiallyDone, done, rejected) or an item's standing (itemsDone, booked, itemsUnscheduled).
    table.string('figure', 20).notNullable()
    // The visit a booked item's phase is linked to; '' for every other figure (a key column cannot be null).
    table.string('appointmentId', 36).notNullable()
    table.integer('count').notNullable()
    table.bigInteger('value').notNullable()
    // A report reads the period's days (and a recompute replaces whole days): the key's order.
    table.primary(['companyId', 'day', 'branchId', 'doctorId', 'figure', 'appointmentId'])
  })
  await db.schema.createTable('plan_stats_dirty', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('day', 10).notNullable()
    table.integer('version').notNullable()
    table.primary(['companyId', 'day'])
  })
  await createPlanStatsTriggers(db)
  await markEveryPlanDay(db)
}

export async function down(db: Knex): Promise<void> {
  await dropPlanStatsTriggers(db)
  for (const table of ['plan_stats_dirty', 'plan_day_stats']) await db.schema.dropTableIfExists(table)
}

/** Every consultation day with a plan marked stale (exported: the bench after it makes plans). */
export async function markEveryPlanDay(db: Knex): Promise<void> {
  await db.raw('insert into plan_stats_dirty ("companyId", "day", "version") select distinct "companyId", "consultationDate", 1 from treatment_plans where true on conflict ("companyId", "day") do nothing')
}

/** The trigger set that marks consultation days stale (exported: the bench drops it while it bulk-loads plans). */
export async function createPlanStatsTriggers(db: Knex): Promise<void> {
  await createMarkTriggers(db, 'plan_stats', [{ table: 'treatment_plans', columns: WATCHED, when: null, mark: MARK }])
}

export async function dropPlanStatsTriggers(db: Knex): Promise<void> {
  await dropMarkTriggers(db, 'plan_stats', ['treatment_plans'])
}
