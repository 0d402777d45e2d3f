import type { Knex } from 'knex'
import { createVisitStatsTriggers as createAppointmentTriggers, dropVisitStatsTriggers as dropAppointmentTriggers } from './20261204200000_visit_day_stats'

/**
 * Issue 19, item 4: the appointments report's outcomes, the customers report's new and returning
 * visits and the toppers' visits per doctor and new patients per source, kept per company-local
 * day, branch, doctor and the patient's source (`visit_source_day_stats`, '' for no source), so a
 * year of every branch reads the rollup instead of every appointment joined to its patient's
 * source with a "first visit ever?" probe each (docs/decisions/reports.md, "Rollups").
 *
 * It shares the visits rollup's stale-day marks (`visit_stats_dirty`): a reader recomputes both
 * rollups of a marked day in one transaction (appointments/appointment/visit-stats.ts). Marks
 * added here, for what the figures now read beyond the visits rollup:
 * - appointment: the update trigger also watches who and when changed the status (a
 *   cancellation by the patient or the clinic, late or early);
 * - appointment_moves ("rescheduled", on the day the visit left): the old and new `fromDate`;
 * - customers: a patient's source changes without any write to their appointments, so a change
 *   of `sourceId` (or of the company), an insert and a delete mark the days of all the patient's
 *   appointments and of their moves. A merge moves the appointments (marked by the appointment
 *   triggers) and may give the kept patient the other's source (marked here).
 *
 * Existing appointments' and moves' days start stale.
 */
const upsert = (postgres: boolean) => `on conflict ("companyId", "day") do update set "version" = ${postgres ? 'visit_stats_dirty.' : ''}"version" + 1;`

/** One day marked stale (or again). */
const markDay = (companyId: string, day: string, postgres: boolean) =>
  `insert into visit_stats_dirty ("companyId", "day", "version") values (${companyId}, ${day}, 1) ${upsert(postgres)}`

/** Every day a patient's appointments and their moves count on, marked stale (index: appointment (companyId, customerId, start), moves (companyId, appointmentId)). */
const markPatientDays = (companyId: string, customerId: string, postgres: boolean) =>
  `insert into visit_stats_dirty ("companyId", "day", "version")
     select distinct d."companyId", d."day", 1 from (
       select a."companyId" as "companyId", a."date" as "day" from appointment a where a."companyId" = ${companyId} and a."customerId" = ${customerId}
       union
       select m."companyId", m."fromDate" from appointment a join appointment_moves m on m."companyId" = a."companyId" and m."appointmentId" = a."_id"
       where a."companyId" = ${companyId} and a."customerId" = ${customerId}
     ) as d where true
   ${upsert(postgres)}`

/** The appointment columns the two rollups read: the visits rollup's and the status change's author and time. */
export const WATCHED_APPOINTMENT = '"companyId", "date", "status", "start", "customerId", "branchId", "staffId", "workPlaceId", "duration", "statusChangedAt", "statusChangedBy"'
const WATCHED_MOVE = '"companyId", "appointmentId", "fromDate", "branchId", "staffId"'
const SOURCE_CHANGED = {
  postgres: 'old."sourceId" is distinct from new."sourceId" or old."companyId" is distinct from new."companyId" or old."_id" is distinct from new."_id"',
  sqlite: 'old."sourceId" is not new."sourceId" or old."companyId" is not new."companyId" or old."_id" is not new."_id"'
}

const TRIGGERS: Array<[string, string]> = [
  ['visit_stats_move_insert', 'appointment_moves'],
  ['visit_stats_move_update', 'appointment_moves'],
  ['visit_stats_move_delete', 'appointment_moves'],
  ['visit_stats_customer_insert', 'customers'],
  ['visit_stats_customer_update', 'customers'],
  ['visit_stats_customer_delete', 'customers']
]

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('visit_source_day_stats', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('day', 10).notNullable()
    table.string('branchId', 36).notNullable()
    table.string('staffId', 36).notNullable()
    // '' for a patient with no source recorded (or removed): a key column cannot be null.
    table.string('sourceId', 36).notNullable()
    for (const figure of ['visits', 'newPatients', 'completed', 'cancelled', 'cancelledByPatient', 'cancelledByClinic', 'cancelledLate', 'cancelledEarly', 'noShow', 'rescheduled', 'bookedMinutes']) {
      table.integer(figure).notNullable()
    }
    table.primary(['companyId', 'day', 'branchId', 'staffId', 'sourceId'])
  })
  await dropAppointmentTriggers(db)
  await createVisitStatsTriggers(db)
  // Every day with an appointment or a move starts stale (the visits rollup's days recomputed once more: the same numbers).
  await db.raw('insert into visit_stats_dirty ("companyId", "day", "version") select distinct "companyId", "date", 1 from appointment where true on conflict ("companyId", "day") do nothing')
  await db.raw('insert into visit_stats_dirty ("companyId", "day", "version") select distinct "companyId", "fromDate", 1 from appointment_moves where true on conflict ("companyId", "day") do nothing')
}

