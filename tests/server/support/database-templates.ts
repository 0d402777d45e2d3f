import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import knex from 'knex'
import { createDatabase, migrateToLatest, sqliteFileIn } from '../../../server/src/db'

/**
 * Every server test starts from a fresh, fully migrated database: ~150 starts per engine in a
 * run. Migrating each one took 0.15–0.27 s on SQLite and 0.8–1 s on PostgreSQL (sixty-odd
 * migrations, each its own transaction); copying a database migrated once takes a file copy on
 * SQLite and 50–130 ms on PostgreSQL (`CREATE DATABASE … TEMPLATE`). Jest's global set-up makes
 * the templates before the workers start and names them in the environment the workers inherit;
 * the harness (harness.ts, freshDatabase) copies them, and migrates as before without them.
 */
export const SQLITE_TEMPLATE_ENV = 'TEST_SQLITE_TEMPLATE'
export const POSTGRES_TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE'

/** The same server, another database in it. */
export function databaseUrlOf(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/** Runs one statement on its own connection to the test PostgreSQL (creating and dropping databases). */
export async function asPostgresAdmin(url: string, sql: string, bindings: string[]): Promise<void> {
  const admin = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } })
  try {
    await admin.raw(sql, bindings)
  } finally {
    await admin.destroy()
  }
}

export async function makeTemplates(): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-test-template-'))
  const sqlite = createDatabase({ databaseUrl: '', dataDir: folder })
  await migrateToLatest(sqlite)
  // Closing the last connection folds the write-ahead log into the file: the file alone is the copy.
  await sqlite.destroy()
  process.env[SQLITE_TEMPLATE_ENV] = sqliteFileIn(folder)

  const url = process.env.TEST_DATABASE_URL
  if (!url) return
  const name = `clinic_template_${process.pid}`
  await asPostgresAdmin(url, 'drop database if exists ?? with (force)', [name])
  await asPostgresAdmin(url, 'create database ??', [name])
  const template = createDatabase({ databaseUrl: databaseUrlOf(url, name), dataDir: folder })
  await migrateToLatest(template)
  // A template is copied only while nobody is connected to it.
  await template.destroy()
  process.env[POSTGRES_TEMPLATE_ENV] = name
}

export async function dropTemplates(): Promise<void> {
  const file = process.env[SQLITE_TEMPLATE_ENV]
  if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true })
  const name = process.env[POSTGRES_TEMPLATE_ENV]
  const url = process.env.TEST_DATABASE_URL
  if (!name || !url) return
  await asPostgresAdmin(url, 'drop database if exists ?? with (force)', [name])
}
