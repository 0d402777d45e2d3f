import type { Knex } from 'knex'

/**
 * Issue 19, item 4 (reports at ten million visits): doctors' earnings per company-local day,
 * doctor and branch (`payout_day_stats`: base, share, lines), so the payouts report reads a
 * period's days and the balance before it as sums instead of replaying every doctor's whole
 * ledger on every call (docs/decisions/reports.md "Rollups"; billing/user-balance-history/
 * payout-stats.ts computes it with the ledger's own code). The rollups' pattern:
 *
 * - Never written by the services. Triggers mark the days a write can move stale
 *   (`payout_stats_dirty`, `version` raised on every mark): an invoice or one of its lines marks
 *   its `issuedOn`, the days around its cancellation and around its allocated payments' dates and
 *   cancellations (an instant's local day is within a day of its UTC date); a payment marks the
 *   days around its date and cancellation; an allocation its payment's; a frozen line its date; a
 *   closed period the day after it (where later events dated in it land).
 * - What changes every share of a doctor (a rule, the doctor's percent, a service's category) or
 *   un-freezes lines (a period removed) marks the day '': the next report recomputes the rollup
 *   whole. Rare writes; marking each of the doctor's days would cost as much.
 * - `payout_stats_state` records the zone and payout base the rollup was computed with: a change
 *   of either (company settings, no trigger) makes the reader recompute it whole. No row: never
 *   computed (existing data needs no mark).
 *
 * Payouts (money given) are not rolled up: they are few and the report sums them in SQL.
 */
const onConflict = (postgres: boolean) => `on conflict ("companyId", "day") do update set "version" = ${postgres ? 'payout_stats_dirty.' : ''}"version" + 1;`

const markSelected = (companyId: string, day: string, source: string, postgres: boolean) =>
  `insert into payout_stats_dirty ("companyId", "day", "version") select distinct ${companyId}, ${day}, 1 from ${source} ${onConflict(postgres)}`

/** The company-local days an instant can fall on, whatever the zone: its UTC date and the days either side. */
const daysAround = (instant: string, postgres: boolean) =>
  [-1, 0, 1].map((shift) => (postgres ? `to_char((${instant} at time zone 'UTC')::date + ${shift}, 'YYYY-MM-DD')` : `date(${instant}, '${shift >= 0 ? '+' : ''}${shift} day')`))

const markValue = (companyId: string, day: string, postgres: boolean) => `insert into payout_stats_dirty ("companyId", "day", "version") values (${companyId}, ${day}, 1) ${onConflict(postgres)}`

/** The days around a payment's date and its cancellation, from `source` (aliasing transactions as `alias`). */
const paymentDays = (alias: string, source: string, postgres: boolean) => [
  ...daysAround(`${alias}."date"`, postgres).map((day) => markSelected(`${alias}."companyId"`, day, source, postgres)),
  ...daysAround(`${alias}."cancelledAt"`, postgres).map((day) => markSelected(`${alias}."companyId"`, day, `${source} and ${alias}."cancelledAt" is not null`, postgres))
]

/** The days an invoice's earnings land on: its issue day, its cancellation's, its payments' and their cancellations'. */
const invoiceDays = (companyId: string, invoiceId: string, postgres: boolean) => [
  markSelected('i."companyId"', 'i."issuedOn"', `invoices as i where i."_id" = ${invoiceId} and i."companyId" = ${companyId}`, postgres),
  ...daysAround('i."cancelledAt"', postgres).map((day) => markSelected('i."companyId"', day, `invoices as i where i."_id" = ${invoiceId} and i."companyId" = ${companyId} and i."cancelledAt" is not null`, postgres)),
  ...paymentDays('t', `allocations as a join transactions as t on t."_id" = a."paymentId" where a."companyId" = ${companyId} and a."invoiceId" = ${invoiceId}`, postgres)
]

/** The row itself (an AFTER DELETE trigger no longer finds it in its table), then what it reaches. */
const ownInvoice = (row: 'old' | 'new', postgres: boolean) => [
  markValue(`${row}."companyId"`, `${row}."issuedOn"`, postgres),
  ...selectedInstant(row, 'cancelledAt', postgres),
  ...paymentDays('t', `allocations as a join transactions as t on t."_id" = a."paymentId" where a."companyId" = ${row}."companyId" and a."invoiceId" = ${row}."_id"`, postgres)
]

const ownPayment = (row: 'old' | 'new', postgres: boolean) => [...selectedInstant(row, 'date', postgres), ...selectedInstant(row, 'cancelledAt', postgres)]

/** The days around an instant column of the row, as inserts that select nothing when it is null (SQLite triggers have no IF). */
const selectedInstant = (row: 'old' | 'new', column: string, postgres: boolean) =>
  daysAround(`${row}."${column}"`, postgres).map(
    (day) => `insert into payout_stats_dirty ("companyId", "day", "version") select ${row}."companyId", ${day}, 1 where ${row}."${column}" is not null ${onConflict(postgres)}`
  )

const nextDay = (day: string, postgres: boolean) => (postgres ? `to_char(${day}::date + 1, 'YYYY-MM-DD')` : `date(${day}, '+1 day')`)

/** The mark of day '': every day stale (the reader recomputes the rollup whole). */
const forget = (row: 'old' | 'new', postgres: boolean) => markValue(`${row}."companyId"`, "''", postgres)

