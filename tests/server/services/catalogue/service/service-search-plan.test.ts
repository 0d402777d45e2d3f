import { engines, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { databaseEngine } from '../../../../../server/src/db'
import { newId, now } from '../../../../../server/src/hooks/ids'
import { serviceSearchColumns } from '../../../../../server/src/services/catalogue/service/service.class'

/** The plan of what `service.find` runs for a `$search`: index ranges, never a read of the whole table. */
describe.each(engines)('service search query plan on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Plans')
    const other = await server.registerClinic('Neighbour')
    const stamp = { createdAt: now(), updatedAt: now(), createdBy: null }
    for (const companyId of [admin.auth.company._id, other.auth.company._id]) {
      const rows = Array.from({ length: 3000 }, (_, index) => {
        const name = `${['Filling', 'Crown', 'Extraction', 'Cleaning', 'Veneer', 'Implant'][index % 6]} ${index}`
        const code = `C-${index}`
        return { _id: newId(), companyId, ...stamp, name, code, duration: 30, bufferTime: 0, price: 100, public: true, staticPrice: false, staticDuration: false, rank: index, archived: false, ...serviceSearchColumns({ name, code }) }
      })
      for (let at = 0; at < rows.length; at += 200) await server.db('services').insert(rows.slice(at, at + 200))
    }
    await server.db.raw(engine === 'postgres' ? 'analyze services' : 'analyze')
  }, 60_000)
  afterAll(() => server.stop())

  const plan = async (term: string) => {
    const { sql, bindings } = server.app.service('service').createQuery({ query: { companyId: admin.auth.company._id, $search: term, $sort: { rank: 1 as const, name: 1 as const, _id: 1 as const } } }).limit(50).toSQL()
    if (databaseEngine(server.db) === 'postgres') {
      const result = await server.db.raw(`explain ${sql}`, bindings)
      return result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')
    }
    const rows = await server.db.raw(`explain query plan ${sql}`, bindings)
    return rows.map((row: { detail: string }) => row.detail).join('\n')
  }

  it('reads the name and code ranges from their indexes', async () => {
    for (const term of ['implant 59', 'c-123']) {
      const text = await plan(term)
      expect(text).not.toMatch(/SCAN services\b(?! USING)|Seq Scan on services/)
      expect(text).toContain('services_search_name')
      expect(text).toContain('services_search_code')
    }
  })
})
