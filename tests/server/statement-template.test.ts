import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Knex } from 'knex'
import { createDatabase } from '../../server/src/db'
import { listValues, preparedName, statementTemplate } from '../../server/src/statement-template'

const databases: Array<[string, () => Knex]> = [['sqlite', () => createDatabase({ databaseUrl: '', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-template-')) })]]
if (process.env.TEST_DATABASE_URL) databases.push(['postgres', () => createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, dataDir: os.tmpdir() })])

/** server/src/statement-template.ts, and the SQL text SQLite is given for limits (db.ts). */
describe.each(databases)('statements assembled once (%s)', (engine, open) => {
  let db: Knex
  const table = `template_rows_${process.pid}`
  beforeAll(async () => {
    db = open()
    await db.schema.dropTableIfExists(table)
    await db.schema.createTable(table, (rows) => {
      rows.string('_id').primary()
      rows.string('kind')
      rows.integer('size')
    })
    await db(table).insert([
      { _id: 'a', kind: 'tooth', size: 1 },
      { _id: 'b', kind: 'tooth', size: 2 },
      { _id: 'c', kind: 'gum', size: 3 },
      { _id: 'd', kind: 'gum', size: 4 }
    ])
  })
  afterAll(async () => {
    await db.schema.dropTableIfExists(table)
    await db.destroy()
  })

  let builds = 0
  const rowsOf = statementTemplate<'kind' | 'ids' | 'least', number>(
    (count) => String(count),
    (knex, slot, count) => {
      builds += 1
      return knex(table)
        .select('_id')
        .where('kind', slot('kind'))
        .where('size', '>=', slot('least'))
        .whereIn('_id', Array.from({ length: count }, (_, index) => slot('ids', index)))
        .orderBy('_id')
        .limit(10)
    }
  )

  it('runs each call with its own values, and assembles a shape once', async () => {
    builds = 0
    const ids = (rows: Array<{ _id: string }>) => rows.map((row) => row._id)
    expect(ids(await rowsOf(db, 2, { kind: 'tooth', least: 1, ...listValues('ids', ['a', 'b']) }))).toEqual(['a', 'b'])
    expect(ids(await rowsOf(db, 2, { kind: 'gum', least: 4, ...listValues('ids', ['c', 'd']) }))).toEqual(['d'])
    expect(builds).toBe(1)
    expect(ids(await rowsOf(db, 3, { kind: 'gum', least: 0, ...listValues('ids', ['a', 'c', 'd']) }))).toEqual(['c', 'd'])
    expect(builds).toBe(2)
    // Inside a transaction too (the booking's check runs in one).
    await db.transaction(async (trx) => {
      expect(ids(await rowsOf(trx, 3, { kind: 'tooth', least: 2, ...listValues('ids', ['a', 'b', 'c']) }))).toEqual(['b'])
    })
  })

  it('refuses a call that leaves a value out instead of running it with another call\'s', async () => {
    await expect(rowsOf(db, 2, { kind: 'tooth', ...listValues('ids', ['a', 'b']) })).rejects.toThrow('no value for least')
  })

  if (engine === 'postgres') {
    it('keeps the statement prepared on the connection under a name taken from its text', async () => {
      await db.transaction(async (trx) => {
        await rowsOf(trx, 1, { kind: 'gum', least: 0, ...listValues('ids', ['c']) })
        const prepared = (await trx.raw('select name, statement from pg_prepared_statements')).rows as Array<{ name: string; statement: string }>
        const ours = prepared.filter((row) => row.statement.includes(table))
        expect(ours.length).toBeGreaterThan(0)
        for (const row of ours) expect(row.name).toBe(preparedName(row.statement.replace(/\$\d+/g, '?')))
      })
    })
  }

  if (engine === 'sqlite') {
    it('writes integer limits and offsets into the SQL text, in and out of transactions', async () => {
      expect(db(table).limit(5).offset(10).toSQL().toNative()).toMatchObject({ sql: expect.stringContaining('limit 5 offset 10'), bindings: [] })
      await db.transaction(async (trx) => {
        expect(trx(table).first('_id').toSQL().toNative()).toMatchObject({ sql: expect.stringContaining('limit 1'), bindings: [] })
        expect(await trx(table).orderBy('_id').offset(3).limit(1).pluck('_id')).toEqual(['d'])
      })
    })
  }
})
