import { engines, startServer, type SignedIn, type TestServer } from '../../support/harness'
import { signedInMember } from '../../support/fixtures'
import { addDoctor, at, openClinic, ZONE, type Clinic } from '../../support/appointment-fixtures'
import { invoicesOf, key, paymentsOf, visitWithTreatments } from './billing-fixtures'
import { billingFigure } from '../../../../server/src/services/billing/report-reads'
import { MONEY_STATS_DAYS_TABLE, MONEY_STATS_DIRTY_TABLE, moneyFigures, moneyStatsFigure, refreshMoneyStats, type MoneyFigure } from '../../../../server/src/services/billing/money-stats'
import { periodFilter } from '../../../../server/src/services/reports/report-scope'
import type { FigureGroup } from '../../../../server/src/services/report-filter'
import { zonedToUtc } from '../../../../domain/appointments/zoned-time'
import { paymentStatsTotal, paymentSumsFromRows, readPaymentStats, type PaymentSums } from '../../../../server/src/services/billing/payment-stats'
import { paymentFigures } from '../../../../server/src/services/billing/payment-report-reads'

/**
 * The money rollup (money-stats.ts, migration 20261204400000_money_day_stats) always equals the
 * invoices, payments and allocations it sums: after each kind of money write (an invoice issued,
 * cancelled; a payment by cash or card to an invoice, split over two, a top-up to the balance, a
 * payment from the balance, a refund, a cancelled payment; writes straight to the tables: an
 * invoice's day and doctor, a payment's date, an allocation; a change of the clinic's time zone,
 * then a payment late in its evening whose UTC day is the next), every figure per day, branch
 * and method read from the rollup equals `billingFigure` (the reports' definition) for everyone
 * and for each doctor, for all branches and for one, on both databases. The payments report's
 * rollup (payment-stats.ts, recomputed with it) likewise equals the report's raw reads: totals,
 * cells per day and branch, per method, per staff member who took the money (changed straight
 * to the table too) and per doctor, the balance and invoices of no doctor.
 */
const D1 = '2026-11-09'
const D2 = '2026-11-10'
const D3 = '2026-11-11'
const D4 = '2026-11-12'
const TO = '2026-11-14'

