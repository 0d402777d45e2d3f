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

export function databaseEngine(db: Knex): DatabaseEngine {
  return db.client.config.client === 'pg' ? 'postgres' : 'sqlite'
}

export interface DatabaseOptions {
  databaseUrl: string
  dataDir: string
  /** PostgreSQL schema to work in (tests give each run its own). */
  schema?: string
}

export function createDatabase({ databaseUrl, dataDir, schema }: DatabaseOptions): Knex {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    return knex({
      client: 'pg',
      connection: databaseUrl,
      searchPath: schema ? [schema] : undefined,
      pool: { min: 0, max: 10 }
    })
  }
  fs.mkdirSync(dataDir, { recursive: true })
  return knex({
    client: 'better-sqlite3',
    connection: { filename: path.join(dataDir, 'clinic.sqlite3') },
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
        done(null)
      }
    }
  })
}

interface SqliteConnection {
  pragma: (sql: string) => unknown
  function: (name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown) => unknown
}

export function databaseFromConfiguration(config: Pick<Configuration, 'databaseUrl' | 'dataDir'>): Knex {
  return createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
}

export async function migrateToLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource })
}
