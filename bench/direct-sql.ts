import type { Knex } from 'knex'
import { databaseEngine } from '../server/src/db'
import { timeCalls, type Stats } from './measure'

/** A statement as the database driver received it (native placeholders: ? on SQLite, $n on PostgreSQL). */
export interface CapturedQuery {
  sql: string
  bindings: unknown[]
}

/**
 * Runs `call` and returns, with its result, the statements it sent to the database that read
 * `table` (the service's own SQL: the caller's session and role lookups are left out, they are
 * part of what the floor does not do).
 */
export async function captureQueries<T>(db: Knex, table: RegExp, call: () => Promise<T>): Promise<{ result: T; queries: CapturedQuery[] }> {
  const queries: CapturedQuery[] = []
  const listener = (query: { sql: string; bindings?: unknown[] }) => {
    if (table.test(query.sql)) queries.push({ sql: query.sql, bindings: [...(query.bindings ?? [])] })
  }
  db.on('query', listener)
  try {
    return { result: await call(), queries }
  } finally {
    db.off('query', listener)
  }
}

interface SqliteConnection {
  prepare: (sql: string) => { all: (...values: unknown[]) => unknown[]; run: (...values: unknown[]) => unknown; reader: boolean }
}
interface PostgresConnection {
  query: (sql: string, values: unknown[]) => Promise<unknown>
}

/** SQLite takes numbers for booleans and dates, as knex's driver turns them. */
const sqliteValue = (value: unknown) => (typeof value === 'boolean' ? Number(value) : value instanceof Date ? value.valueOf() : value)

/**
 * Straight to the driver on one held connection: no query builder, no service, no socket.
 * The least the same statements can cost; `release` gives the connection back.
 */
export async function directDriver(db: Knex): Promise<{ run: (query: CapturedQuery) => Promise<unknown>; explain: (query: CapturedQuery) => Promise<string>; release: () => Promise<void> }> {
  const connection = await db.client.acquireConnection()
  const release = () => db.client.releaseConnection(connection) as Promise<void>
  if (databaseEngine(db) === 'sqlite') {
    const sqlite = connection as SqliteConnection
    return {
      // The connection keeps its prepared statements itself (server/src/db.ts).
      run: async ({ sql, bindings }) => {
        const statement = sqlite.prepare(sql)
        const values = bindings.map(sqliteValue)
        return statement.reader ? statement.all(...values) : statement.run(...values)
      },
      explain: async ({ sql, bindings }) =>
        (sqlite.prepare(`explain query plan ${sql}`).all(...bindings.map(sqliteValue)) as Array<{ detail: string }>).map((row) => row.detail).join('\n'),
      release
    }
  }
  const postgres = connection as PostgresConnection
  return {
    run: ({ sql, bindings }) => postgres.query(sql, bindings),
    explain: async ({ sql, bindings }) => ((await postgres.query(`explain ${sql}`, bindings)) as { rows: Array<Record<string, string>> }).rows.map((row) => row['QUERY PLAN']).join('\n'),
    release
  }
}

/**
 * Measures `call` over `items` through the product, then the statements each call sent to
 * `table` straight to the driver. A first pass, not measured, warms caches and records the
 * statements; then every item once through the product, then every item's statements once
 * directly, so both see the same warm database. Then every statement's plan is checked with
 * `scansATable`.
 */
export async function againstTheSameSql<T, R>(
  db: Knex,
  table: RegExp,
  items: T[],
  call: (item: T) => Promise<R>,
  scansATable: (plan: string) => boolean,
  /** Names the CPU profile of the product's measured calls (profile.ts). */
  profile?: string
): Promise<{ subject: Stats; floor: Stats; results: R[]; planNote: string }> {
  const statements: CapturedQuery[][] = []
  const results: R[] = []
  for (const item of items) {
    const { result, queries } = await captureQueries(db, table, () => call(item))
    if (queries.length === 0) throw new Error(`no statement on ${table} was recorded`)
    statements.push(queries)
    results.push(result)
  }
  const subject = await timeCalls((index) => call(items[index]), { n: items.length, warmup: 0, profile })
  const driver = await directDriver(db)
  try {
    const floor = await timeCalls(
      async (index) => {
        // A `set local` (a report read without PostgreSQL's JIT, reports/without-jit.ts) holds for its
        // transaction, whose BEGIN and COMMIT the floor leaves out: set for the call, then reset.
        const locals: string[] = []
        for (const query of statements[index]) {
          const local = /^\s*set\s+local\s+(\w+)/i.exec(query.sql)
          if (local) locals.push(local[1])
          await driver.run(local ? { ...query, sql: query.sql.replace(/^\s*set\s+local\s+/i, 'set ') } : query)
        }
        for (const name of locals) await driver.run({ sql: `reset ${name}`, bindings: [] })
      },
      { n: items.length, warmup: 0 }
    )
    // Settings have no plan.
    const distinct = [...new Map(statements.flat().filter((query) => !/^\s*set\b/i.test(query.sql)).map((query) => [JSON.stringify(query), query])).values()]
    let scans = 0
    for (const query of distinct) if (scansATable(await driver.explain(query))) scans += 1
    const planNote = scans === 0 ? `no plan of the ${distinct.length} statements scans a whole table` : `${scans} of ${distinct.length} statements scan a whole table!`
    return { subject, floor, results, planNote }
  } finally {
    await driver.release()
  }
}
