import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDatabase, keepStatisticsFresh, migrateToLatest } from '../../server/src/db'

/** What the server sets on its database connections for the planner (server/src/db.ts). */
describe('database planner settings', () => {
  it('gives SQLite statistics for tables that have none (new indexes, a base grown from empty) when it starts', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-stats-'))
    const db = createDatabase({ databaseUrl: '', dataDir })
    try {
      await migrateToLatest(db)
      // As after a base grew from empty: rows, and no statistics for the customers indexes.
      const rows = Array.from({ length: 300 }, (_, at) => ({ _id: `c${at}`, companyId: 'company', branchId: `b${at % 3}`, first_name: `F${at}`, last_name: 'L', searchFirst: `f${at}`, searchLast: 'l', tagIds: '[]', notificationChannels: '["sms"]', customFields: '{}', color: '#1677ff', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' }))
      // Statistics are the point here, not the company these rows belong to.
      await db.raw('pragma foreign_keys = OFF')
      await db('customers').insert(rows)
      await db.raw("delete from sqlite_stat1 where tbl = 'customers'")
      const stop = await keepStatisticsFresh(db)
      stop()
      const stats = (await db.raw("select idx from sqlite_stat1 where tbl = 'customers'")) as Array<{ idx: string }>
      expect(stats.map((row) => row.idx)).toEqual(expect.arrayContaining(['customers_search_first', 'customers_search_last', 'customers_search_middle']))
    } finally {
      await db.destroy()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  // PostgreSQL runs where the tests have one (TEST_DATABASE_URL, as the other engine tests).
  if (process.env.TEST_DATABASE_URL) it('turns PostgreSQL parallel plans off and prices SSD reads, unless the administrator set them', async () => {
    const db = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, dataDir: os.tmpdir() })
    try {
      const setting = async (name: string) => ((await db.raw(`select current_setting('${name}') as value`)).rows[0] as { value: string }).value
      expect(await setting('max_parallel_workers_per_gather')).toBe('0')
      expect(Number(await setting('random_page_cost'))).toBe(1.1)
    } finally {
      await db.destroy()
    }
  })
})
