import type { Knex } from 'knex'

/**
 * Triggers that mark a rollup's rows stale, one set per watched table (the money, invoice lines
 * and debtors' rollups): after an insert the new row is marked, after an update of the watched
 * columns (and `when`, if given) the old and the new, after a delete the old. `mark(row,
 * postgres)` is the statement(s) that mark what `row` touches. On PostgreSQL one function per
 * table (`<prefix>_<table>_mark`) serves its three triggers; on SQLite each trigger has its body.
 * Names: `<prefix>_<table>_insert|update|delete`. Not a migration: the migrations and the bench
 * (which drops the triggers while it bulk-loads) call it.
 */
export interface MarkedTable {
  table: string
  /** The columns whose update marks (`"a", "b"`). */
  columns: string
  /** A condition on `old` and `new` for the update's trigger, per engine. */
  when?: { postgres: string; sqlite: string } | null
  mark: (row: 'old' | 'new', postgres: boolean) => string
}

/** An update trigger's condition: one of `columns` really changed (a patch names columns it leaves as they were). */
export function whenChanged(columns: readonly string[]): { postgres: string; sqlite: string } {
  return {
    postgres: columns.map((column) => `old."${column}" is distinct from new."${column}"`).join(' or '),
    sqlite: columns.map((column) => `old."${column}" is not new."${column}"`).join(' or ')
  }
}

const isPostgres = (db: Knex) => db.client.config.client === 'pg'

export async function createMarkTriggers(db: Knex, prefix: string, tables: readonly MarkedTable[]): Promise<void> {
  const postgres = isPostgres(db)
  for (const { table, columns, when, mark } of tables) {
    const name = `${prefix}_${table}`
    if (postgres) {
      await db.raw(`create or replace function ${name}_mark() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') then
            ${mark('old', true)}
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            ${mark('new', true)}
          end if;
          return null;
        end $$`)
      await db.raw(`create trigger ${name}_insert after insert on ${table} for each row execute function ${name}_mark()`)
      await db.raw(`create trigger ${name}_update after update of ${columns} on ${table} for each row ${when ? `when (${when.postgres}) ` : ''}execute function ${name}_mark()`)
      await db.raw(`create trigger ${name}_delete after delete on ${table} for each row execute function ${name}_mark()`)
      continue
    }
    await db.raw(`create trigger ${name}_insert after insert on ${table} begin
      ${mark('new', false)}
    end`)
    await db.raw(`create trigger ${name}_update after update of ${columns} on ${table} ${when ? `when ${when.sqlite} ` : ''}begin
      ${mark('old', false)}
      ${mark('new', false)}
    end`)
    await db.raw(`create trigger ${name}_delete after delete on ${table} begin
      ${mark('old', false)}
    end`)
  }
}

export async function dropMarkTriggers(db: Knex, prefix: string, tables: readonly string[]): Promise<void> {
  const postgres = isPostgres(db)
  for (const table of tables) {
    for (const event of ['insert', 'update', 'delete']) await db.raw(`drop trigger if exists ${prefix}_${table}_${event}${postgres ? ` on ${table}` : ''}`)
    if (postgres) await db.raw(`drop function if exists ${prefix}_${table}_mark()`)
  }
}
