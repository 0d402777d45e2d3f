import { engines, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { newId, now } from '../../../../../server/src/hooks/ids'
import { searchColumns } from '../../../../../server/src/services/customers/customers/customers.class'
import { SEARCH_COUNT_CAP } from '../../../../../server/src/services/customers/customers/customer-search'

const COMMON = 1100
const RARE = 30

/** Rows written straight to the table (with the service's search columns), to pass the cap quickly. */
async function fill(server: TestServer, companyId: string, branchId: string, people: Array<{ first_name: string; last_name: string; phone: string }>) {
  const rows = people.map((data) => ({
    _id: newId(),
    companyId,
    branchId,
    createdAt: now(),
    updatedAt: now(),
    createdBy: null,
    middle_name: '',
    ...data,
    ...searchColumns({ ...data, middle_name: '' }),
    tagIds: '[]',
    notificationChannels: '["sms"]',
    customFields: '{}',
    color: '#1677ff'
  }))
  for (let start = 0; start < rows.length; start += 200) await server.db('customers').insert(rows.slice(start, start + 200))
}

/**
 * `$search` counts at most SEARCH_COUNT_CAP matches past the page asked for (customers.class.ts):
 * `total` stops at the cap with `totalCapped: true`; under the cap it is exact and the flag false.
 */
describe.each(engines)('customer search count on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Counting')
    const common = Array.from({ length: COMMON }, (_, index) => ({ first_name: 'Zarina', last_name: `Common${index}`, phone: `99890${String(1_000_000 + index).slice(-7)}` }))
    const rare = Array.from({ length: RARE }, (_, index) => ({ first_name: 'Zarina', last_name: `Rareson${index}`, phone: `99871${String(1_000_000 + index).slice(-7)}` }))
    await fill(server, admin.auth.company._id, admin.auth.branchIds[0], [...common, ...rare])
  }, 60_000)
  afterAll(() => server.stop())

  const find = (query: Record<string, unknown>) => admin.client.service('customers').find({ query: { $limit: 20, ...query } }) as Promise<{ total: number; skip: number; limit: number; data: unknown[]; totalCapped?: boolean }>

  it.each([
    ['one word', 'zarina'],
    ['two words', 'zarina common'],
    ['a phone start', '99890']
  ])('stops counting %s at the cap and says so', async (_label, term) => {
    const page = await find({ $search: term })
    expect(SEARCH_COUNT_CAP).toBeLessThan(COMMON)
    expect(page).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true, skip: 0, limit: 20 })
    expect(page.data).toHaveLength(20)
  })

  it('counts exactly under the cap', async () => {
    expect(await find({ $search: 'rareson' })).toMatchObject({ total: RARE, totalCapped: false })
    expect(await find({ $search: '99871' })).toMatchObject({ total: RARE, totalCapped: false })
    expect(await find({ $search: 'zarina rareson1' })).toMatchObject({ total: 11, totalCapped: false })
    expect(await find({ $search: 'nobody' })).toMatchObject({ total: 0, totalCapped: false, data: [] })
  })

  it('pages past the cap: the count reaches past the page asked for', async () => {
    const past = await find({ $search: 'zarina', $skip: SEARCH_COUNT_CAP })
    expect(past.data).toHaveLength(20)
    expect(past).toMatchObject({ total: SEARCH_COUNT_CAP + 20, totalCapped: true })
    // The last page: everything is counted, so the total is exact again.
    const last = await find({ $search: 'zarina', $skip: COMMON + RARE - 10 })
    expect(last.data).toHaveLength(10)
    expect(last).toMatchObject({ total: COMMON + RARE, totalCapped: false })
  })

  it('counts a list without $search exactly, with no flag', async () => {
    const page = await find({})
    expect(page.total).toBe(COMMON + RARE)
    expect(page).not.toHaveProperty('totalCapped')
  })
})