describe.each(engines)('the money rollup on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let finance: SignedIn
  let doctorB: Awaited<ReturnType<typeof addDoctor>>
  let northId: string
  let serviceId: string
  let zone = ZONE

  /** Every list of the sums in a fixed order (the report orders them itself). */
  const ordered = (sums: PaymentSums) => ({ ...sums, ...Object.fromEntries((['cells', 'days', 'branches', 'methods', 'cashiers', 'doctors'] as const).map((list) => [list, sums[list]?.map((entry) => JSON.stringify(entry)).sort() ?? null])) })
  const sorted = (groups: FigureGroup[]) => groups.map((group) => `${group.day} ${group.branchId} ${group.method ?? '-'} ${group.value}`).sort()
  const pay = (body: Record<string, unknown>) => paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, ...body } as Parameters<ReturnType<typeof paymentsOf>['create']>[0])
  const cancelPayment = (id: string) => paymentsOf(finance).patch(id, { action: 'cancel', reason: 'mistake', note: 'x' })
  /** An invoice of doctor A (or B) for `price`, issued on `day`. */
  async function invoice(price: number, day: string, doctor: 'A' | 'B' = 'A') {
    const created = await invoicesOf(finance).create({ customerId: clinic.customerId, treatmentIds: (await visitWithTreatments(clinic, serviceId, [price])).treatmentIds })
    await server.db('invoices').where({ _id: created._id }).update({ issuedOn: day, ...(doctor === 'B' ? { doctorId: doctorB.user._id } : {}) })
    return created._id as string
  }

  /** Every figure from the rollup against `billingFigure`, for everyone and each doctor, every branch and North; answers everyone's totals. */
  async function expectRollupEqualsLedger(): Promise<Record<MoneyFigure, number>> {
    const totals = { billed: 0, debtCreated: 0, collected: 0, refunds: 0, prepayments: 0 }
    for (const doctorId of [undefined, clinic.doctor.user._id, doctorB.user._id]) {
      for (const branchId of [undefined, northId]) {
        const filter = periodFilter({ companyId: clinic.admin.auth.company._id, from: D1, to: TO, branchIds: null, branchId, doctorId }, zone)
        for (const figure of moneyFigures) {
          const rolled = await moneyStatsFigure(server.db, filter, figure)
          expect({ figure, doctorId, branchId, groups: sorted(rolled) }).toEqual({ figure, doctorId, branchId, groups: sorted(await billingFigure(server.db, filter, figure)) })
          if (!doctorId && !branchId) totals[figure] = rolled.reduce((sum, group) => sum + group.value, 0)
        }
        // Refreshed by the money figures just read: the same stale days, the same transaction.
        const raw = await paymentSumsFromRows(server.db, filter)
        expect({ doctorId, branchId, payments: ordered(await readPaymentStats(server.db, filter)) }).toEqual({ doctorId, branchId, payments: ordered(raw) })
        // Without the cells: the same days, branches and groups. One figure's total (the expenses report's income) as well.
        expect({ doctorId, branchId, payments: ordered(await readPaymentStats(server.db, filter, false)) }).toEqual({ doctorId, branchId, payments: ordered({ ...raw, cells: null }) })
        for (const figure of paymentFigures) expect({ figure, doctorId, branchId, total: await paymentStatsTotal(server.db, filter, figure) }).toEqual({ figure, doctorId, branchId, total: raw.totals[figure] })
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
    serviceId = (await clinic.admin.client.service('service').create({ name: 'Пломба', duration: 30, price: 1 }))._id
  })
  afterAll(() => server.stop())

  it('follows every write, and leaves no day stale once read', async () => {
    expect(await expectRollupEqualsLedger()).toEqual({ billed: 0, debtCreated: 0, collected: 0, refunds: 0, prepayments: 0 })

    // Issued: A 100.00 by doctor A on D1, B 80.00 by doctor B on D2.
    const a = await invoice(10_000, D1)
    const b = await invoice(8_000, D2, 'B')
    expect(await expectRollupEqualsLedger()).toEqual({ billed: 18_000, debtCreated: 18_000, collected: 0, refunds: 0, prepayments: 0 })

    // Cash 30.00 to A on its day: less debt created.
    const cash = await pay({ amount: 3_000, method: 'cash', date: at(D1, '10:00'), allocations: [{ invoiceId: a, amount: 3_000 }] })
    expect(await expectRollupEqualsLedger()).toEqual({ billed: 18_000, debtCreated: 15_000, collected: 3_000, refunds: 0, prepayments: 0 })

    // Card 50.00 on D2, split: 20.00 to A, 30.00 to B (B's day: less debt created).
    await pay({ amount: 5_000, method: 'card', date: at(D2, '11:00'), allocations: [{ invoiceId: a, amount: 2_000 }, { invoiceId: b, amount: 3_000 }] })
    expect(await expectRollupEqualsLedger()).toEqual({ billed: 18_000, debtCreated: 12_000, collected: 8_000, refunds: 0, prepayments: 0 })

    // A cash top-up of 40.00 on D2 in North: a prepayment; then 10.00 of the balance to B on D3 (not money taken).
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, branchId: northId, amount: 4_000, method: 'cash', date: at(D2, '12:00') })
    await pay({ amount: 1_000, method: 'balance', date: at(D3, '09:00'), allocations: [{ invoiceId: b, amount: 1_000 }] })
    expect(await expectRollupEqualsLedger()).toEqual({ billed: 18_000, debtCreated: 12_000, collected: 12_000, refunds: 0, prepayments: 4_000 })

    // 10.00 of the cash refunded on D3.
    await pay({ refundOf: cash._id, amount: 1_000, date: at(D3, '10:00') })
    expect(await expectRollupEqualsLedger()).toEqual({ billed: 18_000, debtCreated: 12_000, collected: 12_000, refunds: 1_000, prepayments: 4_000 })

    // A card payment of 15.00 to A on D3, cancelled.
    const mistaken = await pay({ amount: 1_500, method: 'card', date: at(D3, '11:00'), allocations: [{ invoiceId: a, amount: 1_500 }] })
    expect((await expectRollupEqualsLedger()).collected).toBe(13_500)
    await cancelPayment(mistaken._id)
    expect(await expectRollupEqualsLedger()).toEqual({ billed: 18_000, debtCreated: 12_000, collected: 12_000, refunds: 1_000, prepayments: 4_000 })

    // An invoice C of 25.00 on D4, then cancelled.
    const c = await invoice(2_500, D4)
    expect((await expectRollupEqualsLedger()).billed).toBe(20_500)
    await invoicesOf(finance).patch(c, { action: 'cancel', reason: 'mistake', note: 'x' })
    expect(await expectRollupEqualsLedger()).toEqual({ billed: 18_000, debtCreated: 12_000, collected: 12_000, refunds: 1_000, prepayments: 4_000 })

    // Card 6.00 to A at 00:30 on D4 in Helsinki: 22:30 on D3 in UTC, counted on D4.
    const night = at(D4, '00:30')
    expect(night.slice(0, 10)).toBe(D3)
    await pay({ amount: 600, method: 'card', date: night, allocations: [{ invoiceId: a, amount: 600 }] })
    expect(await expectRollupEqualsLedger()).toEqual({ billed: 18_000, debtCreated: 12_000, collected: 12_600, refunds: 1_000, prepayments: 4_000 })
    const onlyD4 = periodFilter({ companyId: clinic.admin.auth.company._id, from: D4, to: '2026-11-13', branchIds: null }, zone)
    expect((await moneyStatsFigure(server.db, onlyD4, 'collected')).filter((group) => group.method === 'card')).toEqual([{ day: D4, branchId: clinic.branchId, method: 'card', value: 600 }])

    // Straight to the tables (an import, a repair): A becomes doctor B's (the money through it
    // moves with it), the cash moves to D2 (A no longer paid on its day), an allocation shrinks.
    await server.db('invoices').where({ _id: a }).update({ doctorId: doctorB.user._id })
    expect((await expectRollupEqualsLedger()).debtCreated).toBe(12_000)
    await server.db('transactions').where({ _id: cash._id }).update({ date: at(D2, '18:00') })
    expect((await expectRollupEqualsLedger()).debtCreated).toBe(15_000)
    await server.db('allocations').where({ invoiceId: b, amount: 3_000 }).update({ amount: 2_500 })
    expect((await expectRollupEqualsLedger()).debtCreated).toBe(15_500)
    await server.db('invoices').where({ _id: b }).update({ issuedOn: D3 })
    expect((await expectRollupEqualsLedger()).debtCreated).toBe(17_000)
    // Who took the cash, changed straight to the table (the payments report's cashier rows): no one, then the admin.
    const cashier = async () => (await readPaymentStats(server.db, periodFilter({ companyId: clinic.admin.auth.company._id, from: D1, to: TO, branchIds: null }, zone))).cashiers.find((entry) => entry.cashierId === null)?.collected ?? 0
    await server.db('transactions').where({ _id: cash._id }).update({ createdBy: null })
    await expectRollupEqualsLedger()
    expect(await cashier()).toBe(3_000)
    await server.db('transactions').where({ _id: cash._id }).update({ createdBy: clinic.admin.auth.user._id })
    await expectRollupEqualsLedger()
    expect(await cashier()).toBe(0)

    // The clinic moves to New York: every payment's local day is counted again in the new zone
    // (the rollup's days were computed between Helsinki's midnights; no write marked them): the
    // night's card moves to D3 (17:30 there); and a payment late in the evening of D3 there (past
    // midnight in UTC: D4) counts on D3.
    await clinic.admin.client.service('company').patch('mine', { timezone: 'America/New_York' })
    zone = 'America/New_York'
    await expectRollupEqualsLedger()
    const late = zonedToUtc(D3, '21:30', zone)
    expect(late.slice(0, 10)).toBe(D4)
    await pay({ amount: 700, method: 'card', date: late, allocations: [{ invoiceId: b, amount: 700 }] })
    expect((await expectRollupEqualsLedger()).collected).toBe(13_300)
    const onlyD3 = periodFilter({ companyId: clinic.admin.auth.company._id, from: D3, to: D4, branchIds: null }, zone)
    expect((await moneyStatsFigure(server.db, onlyD3, 'collected')).filter((group) => group.method === 'card')).toEqual([{ day: D3, branchId: clinic.branchId, method: 'card', value: 600 + 700 }])

    // Read: nothing of the period is stale, and every day of it is recorded with the zone's bounds.
    const companyId = clinic.admin.auth.company._id
    const [{ n }] = (await server.db(MONEY_STATS_DIRTY_TABLE).where({ companyId }).where('day', '>=', D1).where('day', '<', TO).count({ n: '*' })) as Array<{ n: unknown }>
    expect(Number(n)).toBe(0)
    const days = (await server.db(MONEY_STATS_DAYS_TABLE).where({ companyId }).where('day', '>=', D1).where('day', '<', TO).orderBy('day').select('day', 'startsAt')) as Array<{ day: string; startsAt: string }>
    expect(days).toEqual(periodFilter({ companyId, from: D1, to: TO, branchIds: null }, zone).days.map((day) => ({ day, startsAt: zonedToUtc(day, '00:00', zone) })))
  })

  it('marks a day again on every write to it (the version a recompute must find unchanged to clear it)', async () => {
    const companyId = clinic.admin.auth.company._id
    const filter = periodFilter({ companyId, from: D1, to: TO, branchIds: null }, zone)
    await refreshMoneyStats(server.db, filter)
    const topUp = await pay({ amount: 900, method: 'cash', date: zonedToUtc(D4, '12:00', zone) })
    const [{ version }] = (await server.db(MONEY_STATS_DIRTY_TABLE).where({ companyId, day: D4 }).select('version')) as Array<{ version: number }>
    await server.db('transactions').where({ _id: topUp._id }).update({ amount: 950 })
    const [{ version: after }] = (await server.db(MONEY_STATS_DIRTY_TABLE).where({ companyId, day: D4 }).select('version')) as Array<{ version: number }>
    expect(after).toBeGreaterThan(version)
    await expectRollupEqualsLedger()
    expect(await server.db(MONEY_STATS_DIRTY_TABLE).where({ companyId, day: D4 }).first('day')).toBeUndefined()
  })
})
