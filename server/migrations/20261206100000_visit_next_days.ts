import type { Knex } from 'knex'
import { rebuildVisitNextDays } from '../src/services/appointments/appointment/visit-next-days'

/**
 * Issue 19, item 4: the customers report's lapsed patients at ten million visits
 * (docs/decisions/reports.md, "Rollups" and "customers report").
 *
 * Lapsed (patient-visit-reads.ts) are the visits on a day in [from − N months, to − N months)
 * with no later visit of the patient (later: a later start, or the same start and a larger id)
 * on a day before `to`: a correlated NOT EXISTS over a year of visits. `visit_next_days` keeps,
 * per visit (status arrived, started or completed), the **earliest day of the patient's later
 * visits** (`nextDay`, null: none), with what the report groups by (day, start, branch, doctor,
 * the patient's source, '' for none). "No later visit before `to`" is then `nextDay is null or
 * nextDay >= to`, and lapsed a range read of the covering index `visit_next_days_lapse` per
 * lapse class that can hold the lapse (`lapse`: a visit whose next day comes within three months
 * can never be lapsed, one within six only over three months, and so on).
 *
 * A patient's rows depend on all their visits and their source, so the marks are per patient
 * (`visit_next_dirty`: company, customer, version) and the reader recomputes a marked patient's
 * rows whole (appointments/appointment/visit-next-days.ts, a window over the patient's visits)
 * before it reads. Triggers mark:
 * - appointment: an insert or delete of a visit, an update of a row that is or was a visit
 *   changing its company, patient, status, start, day, branch, doctor or id (old and new patient);
 * - customers: an insert, a delete, a change of `sourceId`, company or id (the patient's source
 *   changes with no write to the appointments), of a patient with a visit. A merge moves the
 *   appointments (their trigger).
 * Existing visits are computed here, whole (`rebuildVisitNextDays`).
 */
/** The visit statuses (visit-reads.ts's VISIT_STATUSES), as SQL literals for the triggers and the marks. */
const VISIT_LIST = "('arrived', 'started', 'completed')"

const upsert = (postgres: boolean) => `on conflict ("companyId", "customerId") do update set "version" = ${postgres ? 'visit_next_dirty.' : ''}"version" + 1;`
const markPatient = (companyId: string, customerId: string, postgres: boolean) =>
  `insert into visit_next_dirty ("companyId", "customerId", "version") values (${companyId}, ${customerId}, 1) ${upsert(postgres)}`

/**
 * A customer's change marks the patient only if they have a visit (index: appointment (companyId,
 * customerId, start)): a new customer has none, and marking every registration would leave a
 * chain's whole base for the first report to recompute.
 */
const markPatientWithVisits = (companyId: string, customerId: string, postgres: boolean) =>
  `insert into visit_next_dirty ("companyId", "customerId", "version")
     select ${companyId}, ${customerId}, 1
     where exists (select 1 from appointment a where a."companyId" = ${companyId} and a."customerId" = ${customerId} and a."status" in ${VISIT_LIST})
   ${upsert(postgres)}`

const WATCHED = ['companyId', 'customerId', 'status', 'start', 'date', 'branchId', 'staffId', '_id']
const changed = (postgres: boolean) => WATCHED.map((column) => `old."${column}" ${postgres ? 'is distinct from' : 'is not'} new."${column}"`).join(' or ')
const SOURCE_CHANGED = {
  postgres: 'old."sourceId" is distinct from new."sourceId" or old."companyId" is distinct from new."companyId" or old."_id" is distinct from new."_id"',
  sqlite: 'old."sourceId" is not new."sourceId" or old."companyId" is not new."companyId" or old."_id" is not new."_id"'
}

const TRIGGERS: Array<[string, string]> = [
  ['visit_next_insert', 'appointment'],
  ['visit_next_update', 'appointment'],
  ['visit_next_delete', 'appointment'],
  ['visit_next_customer_insert', 'customers'],
  ['visit_next_customer_update', 'customers'],
  ['visit_next_customer_delete', 'customers']
]

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('visit_next_days', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('appointmentId', 36).notNullable()
    table.string('customerId', 36).notNullable()
    table.string('day', 10).notNullable()
    table.timestamp('start', { useTz: true }).notNullable()
    table.string('branchId', 36).notNullable()
    table.string('staffId', 36).notNullable()
    // '' for a patient with no source recorded (or removed).
    table.string('sourceId', 36).notNullable()
    table.string('nextDay', 10).nullable()
    // 12, 6, 3 or 0: the longest lapse the gap to the next day can hold (visit-next-days.ts, `LAPSE_CLASSES`).
    table.integer('lapse').notNullable()
    table.primary(['companyId', 'appointmentId'])
    table.index(['companyId', 'customerId'], 'visit_next_days_patient')
  })
  // Lapsed: per lapse class, the visits of a range of days, those whose next day is missing or late enough, grouped: read from the index alone.
  await db.raw(`create index visit_next_days_lapse on visit_next_days ("companyId", "lapse", "day", "nextDay", "start", "branchId", "staffId", "sourceId")`)
  await db.schema.createTable('visit_next_dirty', (table) => {
    table.string('companyId', 36).notNullable()
    table.string('customerId', 36).notNullable()
    table.integer('version').notNullable()
    table.primary(['companyId', 'customerId'])
  })
  await createVisitNextTriggers(db)
  // Existing visits computed here, one statement per company: marking every patient instead left it to the first
  // report, 500 patients a round (25 s for the small bench's 50,000 under load; a million would hold that call for many minutes).
  for (const { _id } of (await db('companies').select('_id')) as Array<{ _id: string }>) await rebuildVisitNextDays(db, _id)
}

