import type { Knex } from 'knex'
import * as identity from './20261121080000_identity'

interface Migration {
  up: (db: Knex) => Promise<void>
  down: (db: Knex) => Promise<void>
}

/**
 * Migrations are imported, not globbed from disk, so the same list runs under tsx, jest and a
 * bundled build. Add new ones at the end; the name is the timestamp-prefixed file name.
 */
const migrations: Array<[string, Migration]> = [['20261121080000_identity', identity]]

export const migrationSource: Knex.MigrationSource<[string, Migration]> = {
  getMigrations: async () => migrations,
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration
}
