import { engines, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { ZONE, at, booking, openTwoBranchClinic, type Clinic } from '../../../support/appointment-fixtures'
import { invoicesOf, key, paymentsOf, visitWithTreatments } from '../../billing/billing-fixtures'
import { newId } from '../../../../../server/src/hooks/ids'
import { periodFilter } from '../../../../../server/src/services/reports/report-scope'
import type { RegisteredFilter } from '../../../../../server/src/services/customers/customers/customer-report-reads'
import { funnelGroups, funnelGroupsByPatients, rebuildCompanyFunnelReach, type FunnelGroup } from '../../../../../server/src/services/reports/customer-conversion-funnel-reports/funnel-steps'
import { FUNNEL_REACH_DIRTY_TABLE, FUNNEL_REACH_TABLE } from '../../../../../server/src/services/customers/customers/customer-funnel-reach'
import { funnelSteps, type FunnelReport, type FunnelRows } from '../../../../../server/src/services/reports/customer-conversion-funnel-reports/customer-conversion-funnel-reports.shared'
import { appointmentStatuses } from '../../../../../domain/appointments/status'
import { planStatuses } from '../../../../../domain/clinical/treatment-plans'

/**
 * The conversion funnel's grouped read (one statement, each step an `exists` per patient asked by
 * the database) against the former per-patient reading (every registered patient read into the
 * server, each step asked for the ids of the step before, 500 a statement), kept as
 * `funnelGroupsByPatients`: the same groups for several periods, every source, each branch, each
 * doctor; and through the service, every step's rows as many as its count. Both engines.
 *
 * Forty patients made from a fixed seed: registered on days from September to December in either
 * branch, with no source or one of two, a few merged away; each with appointments of any status
 * (drafts and online requests too) with either doctor, plans of any stored status by either doctor,
 * payments and refunds (cash, card, from the balance; some cancelled) allocated to an invoice of
 * either doctor, of no doctor, or to the balance. Rows are written straight to the tables, cloned
 * from one of each made through the services.
 *
 * Without a doctor the funnel reads each patient's kept reach (customer-funnel-reach.ts): the
 * triggers mark the patients those writes touch, the report recomputes them; a third test writes
 * more (cancels, deletes, moves a patient's rows to another, as a merge does) and compares again.
 */
describe.each(engines)('conversion funnel grouped read on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let finance: SignedIn
  let northId: string
  let doctors: string[]
  let sources: Array<string | null>
  let companyId: string
  const patients: string[] = []

  // A small deterministic generator (the same patients on every run and engine).
  let seed = 19
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648)
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]
  const day = (month: number, date: number) => `2026-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`

  beforeAll(async () => {
    server = await startServer(engine)
    const opened = await openTwoBranchClinic(server)
    clinic = opened.clinic
    finance = opened.finance
    northId = opened.northId
    companyId = clinic.admin.auth.company._id
    doctors = [clinic.doctor.user._id, opened.doctorB.user._id]
    sources = [null, (await clinic.admin.client.service('sources').create({ name: 'Instagram' }))._id, (await clinic.admin.client.service('sources').create({ name: 'Referral' }))._id]

    // One of each row through the services, cloned below.
    const serviceId = (await clinic.admin.client.service('service').create({ name: 'Пломба', duration: 30, price: 1 }))._id
    const visit = await clinic.admin.client.service('appointment').create(booking(clinic, '2026-08-03', '09:00'))
    const invoiceId = (await invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds: (await visitWithTreatments(clinic, serviceId, [10_000])).treatmentIds }))._id
    const paymentId = (await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 10_000, method: 'cash', allocations: [{ invoiceId, amount: 10_000 }] } as Parameters<ReturnType<typeof paymentsOf>['create']>[0]))._id
    const appointmentRow = await server.db('appointment').where({ _id: visit._id }).first()
    const invoiceRow = await server.db('invoices').where({ _id: invoiceId }).first()
    const paymentRow = await server.db('transactions').where({ _id: paymentId }).first()
    const allocationRow = await server.db('allocations').where({ paymentId }).first()

    let counter = 1000
    let minute = 0
    const appointment = async (customerId: string, staffId: string, status: string) => {
      minute += 30
      const start = new Date(Date.parse(at('2026-09-01', '08:00')) + minute * 60_000).toISOString()
      await server.db('appointment').insert({ ...appointmentRow, _id: newId(), customerId, staffId, status, start, date: start.slice(0, 10) })
    }
    const plan = (customerId: string, doctorId: string, status: string) =>
      server.db('treatment_plans').insert({ _id: newId(), companyId, branchId: clinic.branchId, customerId, title: 'Plan', doctorId, status, consultationDate: '2026-10-01', phases: '[]', needsBooking: false })
    /** A payment (or refund) allocated to a new invoice of `doctorId` (null: of no doctor), or to the balance. */
    const payment = async (customerId: string, to: { doctorId: string | null } | 'balance', kind: string, method: string, cancelled: boolean) => {
      const invoice = { ...invoiceRow, _id: newId(), customerId, counter: (counter += 1), doctorId: to === 'balance' ? null : to.doctorId }
      await server.db('invoices').insert(invoice)
      const row = { ...paymentRow, _id: newId(), customerId, clientKey: key(), kind, method, status: cancelled ? 'cancelled' : paymentRow.status }
      await server.db('transactions').insert(row)
      await server.db('allocations').insert({ ...allocationRow, _id: newId(), paymentId: row._id, customerId, invoiceId: to === 'balance' ? null : invoice._id })
    }
    const patient = async (name: string, registered: string, branchId: string, sourceId: string | null) => {
      const customerId = (await clinic.admin.client.service('customers').create({ first_name: name, last_name: 'Funnel' }))._id as string
      await server.db('customers').where({ _id: customerId }).update({ createdAt: new Date(registered).toISOString(), branchId, sourceId })
      return customerId
    }

    for (let index = 0; index < 40; index += 1) {
      const customerId = await patient(`P${index}`, at(day(pick([9, 10, 10, 11, 11, 12]), 1 + Math.floor(random() * 28)), pick(['00:30', '09:00', '23:30'])), pick([clinic.branchId, northId]), pick(sources))
      if (patients.length && random() < 0.1) await server.db('customers').where({ _id: customerId }).update({ mergedInto: pick(patients) })
      patients.push(customerId)
      for (let count = Math.floor(random() * 4); count > 0; count -= 1) await appointment(customerId, pick(doctors), pick(appointmentStatuses))
      for (let count = Math.floor(random() * 3); count > 0; count -= 1) await plan(customerId, pick(doctors), pick(planStatuses))
      for (let count = Math.floor(random() * 3); count > 0; count -= 1) {
        await payment(customerId, random() < 0.2 ? 'balance' : { doctorId: pick([...doctors, null]) }, pick(['payment', 'payment', 'refund']), pick(['cash', 'card', 'balance']), random() < 0.25)
      }
    }
    // Edge cases in October: each came to doctor A and accepted A's plan; then money that is no payment, or not for A.
    const [doctorA, doctorB] = doctors
    const edges: Array<[string, Parameters<typeof payment>[1], string, string, boolean]> = [
      ['from the balance', { doctorId: doctorA }, 'payment', 'balance', false],
      ['cancelled', { doctorId: doctorA }, 'payment', 'cash', true],
      ['a refund', { doctorId: doctorA }, 'refund', 'cash', false],
      ["for B's invoice", { doctorId: doctorB }, 'payment', 'card', false],
      ['to the balance', 'balance', 'payment', 'cash', false],
      ['paid A', { doctorId: doctorA }, 'payment', 'cash', false]
    ]
    for (const [name, to, kind, method, cancelled] of edges) {
      const customerId = await patient(name, at('2026-10-20', '10:00'), clinic.branchId, null)
      await appointment(customerId, doctorA, 'completed')
      await plan(customerId, doctorA, 'accepted')
      await payment(customerId, to, kind, method, cancelled)
    }
  })
  afterAll(() => server.stop())

  const filterOf = (from: string, to: string, extra: Partial<RegisteredFilter> = {}): RegisteredFilter => {
    const { doctorId: _doctor, ...period } = periodFilter({ companyId, from, to, branchIds: null }, ZONE)
    return { ...period, ...extra }
  }
  const sorted = (groups: FunnelGroup[]) => [...groups].sort((a, b) => JSON.stringify([a.branchId, a.sourceId, a.last]).localeCompare(JSON.stringify([b.branchId, b.sourceId, b.last])))
  const periods = [
    ['2026-09-01', '2026-10-01'],
    ['2026-10-01', '2026-11-01'],
    ['2026-10-15', '2026-10-22'],
    ['2026-09-01', '2027-01-01']
  ] as const

  it('counts the same groups as the per-patient reading for every period, source, branch and doctor', async () => {
    let compared = 0
    let reachedPaid = 0
    for (const [from, to] of periods) {
      const scopes: Array<Partial<RegisteredFilter>> = [{}, { branchIds: [clinic.branchId] }, { branchIds: [northId] }, ...sources.map((sourceId) => ({ sourceId }))]
      for (const scope of scopes) {
        for (const doctorId of [null, ...doctors]) {
          const filter = filterOf(from, to, scope)
          const grouped = await funnelGroups(server.db, filter, doctorId)
          const byPatients = await funnelGroupsByPatients(server.db, filter, doctorId)
          expect([from, to, scope, doctorId, sorted(grouped)]).toEqual([from, to, scope, doctorId, sorted(byPatients)])
          compared += 1
          reachedPaid += grouped.filter((group) => group.last === funnelSteps.length - 1).length
        }
      }
    }
    expect(compared).toBe(periods.length * 6 * 3)
    // The data reach every step (a comparison of empty funnels would prove nothing).
    const everyone = await funnelGroups(server.db, filterOf('2026-09-01', '2027-01-01'), null)
    for (const [index] of funnelSteps.entries()) expect([index, everyone.some((group) => group.last === index)]).toEqual([index, true])
    expect(reachedPaid).toBeGreaterThan(0)
    // The edge cases (registered 2026-10-20): six accepted; paid those whose money was a payment taken, for A only A's invoice.
    const counts = async (doctorId: string | null) =>
      (await funnelGroups(server.db, filterOf('2026-10-20', '2026-10-21', { sourceId: null, branchIds: [clinic.branchId] }), doctorId)).reduce((sum, group) => {
        sum[group.last] = (sum[group.last] ?? 0) + group.value
        return sum
      }, {} as Record<number, number>)
    expect(await counts(null)).toEqual({ 4: 3, 5: 3 })
    expect(await counts(doctors[0])).toEqual({ 4: 5, 5: 1 })
  })

  it("answers each step's rows, as many as its count, for everyone and for a doctor", async () => {
    for (const [from, to] of periods) {
      for (const doctorId of [undefined, ...doctors]) {
        const query = { from, to, ...(doctorId ? { doctorId } : {}) }
        const found = (await finance.client.service('customer-conversion-funnel-reports').find({ query })) as FunnelReport
        for (const step of funnelSteps) {
          const rows = (await finance.client.service('customer-conversion-funnel-reports').find({ query: { ...query, $rows: step } })) as FunnelRows
          expect([from, doctorId, step, rows.total, rows.data.length]).toEqual([from, doctorId, step, found.totals[step], found.totals[step]])
          // Earliest registered first, each once.
          expect(new Set(rows.data.map((row) => row._id)).size).toBe(rows.data.length)
          expect(rows.data.map((row) => row.day)).toEqual([...rows.data.map((row) => row.day)].sort())
        }
        // A page of the rows is the same statement's, paged.
        const all = (await finance.client.service('customer-conversion-funnel-reports').find({ query: { ...query, $rows: 'entered' } })) as FunnelRows
        const second = (await finance.client.service('customer-conversion-funnel-reports').find({ query: { ...query, $rows: 'entered', $limit: 2, $skip: 2 } })) as FunnelRows
        expect([second.total, second.data.map((row) => row._id)]).toEqual([all.total, all.data.slice(2, 4).map((row) => row._id)])
      }
    }
  })

  it("follows writes straight to the tables, whoever makes them, and the reach built whole is the same", async () => {
    const year = filterOf('2026-09-01', '2027-01-01')
    const compare = async () => expect(sorted(await funnelGroups(server.db, year, null))).toEqual(sorted(await funnelGroupsByPatients(server.db, year, null)))
    await compare()
    expect(await server.db(FUNNEL_REACH_DIRTY_TABLE).where({ companyId }).count({ count: '*' })).toEqual([{ count: 0 }])
    const reachOf = async (customerId: string) => ((await server.db(FUNNEL_REACH_TABLE).where({ customerId }).first('reached')) as { reached: number } | undefined)?.reached ?? 0
    // The patients furthest along: each loses a step by a write none of the services made.
    const furthest = (await server.db(FUNNEL_REACH_TABLE).whereIn('customerId', patients).where('reached', '>=', 3).orderBy('customerId').select('customerId')) as Array<{ customerId: string }>
    expect(furthest.length).toBeGreaterThanOrEqual(4)
    const [first, second, third, fourth] = furthest.map((row) => row.customerId)
    await server.db('transactions').where({ customerId: first, kind: 'payment' }).update({ status: 'cancelled' })
    await server.db('treatment_plans').where({ customerId: second }).del()
    await server.db('appointment').where({ customerId: third }).update({ status: 'draft' })
    // A merge moves the merged patient's rows to the one kept: both change.
    const moved = await server.db('appointment').where({ customerId: fourth }).update({ customerId: first })
    expect(moved).toBeGreaterThan(0)
    // A patient with nothing yet books.
    const untouched = patients.find((id) => !furthest.some((row) => row.customerId === id))!
    expect(await reachOf(untouched)).toBeLessThan(3)
    const marked = (await server.db(FUNNEL_REACH_DIRTY_TABLE).where({ companyId }).orderBy('customerId').pluck('customerId')) as string[]
    expect(marked).toEqual([first, second, third, fourth].sort())
    // An update that changes no watched column marks nobody.
    await server.db('appointment').where({ customerId: first }).update({ status: server.db.ref('status') })
    expect(await server.db(FUNNEL_REACH_DIRTY_TABLE).where({ companyId }).count({ count: '*' })).toEqual([{ count: 4 }])
    const before = await Promise.all([second, third].map(reachOf))
    await compare()
    expect(await server.db(FUNNEL_REACH_DIRTY_TABLE).where({ companyId }).count({ count: '*' })).toEqual([{ count: 0 }])
    const after = await Promise.all([second, third].map(reachOf))
    // No plan left: at most arrived; every appointment a draft (a cancelled one was booked all the same): nothing reached.
    expect([after[0] < before[0], after[0] <= 2, after[1]]).toEqual([true, true, 0])
    expect(await reachOf(fourth)).toBe(0)
    // Built whole (the migration, the bench after a bulk load): the same reach (built whole, every patient has a row; kept, one
    // a write never touched has none, which reads as nothing reached).
    const reached = () => server.db(FUNNEL_REACH_TABLE).where('reached', '>', 0).orderBy('customerId').select('customerId', 'reached')
    const kept = await reached()
    await server.db(FUNNEL_REACH_TABLE).del()
    await rebuildCompanyFunnelReach(server.db, companyId)
    expect(await reached()).toEqual(kept)
    await compare()
  })
})
