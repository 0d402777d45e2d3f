import { engines, startServer, type SignedIn, type TestServer } from '../../support/harness'
import { signedInMember } from '../../support/fixtures'
import { addDoctor, openClinic, ZONE, type Clinic } from '../../support/appointment-fixtures'
import { invoicesOf, visitWithTreatments } from './billing-fixtures'
import { lineFigureFromLines, type LineFigure } from '../../../../server/src/services/billing/service-report-reads'
import { LINE_STATS_DIRTY_TABLE, figureOf, lineStatsBy, readLineStatsBy, refreshLineStats } from '../../../../server/src/services/billing/line-stats'
import { periodFilter } from '../../../../server/src/services/reports/report-scope'
import type { ServiceGrain, ServiceGroup } from '../../../../server/src/services/service-report-filter'

/**
 * The invoice lines' rollup (line-stats.ts, migration 20261205300000_line_day_stats) always
 * equals the lines it sums: after each kind of write (invoices issued, one moved to another
 * branch and given a discount straight in the table, a line's service, doctor and amount changed
 * straight in the table, an invoice cancelled, a patient's source set through the service and
 * changed straight in the table, a merge of patients of different sources, a change of the
 * clinic's zone), billed and revenue per service (with its category and copied name), per doctor
 * and per source read from the rollup equal `lineFigureFromLines` (the reports' definition) for
 * everyone and each doctor, every branch and one, on both databases.
 */
const D1 = '2026-11-09'
const D2 = '2026-11-10'
const D3 = '2026-11-11'
const TO = '2026-11-14'
const figures: LineFigure[] = ['billed', 'revenue']
const grains: ServiceGrain[] = ['service', 'doctor', 'source']

