import type { Knex } from 'knex'

/**
 * Runs a report's read with PostgreSQL's JIT compilation off (SQLite: as it is). PostgreSQL
 * compiles a statement whose estimated cost passes `jit_above_cost` (100,000), and optimises and
 * inlines it past 500,000: a grouped read over a year of a large chain (the conversion funnel:
 * ~230,000 patients with a correlated probe per step) is estimated in the millions, and the
 * compilation alone then took ~300–600 ms on the small bench data (the same statement forced to
 * the full size's JIT settings: "Optimization 309 ms, Emission 276 ms") for a statement that runs
 * in ~90 ms without it. The setting is `set local`: it ends with the transaction this opens
 * (a savepoint inside the call's own transaction, if it has one).
 */
export async function withoutJit<T>(db: Knex, read: (db: Knex) => Promise<T>): Promise<T> {
  if (db.client.config.client !== 'pg') return read(db)
  return db.transaction(async (trx) => {
    await trx.raw('set local jit = off')
    return read(trx)
  })
}