const MARKS = {
  invoices: (row: 'old' | 'new', postgres: boolean) => ownInvoice(row, postgres).join('\n'),
  invoice_lines: (row: 'old' | 'new', postgres: boolean) => invoiceDays(`${row}."companyId"`, `${row}."invoiceId"`, postgres).join('\n'),
  transactions: (row: 'old' | 'new', postgres: boolean) => ownPayment(row, postgres).join('\n'),
  allocations: (row: 'old' | 'new', postgres: boolean) => paymentDays('t', `transactions as t where t."_id" = ${row}."paymentId" and t."companyId" = ${row}."companyId"`, postgres).join('\n'),
  payout_lines: (row: 'old' | 'new', postgres: boolean) => markValue(`${row}."companyId"`, `${row}."date"`, postgres),
  payout_periods: (row: 'old' | 'new', postgres: boolean) => markValue(`${row}."companyId"`, nextDay(`${row}."to"`, postgres), postgres),
  payout_rules: forget,
  users: forget,
  services: forget
} as const

type Watched = keyof typeof MARKS

/** The columns whose update can change an earning; `deleteForgets`: a delete forgets the rollup too. */
const WATCHED: Record<Watched, { columns: string; deleteForgets?: boolean }> = {
  invoices: { columns: '"companyId", "issuedOn", "branchId", "total", "cancelledAt"' },
  invoice_lines: { columns: '"companyId", "invoiceId", "doctorId", "serviceId", "quantity", "amount", "position"' },
  transactions: { columns: '"companyId", "date", "cancelledAt"' },
  allocations: { columns: '"companyId", "paymentId", "invoiceId", "amount"' },
  payout_lines: { columns: '"companyId", "userId", "sourceKey", "date", "branchId", "base", "share"' },
  payout_periods: { columns: '"companyId", "userId", "to"', deleteForgets: true },
  payout_rules: { columns: '"companyId", "userId", "serviceId", "categoryId", "percent", "amount"' },
  users: { columns: '"percentOfRevenue"' },
  services: { columns: '"categoryId"' }
}
const TABLES = Object.keys(MARKS) as Watched[]
/** Tables whose inserts and deletes change nothing until an earning points at them. */
const UPDATES_ONLY: readonly Watched[] = ['users', 'services']

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('payout_day_stats', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('userId', 36).notNullable()
    table.string('day', 10).notNullable()
    /** '' for earnings of no branch. */
    table.string('branchId', 36).notNullable()
    table.bigInteger('base').notNullable()
    table.bigInteger('share').notNullable()
    /** How many ledger lines (a doctor with lines of share 0 still has a statement). */
    table.integer('lines').notNullable()
    // A report reads its doctors' days (all of them before the period: the opening balance).
    table.primary(['companyId', 'userId', 'day', 'branchId'])
    // A recompute replaces whole days; a branch's report reads its days.
    table.index(['companyId', 'day'], 'payout_day_stats_day')
    table.index(['companyId', 'branchId', 'userId', 'day'], 'payout_day_stats_branch')
  })
  await db.schema.createTable('payout_stats_dirty', (table) => {
    table.string('companyId', 36).notNullable().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('day', 10).notNullable()
    table.integer('version').notNullable()
    table.primary(['companyId', 'day'])
  })
  await db.schema.createTable('payout_stats_state', (table) => {
    table.string('companyId', 36).primary().references('_id').inTable('companies').onDelete('CASCADE')
    table.string('timeZone', 64).notNullable()
    table.string('payoutBase', 16).notNullable()
  })
  await createPayoutStatsTriggers(db)
}

export async function down(db: Knex): Promise<void> {
  await dropPayoutStatsTriggers(db)
  for (const table of ['payout_stats_state', 'payout_stats_dirty', 'payout_day_stats']) await db.schema.dropTableIfExists(table)
}

/** The triggers that mark days stale or forget the rollup (exported: the bench drops them while it bulk-loads, then forgets the rollup). */
export async function createPayoutStatsTriggers(db: Knex): Promise<void> {
  const postgres = db.client.config.client === 'pg'
  for (const table of TABLES) {
    const mark = MARKS[table]
    const { columns, deleteForgets } = WATCHED[table]
    const onDelete = (row: 'old') => (deleteForgets ? `${forget(row, postgres)}\n${mark(row, postgres)}` : mark(row, postgres))
    const events = UPDATES_ONLY.includes(table) ? (['update'] as const) : (['insert', 'update', 'delete'] as const)
    if (postgres) {
      await db.raw(`create or replace function payout_stats_${table}_mark() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            ${onDelete('old')}
          end if;
          if tg_op = 'UPDATE' then
            ${mark('old', true)}
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            ${mark('new', true)}
          end if;
          return null;
        end $$`)
      for (const event of events) {
        await db.raw(`create trigger payout_stats_${table}_${event} after ${event === 'update' ? `update of ${columns}` : event} on ${table} for each row execute function payout_stats_${table}_mark()`)
      }
      continue
    }
    const bodies = { insert: mark('new', false), update: `${mark('old', false)}\n${mark('new', false)}`, delete: onDelete('old') }
    for (const event of events) {
      await db.raw(`create trigger payout_stats_${table}_${event} after ${event === 'update' ? `update of ${columns}` : event} on ${table} begin
        ${bodies[event]}
      end`)
    }
  }
}

export async function dropPayoutStatsTriggers(db: Knex): Promise<void> {
  const postgres = db.client.config.client === 'pg'
  for (const table of TABLES) {
    for (const event of ['insert', 'update', 'delete']) await db.raw(`drop trigger if exists payout_stats_${table}_${event}${postgres ? ` on ${table}` : ''}`)
    if (postgres) await db.raw(`drop function if exists payout_stats_${table}_mark()`)
  }
}