describe.each(engines)('the invoice lines rollup on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let finance: SignedIn
  let doctorB: Awaited<ReturnType<typeof addDoctor>>
  let northId: string
  let filling: string
  let crown: string
  let instagram: string
  let radio: string
  let second: string
  let zone = ZONE

  const sorted = (groups: ServiceGroup[]) => groups.map((group) => `${group.key} ${group.categoryId} ${group.name} ${group.value}`).sort()
  const companyId = () => clinic.admin.auth.company._id as string

  /** An invoice of `customerId`'s visit with lines of `prices`, issued on `day`. */
  async function invoice(prices: number[], day: string, customerId = clinic.customerId) {
    const created = await invoicesOf(finance).create({ customerId, treatmentIds: (await visitWithTreatments(clinic, filling, prices, customerId)).treatmentIds })
    await server.db('invoices').where({ _id: created._id }).update({ issuedOn: day })
    return created._id as string
  }

  /** Every figure and grain from the rollup against the lines, for everyone and each doctor, every branch and North; answers everyone's revenue per grain key. */
  async function expectRollupEqualsLines(): Promise<Record<ServiceGrain, Record<string, number>>> {
    const totals = { service: {}, doctor: {}, source: {} } as Record<ServiceGrain, Record<string, number>>
    for (const doctorId of [undefined, clinic.doctor.user._id, doctorB.user._id]) {
      for (const branchId of [undefined, northId]) {
        const filter = periodFilter({ companyId: companyId(), from: D1, to: TO, branchIds: null, branchId, doctorId }, zone)
        for (const figure of figures) {
          for (const grain of grains) {
            // One grain read alone (the services report), and every grain from one read (the toppers).
            const rolled = figureOf((await lineStatsBy(server.db, filter, [grain]))[grain], figure)
            const raw = sorted(await lineFigureFromLines(server.db, filter, figure, grain))
            expect({ figure, grain, doctorId, branchId, groups: sorted(rolled) }).toEqual({ figure, grain, doctorId, branchId, groups: raw })
            const together = figureOf((await readLineStatsBy(server.db, filter, grains))[grain], figure)
            expect({ figure, grain, doctorId, branchId, together: sorted(together) }).toEqual({ figure, grain, doctorId, branchId, together: raw })
            if (!doctorId && !branchId && figure === 'revenue') totals[grain] = Object.fromEntries(rolled.map((group) => [group.key ?? 'none', group.value]))
          }
        }
      }
    }
    return totals
  }

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    northId = (await clinic.admin.client.service('branches').create({ name: 'North' }))._id
    finance = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId, northId] })
    finance.client.set('currentBranchId', clinic.branchId)
    doctorB = await addDoctor(server, clinic)
    filling = (await clinic.admin.client.service('service').create({ name: 'Пломба', duration: 30, price: 1 }))._id
    crown = (await clinic.admin.client.service('service').create({ name: 'Коронка', duration: 60, price: 1 }))._id
    instagram = (await clinic.admin.client.service('sources').create({ name: 'Instagram' }))._id
    radio = (await clinic.admin.client.service('sources').create({ name: 'Radio' }))._id
    second = (await clinic.admin.client.service('customers').create({ first_name: 'Ольга', last_name: 'Петрова', sourceId: radio }))._id
  })
  afterAll(() => server.stop())

  it('follows every write, and leaves no day stale once read', async () => {
    const doctorA = clinic.doctor.user._id as string
    expect(await expectRollupEqualsLines()).toEqual({ service: {}, doctor: {}, source: {} })

    // Issued: A (the clinic's patient, no source) 100.00 + 20.00 on D1; B (the second patient, Radio) 80.00 on D2.
    const a = await invoice([10_000, 2_000], D1)
    const b = await invoice([8_000], D2, second)
    expect(await expectRollupEqualsLines()).toEqual({ service: { [filling]: 20_000 }, doctor: { [doctorA]: 20_000 }, source: { none: 12_000, [radio]: 8_000 } })

    // Straight to the table: B moves to North and gets a 10 % discount (its revenue 72.00).
    await server.db('invoices').where({ _id: b }).update({ branchId: northId, discountPercent: 10 })
    expect((await expectRollupEqualsLines()).source).toEqual({ none: 12_000, [radio]: 7_200 })

    // Straight to the lines: A's 20.00 line becomes a crown by doctor B for 30.00.
    const [small] = (await server.db('invoice_lines').where({ invoiceId: a, amount: 2_000 }).select('_id')) as Array<{ _id: string }>
    await server.db('invoice_lines').where({ _id: small._id }).update({ serviceId: crown, serviceName: 'Коронка', doctorId: doctorB.user._id, amount: 3_000 })
    expect(await expectRollupEqualsLines()).toEqual({ service: { [filling]: 17_200, [crown]: 3_000 }, doctor: { [doctorA]: 17_200, [doctorB.user._id]: 3_000 }, source: { none: 13_000, [radio]: 7_200 } })

    // Straight to the lines: A's other line copied an older name of the filling (the largest copied name is answered).
    await server.db('invoice_lines').where({ invoiceId: a, amount: 10_000 }).update({ serviceName: 'Пломба (старая)' })
    await expectRollupEqualsLines()

    // An invoice C of 25.00 on D3, then cancelled.
    const c = await invoice([2_500], D3)
    expect((await expectRollupEqualsLines()).source.none).toBe(15_500)
    await invoicesOf(finance).patch(c, { action: 'cancel', reason: 'mistake', note: 'x' })
    expect((await expectRollupEqualsLines()).source.none).toBe(13_000)

    // The clinic's patient comes from Instagram (the service), the second one loses her source, then gets it back (straight to the table).
    await clinic.admin.client.service('customers').patch(clinic.customerId, { sourceId: instagram })
    expect((await expectRollupEqualsLines()).source).toEqual({ [instagram]: 13_000, [radio]: 7_200 })
    await server.db('customers').where({ _id: second }).update({ sourceId: null })
    expect((await expectRollupEqualsLines()).source).toEqual({ [instagram]: 13_000, none: 7_200 })
    await server.db('customers').where({ _id: second }).update({ sourceId: radio })
    expect((await expectRollupEqualsLines()).source).toEqual({ [instagram]: 13_000, [radio]: 7_200 })

    // The second patient merged into the first: B is now an Instagram patient's.
    await clinic.admin.client.service('customers-merge').create({ keepId: clinic.customerId, mergeId: second })
    expect((await expectRollupEqualsLines()).source).toEqual({ [instagram]: 20_200 })

    // The clinic moves to New York: a line counts on its invoice's stored day, nothing moves.
    await clinic.admin.client.service('company').patch('mine', { timezone: 'America/New_York' })
    zone = 'America/New_York'
    expect((await expectRollupEqualsLines()).source).toEqual({ [instagram]: 20_200 })

    // Read: nothing of the period is stale.
    const [{ n }] = (await server.db(LINE_STATS_DIRTY_TABLE).where({ companyId: companyId() }).where('day', '>=', D1).where('day', '<', TO).count({ n: '*' })) as Array<{ n: unknown }>
    expect(Number(n)).toBe(0)
  })

  it('marks a day again on every write to it (the version a recompute must find unchanged to clear it)', async () => {
    const filter = periodFilter({ companyId: companyId(), from: D1, to: TO, branchIds: null }, zone)
    await refreshLineStats(server.db, filter)
    // (The clinic is in New York now, outside the doctor's hours for a new visit: the first test's invoice of D1.)
    const [line] = (await server.db('invoice_lines as l').join('invoices as i', 'i._id', 'l.invoiceId').where({ 'i.companyId': companyId(), 'i.issuedOn': D1 }).select('l._id')) as Array<{ _id: string }>
    await server.db('invoice_lines').where({ _id: line._id }).update({ quantity: 2 })
    const [{ version }] = (await server.db(LINE_STATS_DIRTY_TABLE).where({ companyId: companyId(), day: D1 }).select('version')) as Array<{ version: number }>
    await server.db('invoice_lines').where({ _id: line._id }).update({ quantity: 3 })
    const [{ version: after }] = (await server.db(LINE_STATS_DIRTY_TABLE).where({ companyId: companyId(), day: D1 }).select('version')) as Array<{ version: number }>
    expect(after).toBeGreaterThan(version)
    await expectRollupEqualsLines()
    expect(await server.db(LINE_STATS_DIRTY_TABLE).where({ companyId: companyId(), day: D1 }).first('day')).toBeUndefined()
  })
})
