import fs from 'node:fs'
import path from 'node:path'
import knex, { type Knex } from 'knex'
import pg from 'pg'
import type { Configuration } from './configuration'
import { migrationSource } from '../migrations'

// PostgreSQL returns bigint (int8) as a string to protect precision; our bigints are money in
// minor units and counters, all far below 2^53, so numbers are the right shape for the API.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10))

export type Database = Knex
export type DatabaseEngine = 'sqlite' | 'postgres'

/** A unique index refused the row (PostgreSQL's 23505, SQLite's constraint error). */
export const isUniqueViolation = (error: unknown) => /23505|SQLITE_CONSTRAINT|UNIQUE constraint/i.test(`${(error as { code?: string }).code ?? ''} ${(error as Error).message ?? ''}`)

export function databaseEngine(db: Knex): DatabaseEngine {
  return db.client.config.client === 'pg' ? 'postgres' : 'sqlite'
}

export interface DatabaseOptions {
  databaseUrl: string
  dataDir: string
  /** PostgreSQL schema to work in (tests give each run its own). */
  schema?: string
}

/** The embedded database's file in the data folder. */
export const sqliteFileIn = (dataDir: string) => path.join(dataDir, 'clinic.sqlite3')

export function createDatabase({ databaseUrl, dataDir, schema }: DatabaseOptions): Knex {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    return knex({
      client: 'pg',
      connection: databaseUrl,
      searchPath: schema ? [schema] : undefined,
      pool: {
        min: 0,
        max: 10,
        // PostgreSQL's default random_page_cost (4) prices disks that seek; on the SSDs any
        // deployment runs on, it makes the planner read a whole table rather than a large index
        // range (customer search for a common name or a phone's operator code). 1.1 is the usual
        // SSD value. The clinic's calls are many small reads: a parallel plan's workers take
        // longer to start than such a read takes (customer search at a million customers: 100 ms
        // with two workers where one process needs 12), so parallel plans are off. A value the
        // database administrator set is left alone.
        afterCreate: (connection: PgConnection, done: (error: Error | null, connection: PgConnection) => void) => {
          connection.query(
            "select set_config('random_page_cost', '1.1', false) where current_setting('random_page_cost')::float8 = 4;" +
              "select set_config('max_parallel_workers_per_gather', '0', false) where current_setting('max_parallel_workers_per_gather')::int = 2",
            (error) => done(error, connection)
          )
        }
      }
    })
  }
  fs.mkdirSync(dataDir, { recursive: true })
  return inlineLimits(knex({
    client: 'better-sqlite3',
    connection: { filename: sqliteFileIn(dataDir) },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      // WAL lets readers work while a write is in progress; foreign keys are off by default in SQLite.
      afterCreate: (connection: SqliteConnection, done: (error: Error | null) => void) => {
        connection.pragma('journal_mode = WAL')
        connection.pragma('foreign_keys = ON')
        connection.pragma('synchronous = NORMAL')
        connection.pragma('busy_timeout = 5000')
        // SQLite's built-in lower() folds ASCII only, so case-insensitive search of Cyrillic
        // names found nothing; this lower() folds every script, as PostgreSQL's does.
        connection.function('lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value))
        // SQLite parses `x REGEXP y` but has no function behind it; customers' $regex needs one.
        connection.function('regexp', { deterministic: true }, sqliteRegexp)
        keepPreparedStatements(connection)
        done(null)
      }
    }
  }))
}

interface CompilerState {
  limit?: unknown
  offset?: unknown
  skipBinding?: Record<string, boolean>
}

/**
 * SQLite (built with STAT4, as better-sqlite3 is) plans a statement with its LIMIT's value when
 * that value is a parameter, so binding one expires the kept statement and every run prepares it
 * again: the booking's overlap check took 45 µs instead of 9, a calendar page's query paid its
 * whole preparation each call. knex binds every limit and offset (`first()` too); here the
 * integers it already validated are written into the SQL text, so each distinct page size is one
 * kept statement. Anything else (a raw offset) is left to knex. On the client's class, once:
 * a transaction's client is made from the class, not from this instance.
 */
function inlineLimits(db: Knex): Knex {
  type Compile = (builder: unknown, formatter?: unknown) => { single: CompilerState }
  const clientClass = Object.getPrototypeOf(db.client) as { queryCompiler: Compile; limitsInlined?: true }
  if (clientClass.limitsInlined) return db
  const compilerFor = clientClass.queryCompiler
  clientClass.queryCompiler = function (this: unknown, builder, formatter) {
    const compiler = compilerFor.call(this, builder, formatter)
    const single = compiler.single
    for (const attribute of ['limit', 'offset'] as const) {
      if (Number.isInteger(single[attribute])) single.skipBinding = { ...single.skipBinding, [attribute]: true }
    }
    return compiler
  }
  clientClass.limitsInlined = true
  return db
}

