import { engines, startServer, type SignedIn, type TestServer } from '../../support/harness'
import { signedInMember } from '../../support/fixtures'
import { addDoctor, at, openClinic, ZONE, type Clinic } from '../../support/appointment-fixtures'
import { invoicesOf, key, paymentsOf, visitWithTreatments } from './billing-fixtures'
import { BALANCE_SPANS_DIRTY_TABLE, BALANCE_SPANS_TABLE, DEBT_SPANS_DIRTY_TABLE, DEBT_SPANS_TABLE, rebuildDebtSpans, refreshDebtSpans } from '../../../../server/src/services/billing/debt-spans'
import { debtFigure, debtFigureFromInvoices, debtRows, debtRowsFromInvoices, prepaidRows, prepaidRowsFromMovements, type DebtFilter, type DebtGroup } from '../../../../server/src/services/billing/debt-report-reads'
import { addLocalDays, zonedToUtc } from '../../../../domain/appointments/zoned-time'
import { markEveryDebt } from '../../../../server/migrations/20261206300000_debt_spans'

/**
 * The debtors' spans (debt-spans.ts, migration 20261206300000_debt_spans) always answer what the
 * raw definition answers over every invoice and allocation (debt-report-reads.ts): after each kind
 * of money write (an invoice issued, paid in part, paid in full, a refund, a payment cancelled, a
 * back-dated payment, an invoice cancelled and one closed (written off), a top-up and a payment
 * from the balance, writes straight to the tables: an allocation moved to another invoice, its
 * amount, a payment's date and status, an invoice's total, day, branch, doctor and close, rows
 * deleted), the debt groups (bucket, branch, patient), the invoices' rows and the prepaid balances
 * as of several days, for every branch and for each one, for everyone and for each doctor, on both
 * databases; no mark is left once read, and every write raises its mark's version.
 */
const D1 = '2026-11-02'
const D2 = '2026-11-03'
const D3 = '2026-11-04'
const D4 = '2026-11-05'
const D5 = '2026-11-06'
const AS_OF = ['2026-10-31', D1, D2, D3, D4, D5, '2026-11-20']

