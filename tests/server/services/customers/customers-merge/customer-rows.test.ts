import { engines, startServer, type TestServer } from '../../../support/harness'
import { openClinic, booking, type Clinic } from '../../../support/appointment-fixtures'
import { registeredManifests } from '../../../../../server/src/services/service-manifest'
import { customerOwnedRows } from '../../../../../server/src/services/customers/customers-merge/customer-references'

/**
 * Tables with a customer column that a merge leaves alone, and why. Every other table with such a
 * column must be declared by its owner as `customerRows` (service-manifest.ts), so that a merge
 * moves its rows to the kept record.
 */
const NOT_MOVED: Record<string, string> = {
  customer_cabinet_tokens: "the merged customer's links are revoked: its cabinet closes with its page",
  trash: 'a removed record is kept as it was removed',
  debt_spans: "the debtors' spans are computed from the invoices and their money: the merge moves those, their triggers mark each invoice, the next read recomputes them",
  balance_spans: "prepaid balances' spans are computed from the payments and allocations: the merge moves those, their triggers mark both patients, the next read recomputes both",
  balance_spans_dirty: 'marks of patients to recompute: the merged one is recomputed to no spans',
  visit_next_days: "each visit's next day is computed from the appointments: the merge moves them, their triggers mark both patients, the next read recomputes both",
  visit_next_dirty: 'marks of patients to recompute: the merged one is recomputed to no rows',
  customer_funnel_reach: "each patient's reach in the funnel is computed from their appointments, plans and payments: the merge moves those, their triggers mark both patients, the next funnel recomputes both",
  customer_funnel_dirty: 'marks of patients to recompute: the merged one is recomputed (a merged patient leaves every cohort)'
}

/** Columns that hold a customer's id, by the names the schema uses for them. */
const CUSTOMER_COLUMN = /^customerId$/

describe.each(engines)("a customer's rows in a merge on %s", (engine) => {
  let server: TestServer
  let clinic: Clinic
  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
  })
  afterAll(() => server.stop())

  async function customerColumns(): Promise<Array<{ table: string; column: string }>> {
    if (engine === 'postgres') {
      const { rows } = await server.db.raw('select table_name as "table", column_name as "column" from information_schema.columns where table_schema = current_schema()')
      return (rows as Array<{ table: string; column: string }>).filter(({ column }) => CUSTOMER_COLUMN.test(column))
    }
    const columns = (await server.db.raw("select m.name as \"table\", p.name as \"column\" from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table'")) as Array<{ table: string; column: string }>
    return columns.filter(({ column }) => CUSTOMER_COLUMN.test(column))
  }

  it('are declared by the service that owns each table with a customer column, or left alone for a stated reason', async () => {
    const declared = new Set(customerOwnedRows().map(({ table, column }) => `${table}.${column}`))
    const undeclared = (await customerColumns()).filter(({ table, column }) => !declared.has(`${table}.${column}`) && !(table in NOT_MOVED))
    expect(undeclared).toEqual([])
    // Each declaration names a table of the declaring service's own.
    const foreign = [...registeredManifests()].flatMap(([path, manifest]) => (manifest.customerRows ?? []).filter(({ table }) => !(manifest.tables ?? []).includes(table)).map(({ table }) => `${path}: ${table}`))
    expect(foreign).toEqual([])
  })

  it("moves the merged customer's appointments, waiting-list entries and notes to the kept record, and nobody else's", async () => {
    const { admin } = clinic
    const kept = await admin.client.service('customers').create({ first_name: 'Aino', last_name: 'Kept' })
    const merged = await admin.client.service('customers').create({ first_name: 'Aino', last_name: 'Duplicate' })
    const appointments = admin.client.service('appointment')
    const mergedVisit = await appointments.create(booking(clinic, '2027-04-05', '09:00', { customerId: merged._id }))
    const keptVisit = await appointments.create(booking(clinic, '2027-04-05', '10:00', { customerId: kept._id }))
    const othersVisit = await appointments.create(booking(clinic, '2027-04-05', '11:00'))
    const wish = await admin.client.service('waiting-list').create({ customerId: merged._id, dateFrom: '2027-07-01', dateTo: '2027-07-31', timeFrom: '09:00', timeTo: '13:00', duration: 30 })
    const note = await admin.client.service('notes').create({ customerId: merged._id, text: 'Allergic to penicillin' })

    await admin.client.service('customers-merge').create({ keepId: kept._id, mergeId: merged._id })

    const customerOf = async (path: string, id: string) => ((await admin.client.service(path as 'appointment').get(id)) as { customerId: string }).customerId
    expect(await customerOf('appointment', mergedVisit._id)).toBe(kept._id)
    expect(await customerOf('appointment', keptVisit._id)).toBe(kept._id)
    expect(await customerOf('appointment', othersVisit._id)).toBe(clinic.customerId)
    expect(await customerOf('waiting-list', wish._id)).toBe(kept._id)
    expect(await customerOf('notes', note._id)).toBe(kept._id)
    const keptVisits = await appointments.find({ query: { customerId: kept._id, $sort: { start: 1 as const } } })
    expect(keptVisits.data.map((visit) => visit._id)).toEqual([mergedVisit._id, keptVisit._id])
  })
})