export async function down(db: Knex): Promise<void> {
  await dropVisitNextTriggers(db)
  await db.schema.dropTableIfExists('visit_next_dirty')
  await db.schema.dropTableIfExists('visit_next_days')
}

/** The triggers that mark patients stale. Exported: the bench drops them while it bulk-loads, then computes the table whole. */
export async function createVisitNextTriggers(db: Knex): Promise<void> {
  const isVisit = (row: 'old' | 'new') => `${row}."status" in ${VISIT_LIST}`
  if (db.client.config.client === 'pg') {
    await db.raw(`create or replace function visit_next_mark() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and ${isVisit('old')} then ${markPatient('old."companyId"', 'old."customerId"', true)} end if;
        if tg_op = 'INSERT' and ${isVisit('new')} then ${markPatient('new."companyId"', 'new."customerId"', true)} end if;
        if tg_op = 'UPDATE' and (${isVisit('old')} or ${isVisit('new')}) then
          ${markPatient('old."companyId"', 'old."customerId"', true)}
          ${markPatient('new."companyId"', 'new."customerId"', true)}
        end if;
        return null;
      end $$`)
    await db.raw(`create or replace function visit_next_mark_customer() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${markPatientWithVisits('old."companyId"', 'old."_id"', true)} end if;
        if tg_op in ('INSERT', 'UPDATE') then ${markPatientWithVisits('new."companyId"', 'new."_id"', true)} end if;
        return null;
      end $$`)
    await db.raw('create trigger visit_next_insert after insert on appointment for each row execute function visit_next_mark()')
    await db.raw(`create trigger visit_next_update after update on appointment for each row when (${changed(true)}) execute function visit_next_mark()`)
    await db.raw('create trigger visit_next_delete after delete on appointment for each row execute function visit_next_mark()')
    await db.raw('create trigger visit_next_customer_insert after insert on customers for each row execute function visit_next_mark_customer()')
    await db.raw(`create trigger visit_next_customer_update after update of "sourceId", "companyId", "_id" on customers for each row when (${SOURCE_CHANGED.postgres}) execute function visit_next_mark_customer()`)
    await db.raw('create trigger visit_next_customer_delete after delete on customers for each row execute function visit_next_mark_customer()')
    return
  }
  await db.raw(`create trigger visit_next_insert after insert on appointment when ${isVisit('new')} begin ${markPatient('new."companyId"', 'new."customerId"', false)} end`)
  await db.raw(`create trigger visit_next_update after update on appointment when (${isVisit('old')} or ${isVisit('new')}) and (${changed(false)}) begin
    ${markPatient('old."companyId"', 'old."customerId"', false)}
    ${markPatient('new."companyId"', 'new."customerId"', false)}
  end`)
  await db.raw(`create trigger visit_next_delete after delete on appointment when ${isVisit('old')} begin ${markPatient('old."companyId"', 'old."customerId"', false)} end`)
  await db.raw(`create trigger visit_next_customer_insert after insert on customers begin ${markPatientWithVisits('new."companyId"', 'new."_id"', false)} end`)
  await db.raw(`create trigger visit_next_customer_update after update of "sourceId", "companyId", "_id" on customers when ${SOURCE_CHANGED.sqlite} begin
    ${markPatientWithVisits('old."companyId"', 'old."_id"', false)}
    ${markPatientWithVisits('new."companyId"', 'new."_id"', false)}
  end`)
  await db.raw(`create trigger visit_next_customer_delete after delete on customers begin ${markPatientWithVisits('old."companyId"', 'old."_id"', false)} end`)
}

export async function dropVisitNextTriggers(db: Knex): Promise<void> {
  const postgres = db.client.config.client === 'pg'
  for (const [name, table] of TRIGGERS) await db.raw(`drop trigger if exists ${name}${postgres ? ` on ${table}` : ''}`)
  if (postgres) for (const name of ['visit_next_mark', 'visit_next_mark_customer']) await db.raw(`drop function if exists ${name}()`)
}