describe.each(engines)('the debtors\' spans on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let finance: SignedIn
  let doctorB: Awaited<ReturnType<typeof addDoctor>>
  let northId: string
  let olga: string
  let serviceId: string
  let companyId: string

  const sorted = (groups: DebtGroup[]) => groups.map((group) => `${group.bucket} ${group.branchId} ${group.customerId} ${group.invoices} ${group.value}`).sort()
  const pay = (body: Record<string, unknown>) => paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, ...body } as Parameters<ReturnType<typeof paymentsOf>['create']>[0])
  const cancelPayment = (id: string) => paymentsOf(finance).patch(id, { action: 'cancel', reason: 'mistake', note: 'x' })
  /** An invoice for `price` issued on `day`, of doctor A (or B), of Aino (or Ольга, in North). */
  async function invoice(price: number, day: string, options: { doctor?: 'B'; olga?: boolean } = {}) {
    const customerId = options.olga ? olga : clinic.customerId
    const created = await invoicesOf(finance).create({ customerId, treatmentIds: (await visitWithTreatments(clinic, serviceId, [price], customerId)).treatmentIds })
    await server.db('invoices').where({ _id: created._id }).update({ issuedOn: day, ...(options.doctor === 'B' ? { doctorId: doctorB.user._id } : {}), ...(options.olga ? { branchId: northId } : {}) })
    return created._id as string
  }
  const filterOf = (asOf: string, scope: { branchIds?: string[]; doctorId?: string }): DebtFilter => ({
    companyId, asOf, asOfEnd: zonedToUtc(addLocalDays(asOf, 1), '00:00', ZONE), branchIds: scope.branchIds ?? null, doctorId: scope.doctorId ?? null
  })

  /** The spans against the raw definition, every day and scope; answers everyone's debt and the prepaid sum as of D5. */
  async function expectSpansEqualLedger(): Promise<{ debt: number; prepaid: number }> {
    await refreshDebtSpans(server.db, companyId)
    const scopes = [{}, { branchIds: [clinic.branchId] }, { branchIds: [northId] }, { doctorId: clinic.doctor.user._id }, { doctorId: doctorB.user._id }, { branchIds: [clinic.branchId], doctorId: doctorB.user._id }]
    const page = { limit: 1000 }
    let answer = { debt: 0, prepaid: 0 }
    for (const asOf of AS_OF) {
      for (const scope of scopes) {
        const filter = filterOf(asOf, scope)
        const groups = await debtFigure(server.db, filter)
        expect({ asOf, scope, groups: sorted(groups) }).toEqual({ asOf, scope, groups: sorted(await debtFigureFromInvoices(server.db, filter)) })
        expect({ asOf, scope, rows: await debtRows(server.db, filter, {}, page) }).toEqual({ asOf, scope, rows: await debtRowsFromInvoices(server.db, filter, {}, page) })
        if (!scope.doctorId) {
          const narrowed = { bucket: 'd0_30' as const, customerId: clinic.customerId }
          expect({ asOf, scope, rows: await debtRows(server.db, filter, narrowed, page) }).toEqual({ asOf, scope, rows: await debtRowsFromInvoices(server.db, filter, narrowed, page) })
        }
        if (asOf === D5 && !scope.branchIds && !scope.doctorId) answer.debt = groups.reduce((sum, group) => sum + group.value, 0)
      }
      const filter = filterOf(asOf, {})
      const prepaid = await prepaidRows(server.db, filter, 1000)
      expect({ asOf, prepaid }).toEqual({ asOf, prepaid: await prepaidRowsFromMovements(server.db, filter, 1000) })
      expect({ asOf, prepaid: await prepaidRows(server.db, filter, 1000, olga) }).toEqual({ asOf, prepaid: await prepaidRowsFromMovements(server.db, filter, 1000, olga) })
      if (asOf === D5) answer = { ...answer, prepaid: prepaid.sum }
    }
    for (const table of [DEBT_SPANS_DIRTY_TABLE, BALANCE_SPANS_DIRTY_TABLE]) {
      const [{ n }] = (await server.db(table).where({ companyId }).count({ n: '*' })) as Array<{ n: unknown }>
      expect({ table, marks: Number(n) }).toEqual({ table, marks: 0 })
    }
    return answer
  }

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    companyId = clinic.admin.auth.company._id
    northId = (await clinic.admin.client.service('branches').create({ name: 'North' }))._id
    finance = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId, northId] })
    finance.client.set('currentBranchId', clinic.branchId)
    doctorB = await addDoctor(server, clinic)
    olga = (await clinic.admin.client.service('customers').create({ first_name: 'Ольга', last_name: 'Петрова' }))._id
    serviceId = (await clinic.admin.client.service('service').create({ name: 'Пломба', duration: 30, price: 1 }))._id
  })
  afterAll(() => server.stop())

  it('answers the raw definition after every kind of write', async () => {
    expect(await expectSpansEqualLedger()).toEqual({ debt: 0, prepaid: 0 })

    // Issued: A 100.00 (doctor A) on D1, B 80.00 (doctor B) on D2, C 50.00 of Ольга in North on D1.
    const a = await invoice(10_000, D1)
    const b = await invoice(8_000, D2, { doctor: 'B' })
    const c = await invoice(5_000, D1, { olga: true })
    expect(await expectSpansEqualLedger()).toEqual({ debt: 23_000, prepaid: 0 })

    // A paid in part (30.00 on D1), then B in full on D3: B owes on D2 only.
    const cash = await pay({ amount: 3_000, method: 'cash', date: at(D1, '10:00'), allocations: [{ invoiceId: a, amount: 3_000 }] })
    const card = await pay({ amount: 8_000, method: 'card', date: at(D3, '11:00'), allocations: [{ invoiceId: b, amount: 8_000 }] })
    expect(await expectSpansEqualLedger()).toEqual({ debt: 12_000, prepaid: 0 })

    // 10.00 of the card refunded on D4: B owes again from D4.
    await pay({ refundOf: card._id, amount: 1_000, date: at(D4, '09:00') })
    expect(await expectSpansEqualLedger()).toEqual({ debt: 13_000, prepaid: 0 })

    // A card payment of 70.00 to A on D4, then cancelled: A owed nothing on D4 and D5, then again.
    const mistaken = await pay({ amount: 7_000, method: 'card', date: at(D4, '12:00'), allocations: [{ invoiceId: a, amount: 7_000 }] })
    expect((await expectSpansEqualLedger()).debt).toBe(6_000)
    await cancelPayment(mistaken._id)
    expect((await expectSpansEqualLedger()).debt).toBe(13_000)

    // A back-dated payment: Ольга's 50.00 recorded now, dated D2, at 00:30 (the UTC day before).
    await pay({ customerId: olga, branchId: northId, amount: 5_000, method: 'cash', date: at(D2, '00:30'), allocations: [{ invoiceId: c, amount: 5_000 }] })
    expect((await expectSpansEqualLedger()).debt).toBe(8_000)

    // A top-up of 40.00 on D2, 10.00 of it spent on A on D3 (money from the balance).
    await pay({ amount: 4_000, method: 'cash', date: at(D2, '12:00') })
    expect(await expectSpansEqualLedger()).toEqual({ debt: 8_000, prepaid: 4_000 })
    const fromBalance = await pay({ amount: 1_000, method: 'balance', date: at(D3, '09:00'), allocations: [{ invoiceId: a, amount: 1_000 }] })
    expect(await expectSpansEqualLedger()).toEqual({ debt: 7_000, prepaid: 3_000 })

    // D 60.00 on D3, cancelled; E 90.00 on D1 (doctor B), closed (written off) now; F 20.00 on D2, closed on D4.
    const d = await invoice(6_000, D3)
    expect((await expectSpansEqualLedger()).debt).toBe(13_000)
    await invoicesOf(finance).patch(d, { action: 'cancel', reason: 'mistake', note: 'x' })
    const e = await invoice(9_000, D1, { doctor: 'B' })
    expect((await expectSpansEqualLedger()).debt).toBe(16_000)
    await invoicesOf(finance).patch(e, { action: 'close', reason: 'other', note: 'written off' })
    const f = await invoice(2_000, D2)
    await invoicesOf(finance).patch(f, { action: 'close', reason: 'other', note: 'written off' })
    expect((await expectSpansEqualLedger()).debt).toBe(18_000)
    await server.db('invoices').where({ _id: f }).update({ closedAt: at(D4, '15:00') })
    expect((await expectSpansEqualLedger()).debt).toBe(16_000)

    // Straight to the tables (an import, a repair): the cash moved from A to B, its amount changed,
    // its date moved to D5, B's total and day, A's branch and doctor, the card cancelled by its status.
    await server.db('allocations').where({ paymentId: cash._id }).update({ invoiceId: b })
    expect((await expectSpansEqualLedger()).debt).toBe(18_000)
    await server.db('allocations').where({ paymentId: cash._id }).update({ amount: 2_500 })
    expect((await expectSpansEqualLedger()).debt).toBe(18_000)
    await server.db('transactions').where({ _id: cash._id }).update({ date: at(D5, '10:00') })
    expect((await expectSpansEqualLedger()).debt).toBe(18_000)
    // Past D5's midnight in Helsinki (still D5 in UTC): no longer paid as of D5.
    await server.db('transactions').where({ _id: cash._id }).update({ date: at('2026-11-07', '00:30') })
    expect((await expectSpansEqualLedger()).debt).toBe(19_000)
    await server.db('invoices').where({ _id: b }).update({ total: 9_000, issuedOn: D1 })
    expect((await expectSpansEqualLedger()).debt).toBe(20_000)
    await server.db('invoices').where({ _id: a }).update({ branchId: northId, doctorId: doctorB.user._id })
    expect((await expectSpansEqualLedger()).debt).toBe(20_000)
    // The card cancelled by its status alone: its refund (not cancelled) now makes B owe more than its total.
    await server.db('transactions').where({ _id: card._id }).update({ status: 'cancelled' })
    expect((await expectSpansEqualLedger()).debt).toBe(28_000)
    // E's close undone (it was closed after every day asked: no change), then cancelled.
    await server.db('invoices').where({ _id: e }).update({ closedAt: null })
    expect((await expectSpansEqualLedger()).debt).toBe(28_000)
    await server.db('invoices').where({ _id: e }).update({ cancelledAt: at(D5, '08:00') })
    expect((await expectSpansEqualLedger()).debt).toBe(19_000)
    // The payment from the balance: its amount (not its allocation) straight in the table, then its allocation and itself deleted.
    await server.db('transactions').where({ _id: fromBalance._id }).update({ amount: 1_500 })
    expect(await expectSpansEqualLedger()).toEqual({ debt: 19_000, prepaid: 2_500 })
    await server.db('allocations').where({ paymentId: fromBalance._id }).del()
    expect(await expectSpansEqualLedger()).toEqual({ debt: 20_000, prepaid: 2_500 })
    await server.db('transactions').where({ _id: fromBalance._id }).del()
    expect(await expectSpansEqualLedger()).toEqual({ debt: 20_000, prepaid: 4_000 })
    await server.db('invoices').where({ _id: c }).del()
    expect(await expectSpansEqualLedger()).toEqual({ debt: 20_000, prepaid: 4_000 })
    // Some 5,000 reads on a shared machine: more than jest's 30 s at times (PostgreSQL).
  }, 180_000)

  it('marks an invoice again on every write to it (the version a recompute must find unchanged to clear it)', async () => {
    await refreshDebtSpans(server.db, companyId)
    const g = await invoice(3_000, D5)
    const version = async () => Number((await server.db(DEBT_SPANS_DIRTY_TABLE).where({ companyId, invoiceId: g }).first('version'))?.version ?? 0)
    const first = await version()
    expect(first).toBeGreaterThan(0)
    await pay({ amount: 1_000, method: 'cash', date: at(D5, '12:00'), allocations: [{ invoiceId: g, amount: 1_000 }] })
    expect(await version()).toBeGreaterThan(first)
    await expectSpansEqualLedger()
    expect(await version()).toBe(0)
  })

  it('builds every span whole (the migration) as the marked recompute does, its marks cleared', async () => {
    await refreshDebtSpans(server.db, companyId)
    const spansOf = async () => ({
      debt: await server.db(DEBT_SPANS_TABLE).where({ companyId }).orderBy(['invoiceId', 'fromAt']).select('invoiceId', 'branchId', 'customerId', 'doctorId', 'issuedOn', 'fromAt', 'untilAt', 'paid', 'value'),
      balance: await server.db(BALANCE_SPANS_TABLE).where({ companyId }).orderBy(['customerId', 'fromAt']).select('customerId', 'fromAt', 'untilAt', 'value')
    })
    const recomputed = await spansOf()
    expect(recomputed.debt.length).toBeGreaterThan(3)
    expect(recomputed.balance.length).toBeGreaterThan(0)
    // As at an upgrade: nothing built, some marks left over; the whole build replaces both.
    await server.db(DEBT_SPANS_TABLE).where({ companyId }).del()
    await server.db(BALANCE_SPANS_TABLE).where({ companyId }).del()
    await markEveryDebt(server.db)
    await rebuildDebtSpans(server.db, companyId)
    expect(await spansOf()).toEqual(recomputed)
    for (const table of [DEBT_SPANS_DIRTY_TABLE, BALANCE_SPANS_DIRTY_TABLE]) expect(Number(((await server.db(table).where({ companyId }).count({ n: '*' })) as Array<{ n: unknown }>)[0].n)).toBe(0)
    await expectSpansEqualLedger()
  })

  it('leaves each span once when two readers recompute the same invoices at once', async () => {
    await markEveryDebt(server.db)
    await Promise.all([refreshDebtSpans(server.db, companyId), refreshDebtSpans(server.db, companyId)])
    await expectSpansEqualLedger()
  })
})
