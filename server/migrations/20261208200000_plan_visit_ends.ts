import type { Knex } from 'knex'
import { createMarkTriggers, dropMarkTriggers, whenChanged } from './mark-triggers'
import { markEveryPlanDay } from './20261207100000_plan_day_stats'

/**
 * Issue 19, item 4: the treatment plans report read its rollup's booked items per visit and asked
 * each visit whether it is still ahead, in the same statement. A year of 300 branches at the full
 * bench size is ~160,000 such visits: probed by primary key it took 2.2 s on PostgreSQL (the
 * target is 2 s), and once the rollup had statistics PostgreSQL hashed the whole appointment table
 * instead (2.8 s). So each booked row keeps the instant its visit stops being ahead
 * (`aheadUntil`: the visit's end while it is booked; null once it is completed, cancelled or
 * missed, or gone); the read compares it with the clock and reads no visit.
 *
 * What a visit's write marks (`plan_stats_dirty`): the days of the rollup's rows that name the
 * visit (`plan_day_stats_visit`: an index of the rows that name one), when it is inserted,
 * deleted, or its status, end, start or company changes. Existing plans' days are marked stale.
 */
const VISIT_COLUMNS = ['status', 'end', 'start', 'companyId']

const MARK = (row: 'old' | 'new', postgres: boolean) =>
  `insert into plan_stats_dirty ("companyId", "day", "version") select distinct s."companyId", s."day", 1 from plan_day_stats as s where s."appointmentId" = ${row}."_id"
   on conflict ("companyId", "day") do update set "version" = ${postgres ? 'plan_stats_dirty.' : ''}"version" + 1;`

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('plan_day_stats', (table) => {
    table.timestamp('aheadUntil', { useTz: true }).nullable()
  })
  await db.raw(`create index plan_day_stats_visit on plan_day_stats ("appointmentId") where "appointmentId" <> ''`)
  await createPlanVisitTriggers(db)
  await markEveryPlanDay(db)
}

export async function down(db: Knex): Promise<void> {
  await dropPlanVisitTriggers(db)
  await db.raw('drop index if exists plan_day_stats_visit')
  await db.schema.alterTable('plan_day_stats', (table) => {
    table.dropColumn('aheadUntil')
  })
}

/** The triggers that mark the days of a visit's booked items (exported: the bench drops them while it bulk-loads). */
export async function createPlanVisitTriggers(db: Knex): Promise<void> {
  await createMarkTriggers(db, 'plan_visits', [{ table: 'appointment', columns: VISIT_COLUMNS.map((column) => `"${column}"`).join(', '), when: whenChanged(VISIT_COLUMNS), mark: MARK }])
}

export async function dropPlanVisitTriggers(db: Knex): Promise<void> {
  await dropMarkTriggers(db, 'plan_visits', ['appointment'])
}
