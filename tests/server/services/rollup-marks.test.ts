import knex, { type Knex } from 'knex'
import { inRounds, upsertRows, type StaleDay } from '../../../server/src/services/rollup-marks'

const daysOf = (count: number): StaleDay[] => Array.from({ length: count }, (_, index) => ({ day: `2026-01-${String(31 - index).padStart(2, '0')}`, version: index }))

describe('stale days recomputed in rounds', () => {
  it('recomputes every day once, in the period order, a week at most per round', async () => {
    const rounds: string[][] = []
    await inRounds(daysOf(31), async (round) => {
      rounds.push(round.map((entry) => entry.day))
    })
    expect(rounds.map((round) => round.length)).toEqual([7, 7, 7, 7, 3])
    expect(rounds.flat()).toEqual(daysOf(31).map((entry) => entry.day).sort())
  })

  it('lets the event loop turn between rounds (on SQLite each round holds the one thread)', async () => {
    const events: string[] = []
    await inRounds(daysOf(15), async (round) => {
      events.push(`round ${round[0].day}`)
      // Work queued behind the round as a socket's ping is: it must run before the next round.
      setImmediate(() => events.push('other call'))
    })
    expect(events).toEqual(['round 2026-01-17', 'other call', 'round 2026-01-24', 'other call', 'round 2026-01-31'])
  })
})

/** A real database of each engine: SQLite always, PostgreSQL where the tests have one. */
const engines: Array<[string, () => Knex]> = [
  ['SQLite', () => knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true })],
  ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', () => knex({ client: 'pg', connection: process.env.TEST_DATABASE_URL })] as [string, () => Knex]] : [])
]

describe.each(engines)('rollup rows upserted by their key (%s)', (_engine, connect) => {
  const table = 'rollup_marks_upsert_test'
  let db: Knex
  beforeAll(async () => {
    db = connect()
    await db.schema.dropTableIfExists(table)
    await db.schema.createTable(table, (t) => {
      for (const column of ['companyId', 'day', 'branchId', 'doctorId', 'figure', 'method']) t.string(column).notNullable()
      t.bigInteger('value').notNullable()
      t.primary(['companyId', 'day', 'branchId', 'doctorId', 'figure', 'method'])
    })
  })
  afterAll(async () => {
    await db.schema.dropTableIfExists(table)
    await db.destroy()
  })

  // A week of 50 branches × 2 doctors × 3 figures is 2,100 rows of 7 columns: more than one
  // statement may take on SQLite (500 rows in one compound SELECT) and than 4,000 values.
  const rowsOf = (value: (at: number) => number) =>
    Array.from({ length: 2100 }, (_, at) => ({ companyId: 'c', day: `2026-01-0${1 + (at % 7)}`, branchId: `b${at % 50}`, doctorId: `d${Math.floor(at / 50) % 6}`, figure: `f${Math.floor(at / 300)}`, method: '', value: value(at) }))
  const keys = ['companyId', 'day', 'branchId', 'doctorId', 'figure', 'method']

  it('writes every row of a large round, then replaces their values by the key', async () => {
    await upsertRows(db, table, rowsOf((at) => at), keys)
    await upsertRows(db, table, rowsOf((at) => at * 2), keys)
    const [{ count, total }] = (await db(table).count({ count: '*' }).sum({ total: 'value' })) as Array<{ count: unknown; total: unknown }>
    expect(Number(count)).toBe(2100)
    expect(Number(total)).toBe(2 * ((2099 * 2100) / 2))
  })
})
