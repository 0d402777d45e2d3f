import type { Knex } from 'knex'

/**
 * Issue 19, item 4 (reports at ten million visits): the visits, new patients, no-shows and
 * booked minutes of each company-local day, branch, doctor and work place, kept as a rollup (`visit_day_stats`) so a year of
 * every branch reads a few hundred thousand small rows instead of millions of appointments, each
 * with a "first visit ever?" probe (docs/decisions/reports.md, "Rollups").
 *
 * The rollup is never written by the services. The database itself marks a day stale
 * (`visit_stats_dirty`, its `version` raised on every mark) from triggers on `appointment`,
 * whatever writes it (the services, the trash, a merge, the demo seed, a bulk load): the old and
 * new day of the changed row, and the days of the patient's first two visits after the change
 * (a visit gained or lost before them changes which one is "new"). A visit counts on the day
 * stored with it, so a change of the clinic's time zone changes nothing here. A report
 * recomputes the stale days of its period from the appointments before reading
 * (appointments/appointment/visit-stats.ts) and clears a mark only if its version is the one it
 * read, so a write during the recompute leaves the day stale for the next reader.
 *
 * Existing appointments: every day they cover starts stale (the first report of a period
 * computes it once).
 */
const VISITS = "('arrived', 'started', 'completed')"

/** One day marked stale (or marked again). */
const markDay = (companyId: string, day: string, postgres: boolean) =>
  `insert into visit_stats_dirty ("companyId", "day", "version") values (${companyId}, ${day}, 1) on conflict ("companyId", "day") do update set "version" = ${postgres ? 'visit_stats_dirty.' : ''}"version" + 1;`

/** The days of a patient's first two visits, marked stale. */
const markFirstVisits = (companyId: string, customerId: string, postgres: boolean) =>
  `insert into visit_stats_dirty ("companyId", "day", "version")
     select distinct f."companyId", f."date", 1 from (
       select "companyId", "date" from appointment
       where "companyId" = ${companyId} and "customerId" = ${customerId} and "status" in ${VISITS}
       order by "start", "_id" limit 2
     ) as f where true
   on conflict ("companyId", "day") do update set "version" = ${postgres ? 'visit_stats_dirty.' : ''}"version" + 1;`

const WATCHED = '"companyId", "date", "status", "start", "customerId", "branchId", "staffId", "workPlaceId", "duration"'

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('visit_day_stats', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('day', 10).notNullable()
    table.string('branchId', 36).notNullable()
    table.string('staffId', 36).notNullable()
    // '' for an appointment on no work place (a key column cannot be null).
    table.string('workPlaceId', 36).notNullable()
    table.integer('visits').notNullable()
    table.integer('newPatients').notNullable()
    table.integer('noShows').notNullable()
    table.integer('bookedMinutes').notNullable()
    table.primary(['companyId', 'day', 'branchId', 'staffId', 'workPlaceId'])
  })
  await db.schema.createTable('visit_stats_dirty', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('day', 10).notNullable()
    table.integer('version').notNullable()
    table.primary(['companyId', 'day'])
  })
  await createVisitStatsTriggers(db)
  await db.raw('insert into visit_stats_dirty ("companyId", "day", "version") select distinct "companyId", "date", 1 from appointment')
}

export async function down(db: Knex): Promise<void> {
  await dropVisitStatsTriggers(db)
  await db.schema.dropTableIfExists('visit_stats_dirty')
  await db.schema.dropTableIfExists('visit_day_stats')
}

/**
 * The triggers that mark days stale. `watched`: the columns whose update marks; the visits by
 * source rollup (migration 20261205200000) watches more (its own `createVisitStatsTriggers`, which
 * the bench calls while it bulk-loads, recreates these with them).
 */
export async function createVisitStatsTriggers(db: Knex, watched = WATCHED): Promise<void> {
  if (db.client.config.client === 'pg') {
    await db.raw(`create or replace function visit_stats_mark() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          ${markDay('old."companyId"', 'old."date"', true)}
          ${markFirstVisits('old."companyId"', 'old."customerId"', true)}
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          ${markDay('new."companyId"', 'new."date"', true)}
          ${markFirstVisits('new."companyId"', 'new."customerId"', true)}
        end if;
        return null;
      end $$`)
    await db.raw('create trigger visit_stats_insert after insert on appointment for each row execute function visit_stats_mark()')
    await db.raw(`create trigger visit_stats_update after update of ${watched} on appointment for each row execute function visit_stats_mark()`)
    await db.raw('create trigger visit_stats_delete after delete on appointment for each row execute function visit_stats_mark()')
    return
  }
  await db.raw(`create trigger visit_stats_insert after insert on appointment begin
    ${markDay('new."companyId"', 'new."date"', false)}
    ${markFirstVisits('new."companyId"', 'new."customerId"', false)}
  end`)
  await db.raw(`create trigger visit_stats_update after update of ${watched} on appointment begin
    ${markDay('old."companyId"', 'old."date"', false)}
    ${markFirstVisits('old."companyId"', 'old."customerId"', false)}
    ${markDay('new."companyId"', 'new."date"', false)}
    ${markFirstVisits('new."companyId"', 'new."customerId"', false)}
  end`)
  await db.raw(`create trigger visit_stats_delete after delete on appointment begin
    ${markDay('old."companyId"', 'old."date"', false)}
    ${markFirstVisits('old."companyId"', 'old."customerId"', false)}
  end`)
}

export async function dropVisitStatsTriggers(db: Knex): Promise<void> {
  for (const name of ['visit_stats_insert', 'visit_stats_update', 'visit_stats_delete']) await db.raw(`drop trigger if exists ${name}${db.client.config.client === 'pg' ? ' on appointment' : ''}`)
  if (db.client.config.client === 'pg') await db.raw('drop function if exists visit_stats_mark()')
}
