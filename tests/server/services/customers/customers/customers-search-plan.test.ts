import { engines, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { newId, now } from '../../../../../server/src/hooks/ids'
import { searchColumns } from '../../../../../server/src/services/customers/customers/customers.class'
import { customerFindPlans, scansCustomers } from '../../../../../bench/query-plan'

const FIRST = ['Ali', 'Alisher', 'Dilshod', 'Nilufar', 'Aziza', 'Анна', 'Ольга', 'Дмитрий', 'Сергей', 'Mikko', 'John', 'Mary']
const LAST = ['Karimov', 'Rahimova', 'Yusupov', 'Ergasheva', 'Смирнова', 'Иванов', 'Петров', 'Кузнецова', 'Virtanen', 'Smith', 'Brown', 'Tashkentov']

/** Rows written straight to the table (the service's own column rules), to have volume quickly. */
async function fill(server: TestServer, companyId: string, branchIds: string[], count: number) {
  const rows = Array.from({ length: count }, (_, index) => {
    const data = {
      first_name: FIRST[index % FIRST.length],
      last_name: `${LAST[(index * 7) % LAST.length]}${index % 50}`,
      middle_name: '',
      phone: `99890${String(1_000_000 + index * 37).slice(-7)}`
    }
    return {
      _id: newId(),
      companyId,
      branchId: branchIds[index % branchIds.length],
      createdAt: now(),
      updatedAt: now(),
      createdBy: null,
      ...data,
      ...searchColumns(data),
      tagIds: '[]',
      notificationChannels: '["sms"]',
      customFields: '{}',
      color: '#1677ff'
    }
  })
  for (let start = 0; start < rows.length; start += 200) await server.db('customers').insert(rows.slice(start, start + 200))
}

/**
 * The proof that `$search` reads indexes: the query plans of the exact SQL the service builds,
 * over a few thousand customers in three branches with fresh statistics (ANALYZE; no planner
 * switches turned off), on each engine. A plan that scans the customers table (SQLite
 * "SCAN customers", PostgreSQL "Seq Scan") fails. `npm run bench` checks the plans
 * at a million customers.
 */
describe.each(engines)('customer search query plans on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Plans')
    const other = await server.registerClinic('Neighbour')
    // Three branches, as a chain has: one branch's customers are a third of the company's.
    const branches = [admin.auth.branchIds[0]]
    for (const name of ['North', 'South']) branches.push((await admin.client.service('branches').create({ name }))._id)
    await fill(server, admin.auth.company._id, branches, 3000)
    await fill(server, other.auth.company._id, other.auth.branchIds, 3000)
    await server.db.raw(engine === 'postgres' ? 'analyze customers' : 'analyze')
  }, 60_000)
  afterAll(() => server.stop())

  /** The plans of the page and the count query `find` runs for `query`, as the hooks leave it. */
  const plans = async (query: Record<string, unknown>) => {
    const { page, count } = await customerFindPlans(server.app, { companyId: admin.auth.company._id, $limit: 20, ...query })
    if (process.env.SHOW_PLANS) console.warn(`${JSON.stringify(query)}\n${page}\n---\n${count}`)
    return [page, count]
  }

  const usesSearchIndexes = (plan: string, indexes: string[]) => {
    expect(scansCustomers(plan)).toBe(false)
    for (const index of indexes) expect(plan).toContain(index)
  }
  const NAME_INDEXES = ['customers_search_first', 'customers_search_last', 'customers_search_middle']
  const PHONE_INDEXES = ['customers_phone', 'customers_phone_reversed']

  it.each([
    ['one word', { $search: 'karim' }],
    ['one Cyrillic word', { $search: 'смирн' }],
    ['two words in reverse order', { $search: 'karimov3 ali' }],
    ['three words', { $search: 'karimov3 ali al' }],
    ['within the caller\'s branch', { $search: 'yusup', inOwnBranch: true }],
    ['with other filters', { $search: 'yusup', archived: false, blacklisted: false }]
  ])('reads the name search indexes for %s', async (_label, query) => {
    const { inOwnBranch, ...rest } = query as Record<string, unknown>
    const scoped = inOwnBranch ? { ...rest, branchId: { $in: [admin.auth.branchIds[0]] } } : rest
    for (const plan of await plans(scoped)) usesSearchIndexes(plan, NAME_INDEXES)
  })

  it.each([
    ['a phone prefix', { $search: '+998 90 100' }],
    ['a phone ending', { $search: '45-67' }],
    ['a national number\'s start, without the country code', { $search: '(90) 100' }],
    ['a whole national number', { $search: '90 100 00 37' }]
  ])('reads the phone indexes for %s', async (_label, query) => {
    for (const plan of await plans(query)) usesSearchIndexes(plan, PHONE_INDEXES)
  })

  it('reads the phone and name indexes for the duplicates of a new customer ($duplicateOf)', async () => {
    const $duplicateOf = { phone: '+998 90 100 00 37', first_name: 'Ali', last_name: 'Karimov3', birthdate: '1990-01-01' }
    for (const plan of await plans({ $duplicateOf, mergedInto: null })) usesSearchIndexes(plan, ['customers_phone', 'customers_search_last'])
  })

  it('reads the name search indexes for a sorted page', async () => {
    const [page] = await plans({ $search: 'yusupov1', $sort: { last_name: 1 } })
    usesSearchIndexes(page, NAME_INDEXES)
  })

  it('does see a table scan where there is one (the check above can fail)', async () => {
    const { page } = await customerFindPlans(server.app, { profession: 'Teacher' })
    expect(scansCustomers(page)).toBe(true)
  })
})
