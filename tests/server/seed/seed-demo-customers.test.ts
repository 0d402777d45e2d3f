import { engines, startServer, type SignedIn, type TestServer } from '../support/harness'
import { DEMO_SIGN_IN, seedDemoClinic } from '../../../server/src/seed-demo'
import type { Customer } from '../../../server/src/services/customers/customers/customers.shared'

/** The demo clinic's customers, as the front desk of the demo sees them. */
describe.each(engines)('demo customers on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let customers: Customer[]

  beforeAll(async () => {
    server = await startServer(engine)
    await seedDemoClinic(server.app)
    admin = await server.signIn(DEMO_SIGN_IN.email, DEMO_SIGN_IN.password)
    customers = []
    for (let skip = 0; ; skip += 500) {
      const page = await admin.client.service('customers').find({ query: { $limit: 500, $skip: skip } })
      customers.push(...page.data)
      if (customers.length >= page.total) break
    }
  }, 60_000)
  afterAll(() => server.stop())

  it('has a few hundred customers with Latin and Cyrillic names and +998 phones', () => {
    expect(customers.length).toBeGreaterThanOrEqual(200)
    expect(customers.filter((customer) => /^[A-Z]/.test(customer.last_name)).length).toBeGreaterThan(50)
    expect(customers.filter((customer) => /^[А-ЯЁЎҚҒҲ]/.test(customer.last_name)).length).toBeGreaterThan(50)
    expect(customers.filter((customer) => customer.phone?.startsWith('998')).length).toBeGreaterThan(customers.length / 2)
  })

  it('spreads them over both branches, with sources, tags, and a few blacklisted or archived', () => {
    expect(new Set(customers.map((customer) => customer.branchId)).size).toBe(2)
    expect(customers.some((customer) => customer.sourceId)).toBe(true)
    expect(customers.some((customer) => customer.tagIds.length > 0)).toBe(true)
    const statuses = customers.map((customer) => customer.status)
    expect(statuses.filter((status) => status === 'blacklisted').length).toBeGreaterThan(0)
    expect(statuses.filter((status) => status === 'archived').length).toBeGreaterThan(0)
    expect(statuses.filter((status) => status === 'active').length).toBeGreaterThan(customers.length * 0.8)
  })

  it('finds them by the search columns the service would have written', async () => {
    const sample = customers.find((customer) => customer.middle_name !== '')!
    const term = `${sample.middle_name} ${sample.last_name} ${sample.first_name}`.toUpperCase()
    expect((await admin.client.service('customers').find({ query: { $search: term } })).total).toBeGreaterThan(0)
    expect((await admin.client.service('customers').find({ query: { $search: sample.phone!.slice(-7) } })).total).toBeGreaterThan(0)
  })
})
