import { engines, startServer, type TestServer } from '../../support/harness'
import { withoutJit } from '../../../../server/src/services/reports/without-jit'

/** A report's read without PostgreSQL's JIT: off inside, and not left off on the pool's connection after. */
describe.each(engines)('withoutJit on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer(engine)
  })
  afterAll(() => server.stop())

  it('reads with JIT off on PostgreSQL, leaving the setting as it was, and passes the answer and errors through', async () => {
    const jit = async (db = server.db) => ((await db.raw('show jit')) as { rows: Array<{ jit: string }> }).rows[0].jit
    if (engine === 'postgres') {
      const before = await jit()
      expect(await withoutJit(server.db, (reader) => jit(reader))).toBe('off')
      // The pool has one connection or several: each answers as before.
      expect(await Promise.all([jit(), jit(), jit()])).toEqual([before, before, before])
    } else {
      expect(await withoutJit(server.db, async (reader) => reader)).toBe(server.db)
    }
    expect(await withoutJit(server.db, async (reader) => Number((await reader('companies').count({ n: '*' }))[0].n) >= 0)).toBe(true)
    await expect(withoutJit(server.db, async () => Promise.reject(new Error('failed read')))).rejects.toThrow('failed read')
  })
})