interface PgConnection {
  query: (sql: string, callback: (error: Error | null) => void) => void
}

interface SqliteConnection {
  pragma: (sql: string) => unknown
  function: (name: string, options: { deterministic: boolean }, fn: (...values: unknown[]) => unknown) => unknown
  prepare: (sql: string) => unknown
}

/** Distinct statements a SQLite connection keeps prepared; past that it starts over. */
const STATEMENTS_KEPT = 1000

/**
 * knex's better-sqlite3 client prepares every query anew, and SQLite parsing and planning the
 * same few statements again was about a third of a signed-in call's database time (customers.get
 * over the socket: median 1.05 -> 0.75 ms). The connection keeps its statements by SQL text:
 * knex only runs one to completion (`all` or `run`), never iterates it, so one prepared statement
 * serves every call of its SQL, and SQLite prepares it again by itself when the schema changes.
 */
function keepPreparedStatements(connection: SqliteConnection) {
  const prepare = connection.prepare.bind(connection)
  const kept = new Map<string, unknown>()
  connection.prepare = (sql: string) => {
    let statement = kept.get(sql)
    if (statement === undefined) {
      statement = prepare(sql)
      if (kept.size >= STATEMENTS_KEPT) kept.clear()
      kept.set(sql, statement)
    }
    return statement
  }
}

/** A pattern starting so is case-insensitive: PostgreSQL's embedded option, and ours below. */
export const CASE_INSENSITIVE_PREFIX = '(?i)'
const compiledPatterns = new Map<string, RegExp>()

/** SQLite's REGEXP: `value REGEXP pattern` calls regexp(pattern, value). */
export function sqliteRegexp(pattern: unknown, value: unknown): number {
  if (typeof pattern !== 'string' || typeof value !== 'string') return 0
  let regex = compiledPatterns.get(pattern)
  if (!regex) {
    const insensitive = pattern.startsWith(CASE_INSENSITIVE_PREFIX)
    regex = new RegExp(insensitive ? pattern.slice(CASE_INSENSITIVE_PREFIX.length) : pattern, insensitive ? 'iu' : 'u')
    if (compiledPatterns.size > 500) compiledPatterns.clear()
    compiledPatterns.set(pattern, regex)
  }
  return regex.test(value) ? 1 : 0
}

export function databaseFromConfiguration(config: Pick<Configuration, 'databaseUrl' | 'dataDir' | 'databaseSchema'>): Knex {
  return createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema })
}

export async function migrateToLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource })
}

/** How often SQLite's planner statistics are looked at again (`PRAGMA optimize`). */
const STATISTICS_EVERY_MS = 60 * 60 * 1000

/**
 * SQLite chooses its plans from statistics that only ANALYZE writes; a table without them (a
 * new index, a base that grew from empty) can get a plan that reads a whole company's index
 * instead of a range. So, as SQLite's documentation advises for long-lived connections: at start
 * `PRAGMA optimize=0x10002` (analyze every table whose statistics are missing or stale, each
 * bounded by `analysis_limit`), then `PRAGMA optimize` every hour, which does nothing while the
 * statistics still hold. PostgreSQL's autovacuum keeps its own. Returns the stop.
 */
export async function keepStatisticsFresh(db: Knex): Promise<() => void> {
  if (databaseEngine(db) !== 'sqlite') return () => undefined
  await db.raw('pragma analysis_limit = 1000')
  await db.raw('pragma optimize = 0x10002')
  const timer = setInterval(() => void db.raw('pragma optimize').catch(() => undefined), STATISTICS_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * Runs the start-up work (migrations, first-start seed) of one instance at a time: on
 * PostgreSQL, instances started together on an empty database would otherwise both migrate
 * (knex refuses the second: "Migration table is already locked") and both seed. A transaction
 * advisory lock per schema is held while `work` runs and released when it ends, even if the
 * process dies. A named schema that does not exist yet is made first. SQLite is one instance
 * by nature.
 */
export async function oneInstanceAtATime(db: Knex, schema: string | undefined, work: () => Promise<void>): Promise<void> {
  if (databaseEngine(db) !== 'postgres') return work()
  await db.transaction(async (trx) => {
    await trx.raw("select pg_advisory_xact_lock(hashtext('clinic-start:' || coalesce(?::text, current_schema()::text)))", [schema ?? null])
    // Outside the lock's transaction, so that the migrations' connections see it at once.
    if (schema) await db.raw('create schema if not exists ??', [schema])
    await work()
  })
}
