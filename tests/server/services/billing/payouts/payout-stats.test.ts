import { engines, startServer, type TestServer } from '../../../support/harness'
import { moneyClinic, type MoneyClinic } from '../../reports/money-fixture'
import { withPayoutsAndExpenses } from '../../reports/payout-fixture'
import { invoicesOf, key, paymentsOf } from '../billing-fixtures'
import { at } from '../../../support/appointment-fixtures'
import { payoutLedger, statementLines } from '../../../../../server/src/services/billing/user-balance-history/user-balance-history.class'
import { PAYOUT_STATS_DIRTY_TABLE } from '../../../../../server/src/services/billing/user-balance-history/payout-stats'
import { addToDays, closeDays, lineTotals } from '../../../../../server/src/services/billing/user-balance-reports/payout-report-lines'
import { payoutMembers } from '../../../../../server/src/services/team/users/user-rows'
import type { BalanceReport, BalanceReportDay } from '../../../../../server/src/services/billing/user-balance-reports/user-balance-reports.shared'
import { daysOf, lastDayOf } from '../../../../../domain/reports/periods'

/**
 * The payouts report reads a rollup (payout-stats.ts, migration 20261205100000_payout_day_stats);
 * a doctor's statement replays the whole ledger. They must never disagree: after each kind of
 * write that moves a doctor's earnings (payouts, a back-dated payout, a closed period, a change
 * of a doctor's rule and percent, the payout base switched to paid, a payment cancelled, a
 * payment dated inside the closed period, an invoice of the closed period cancelled, an invoice moved to another day
 * and branch straight in the table), every figure of the report (per doctor and per day) equals
 * the one computed from the whole ledger the old way, for every branch, each of the two, and
 * periods before, across and after the closed one, on both databases.
 */
const PERIODS = [
  { from: '2026-10-01', to: '2026-11-08' },
  { from: '2026-08-01', to: '2026-12-01' },
  { from: '2026-10-06', to: '2026-10-07' },
  { from: '2026-11-01', to: '2026-12-01' }
]