export async function down(db: Knex): Promise<void> {
  await dropVisitStatsTriggers(db)
  await createAppointmentTriggers(db)
  await db.schema.dropTableIfExists('visit_source_day_stats')
}

/**
 * Every trigger that marks the two visit rollups' days stale: the appointment's (as the visits
 * rollup's migration makes them, the update watching `WATCHED_APPOINTMENT`), the moves' and the
 * customers'. Exported: the bench drops them while it bulk-loads, then marks every day.
 */
export async function createVisitStatsTriggers(db: Knex): Promise<void> {
  await createAppointmentTriggers(db, WATCHED_APPOINTMENT)
  if (db.client.config.client === 'pg') {
    await db.raw(`create or replace function visit_stats_mark_move() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${markDay('old."companyId"', 'old."fromDate"', true)} end if;
        if tg_op in ('INSERT', 'UPDATE') then ${markDay('new."companyId"', 'new."fromDate"', true)} end if;
        return null;
      end $$`)
    await db.raw(`create or replace function visit_stats_mark_customer() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${markPatientDays('old."companyId"', 'old."_id"', true)} end if;
        if tg_op in ('INSERT', 'UPDATE') then ${markPatientDays('new."companyId"', 'new."_id"', true)} end if;
        return null;
      end $$`)
    await db.raw('create trigger visit_stats_move_insert after insert on appointment_moves for each row execute function visit_stats_mark_move()')
    await db.raw(`create trigger visit_stats_move_update after update of ${WATCHED_MOVE} on appointment_moves for each row execute function visit_stats_mark_move()`)
    await db.raw('create trigger visit_stats_move_delete after delete on appointment_moves for each row execute function visit_stats_mark_move()')
    await db.raw('create trigger visit_stats_customer_insert after insert on customers for each row execute function visit_stats_mark_customer()')
    await db.raw(`create trigger visit_stats_customer_update after update of "sourceId", "companyId", "_id" on customers for each row when (${SOURCE_CHANGED.postgres}) execute function visit_stats_mark_customer()`)
    await db.raw('create trigger visit_stats_customer_delete after delete on customers for each row execute function visit_stats_mark_customer()')
    return
  }
  await db.raw(`create trigger visit_stats_move_insert after insert on appointment_moves begin ${markDay('new."companyId"', 'new."fromDate"', false)} end`)
  await db.raw(`create trigger visit_stats_move_update after update of ${WATCHED_MOVE} on appointment_moves begin
    ${markDay('old."companyId"', 'old."fromDate"', false)}
    ${markDay('new."companyId"', 'new."fromDate"', false)}
  end`)
  await db.raw(`create trigger visit_stats_move_delete after delete on appointment_moves begin ${markDay('old."companyId"', 'old."fromDate"', false)} end`)
  await db.raw(`create trigger visit_stats_customer_insert after insert on customers begin ${markPatientDays('new."companyId"', 'new."_id"', false)} end`)
  await db.raw(`create trigger visit_stats_customer_update after update of "sourceId", "companyId", "_id" on customers when ${SOURCE_CHANGED.sqlite} begin
    ${markPatientDays('old."companyId"', 'old."_id"', false)}
    ${markPatientDays('new."companyId"', 'new."_id"', false)}
  end`)
  await db.raw(`create trigger visit_stats_customer_delete after delete on customers begin ${markPatientDays('old."companyId"', 'old."_id"', false)} end`)
}

export async function dropVisitStatsTriggers(db: Knex): Promise<void> {
  await dropAppointmentTriggers(db)
  const postgres = db.client.config.client === 'pg'
  for (const [name, table] of TRIGGERS) await db.raw(`drop trigger if exists ${name}${postgres ? ` on ${table}` : ''}`)
  if (postgres) for (const name of ['visit_stats_mark_move', 'visit_stats_mark_customer']) await db.raw(`drop function if exists ${name}()`)
}