describe.each(engines)('the payouts rollup on %s', (engine) => {
  let server: TestServer
  let money: MoneyClinic
  let companyId: string

  beforeAll(async () => {
    server = await startServer(engine)
    money = await moneyClinic(server)
    await withPayoutsAndExpenses(money)
    companyId = money.clinic.admin.auth.company._id
  }, 180_000)
  afterAll(() => server.stop())

  /** The report as the whole ledger gives it (what it computed on every call before the rollup). */
  async function fromWholeLedger(period: { from: string; to: string }, branchId: string | undefined) {
    const members = await payoutMembers(server.db, companyId, null)
    const { earnings, payouts } = await payoutLedger(server.app, undefined, companyId, members)
    const last = lastDayOf(period)
    const days = new Map<string, BalanceReportDay>(daysOf(period).map((day) => [day, { day, base: 0, share: 0, paidOut: 0, balance: 0 }]))
    const rows: Array<Record<string, unknown>> = []
    let opening = 0
    for (const member of members) {
      const lines = statementLines(earnings.byUser.get(member._id) ?? [], payouts.filter((payout) => payout.userId === member._id), branchId ? [branchId] : null, branchId ?? null)
      if (lines.length === 0 && !member.acceptsAppointments) continue
      const totals = lineTotals(lines, period.from, last)
      rows.push({ userId: member._id, ...totals })
      opening += totals.opening
      addToDays(days, lines, period.from, last)
    }
    return { rows, days: closeDays(days.values(), opening) }
  }

  /** Every period and branch scope: the report (from the rollup) equals the whole ledger's figures; the read leaves no day stale. */
  async function expectReportEqualsLedger(step: string) {
    for (const period of PERIODS) {
      for (const branchId of [undefined, money.clinic.branchId, money.northId]) {
        const report = (await money.finance.client.service('user-balance-reports').find({ query: { ...period, ...(branchId ? { branchId } : {}) } })) as BalanceReport
        const expected = await fromWholeLedger(period, branchId)
        const got = { rows: report.rows.map(({ name: _name, ...row }) => row), days: report.days }
        expect({ step, period, branchId, ...got }).toEqual({ step, period, branchId, ...expected })
      }
    }
    expect(Number(((await server.db(PAYOUT_STATS_DIRTY_TABLE).where({ companyId }).count({ count: '*' }).first()) as { count: unknown }).count)).toBe(0)
  }

  /** The marks a write left (day → version). */
  const marks = async () => new Map(((await server.db(PAYOUT_STATS_DIRTY_TABLE).where({ companyId }).select('day', 'version')) as Array<{ day: string; version: number }>).map((mark) => [mark.day, Number(mark.version)]))

  it('equals the whole ledger after every kind of write', async () => {
    const { clinic, finance, doctorB, northId, invoices } = money
    const doctorA = clinic.doctor.user._id
    const history = finance.client.service('user-balance-history')
    await expectReportEqualsLedger('as the fixture left it')

    await history.create({ action: 'payout', userId: doctorA, amount: 700, method: 'cash', date: '2026-08-20', branchId: northId })
    await expectReportEqualsLedger('a back-dated payout in North')

    await history.create({ action: 'close', userId: doctorA, from: '2026-08-01', to: '2026-10-05' })
    expect([...(await marks()).keys()]).toContain('2026-10-06')
    await expectReportEqualsLedger('A closed up to 10-05')

    await history.patch(doctorA, { rules: [{ serviceId: (await server.db('invoice_lines').where({ invoiceId: invoices.G }).first()).serviceId, percent: 50 }] })
    expect((await marks()).has('')).toBe(true)
    await expectReportEqualsLedger('a rule of A: 50 % of the service (not of the frozen lines)')

    await clinic.admin.client.service('users').patch(doctorB.user._id, { percentOfRevenue: 35 })
    await expectReportEqualsLedger('B at 35 %')

    await clinic.admin.client.service('company').patch('mine', { settings: { payoutBase: 'paid' } })
    await expectReportEqualsLedger('paid base')

    const paid = await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 30_000, method: 'cash', date: at('2026-10-20', '10:00'), allocations: [{ invoiceId: invoices.I, amount: 30_000 }] } as Parameters<ReturnType<typeof paymentsOf>['create']>[0])
    await expectReportEqualsLedger('a payment of I on 10-20')

    const before = await marks()
    await paymentsOf(finance).patch(paid._id, { action: 'cancel', reason: 'mistake', note: 'x' })
    expect((await marks()).size).toBeGreaterThan(before.size)
    await expectReportEqualsLedger('that payment cancelled')

    // Dated in the closed period: A's share of it lands on the day after (an adjustment).
    await paymentsOf(finance).create({ clientKey: key(), customerId: clinic.customerId, amount: 5_000, method: 'card', date: at('2026-10-02', '10:00'), allocations: [{ invoiceId: invoices.I, amount: 5_000 }] } as Parameters<ReturnType<typeof paymentsOf>['create']>[0])
    await expectReportEqualsLedger('a payment dated in the closed period')

    await clinic.admin.client.service('company').patch('mine', { settings: { payoutBase: 'billed' } })
    await invoicesOf(finance).patch(invoices.B, { action: 'cancel', reason: 'mistake', note: 'twice' })
    await expectReportEqualsLedger('billed again, B (in the closed period) cancelled')

    // Straight to the tables: another day and branch for G, a line's amount.
    await server.db('invoices').where({ _id: invoices.G }).update({ issuedOn: '2026-11-03', branchId: northId })
    await server.db('invoice_lines').where({ invoiceId: invoices.F }).update({ amount: 55_000 })
    await expectReportEqualsLedger('G moved to North on 11-03, F line changed')
  }, 600_000)
})
