import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { engines, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { invoicesOf, key, paymentsOf, storedMoney, visitWithTreatments } from '../billing-fixtures'
import type { Payment } from '../../../../../server/src/services/billing/transactions/transactions.shared'
import type { Invoice } from '../../../../../server/src/services/billing/invoices/invoices.shared'

/** A small seeded generator: the same run every time, so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state % below
  }
}

describe.each(engines)('the ledger and the customers\' balance and debt agree on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let finance: SignedIn
  let serviceId: string

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    finance = await signedInMember(server, clinic.admin, { role: 'finance' })
    finance.client.set('currentBranchId', clinic.branchId)
    serviceId = (await clinic.admin.client.service('service').create({ name: 'Чистка', duration: 30, price: 10_000 }))._id
  })
  afterAll(() => server.stop())

  /** Balance and debt summed from what the services answer, the other way round from the columns. */
  async function fromTheLedger(customerId: string) {
    const payments: Payment[] = (await paymentsOf(finance).find({ query: { customerId, $limit: 200 } })).data
    const invoices: Invoice[] = (await invoicesOf(finance).find({ query: { customerId, $limit: 200 } })).data
    const live = payments.filter((payment) => payment.status !== 'cancelled')
    const toBalance = live.flatMap((payment) => payment.allocations).filter((allocation) => allocation.invoiceId === null).reduce((sum, allocation) => sum + allocation.amount, 0)
    const fromBalance = live.filter((payment) => payment.method === 'balance').reduce((sum, payment) => sum + payment.amount, 0)
    for (const invoice of invoices) {
      const paid = live.flatMap((payment) => payment.allocations).filter((allocation) => allocation.invoiceId === invoice._id).reduce((sum, allocation) => sum + allocation.amount, 0)
      expect([invoice._id, invoice.paid]).toEqual([invoice._id, paid])
      expect(paid).toBeGreaterThanOrEqual(0)
      expect(paid).toBeLessThanOrEqual(invoice.total)
    }
    return { balance: toBalance - fromBalance, debt: invoices.reduce((sum, invoice) => sum + invoice.due, 0), payments, invoices }
  }

  it('after every one of many random invoices, payments, top-ups, refunds and cancellations', async () => {
    const random = seeded(engine === 'sqlite' ? 16 : 61)
    const customers = [clinic.customerId, (await clinic.admin.client.service('customers').create({ first_name: 'Second', last_name: 'Payer' }))._id as string]
    const pick = <T>(list: readonly T[]) => list[random(list.length)]
    const counts: Record<string, number> = {}
    for (let step = 0; step < 36; step += 1) {
      const customerId = pick(customers)
      const { invoices, payments, balance } = await fromTheLedger(customerId)
      const open = invoices.filter((invoice) => invoice.due > 0)
      const live = payments.filter((payment) => payment.status !== 'cancelled')
      const operation = invoices.length < 2 ? 'invoice' : pick(['invoice', 'top-up', 'pay', 'pay', 'from-balance', 'refund', 'cancel-payment', 'cancel-invoice', 'close'] as const)
      let done = true
      try {
        if (operation === 'invoice') {
          const { treatmentIds } = await visitWithTreatments(clinic, serviceId, [1 + random(90_000), 1 + random(90_000)], customerId)
          await invoicesOf(finance).create({ customerId, treatmentIds, vatPercent: pick([0, 12]) })
        } else if (operation === 'top-up') {
          await paymentsOf(finance).create({ clientKey: key(), customerId, method: pick(['cash', 'card', 'mobile']), amount: 1 + random(50_000) })
        } else if (operation === 'pay' && open.length > 0) {
          const invoice = pick(open)
          const amount = 1 + random(invoice.due)
          const extra = random(2) * random(5_000)
          await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'card', amount: amount + extra, allocations: [{ invoiceId: invoice._id, amount }, ...(extra > 0 ? [{ invoiceId: null, amount: extra }] : [])] })
        } else if (operation === 'from-balance' && open.length > 0 && balance > 0) {
          const invoice = pick(open)
          const amount = 1 + random(Math.min(balance, invoice.due))
          await paymentsOf(finance).create({ clientKey: key(), customerId, method: 'balance', amount, allocations: [{ invoiceId: invoice._id, amount }] })
        } else if (operation === 'refund' && live.some((payment) => payment.kind === 'payment' && payment.method !== 'balance')) {
          const payment = pick(live.filter((entry) => entry.kind === 'payment' && entry.method !== 'balance'))
          await paymentsOf(finance).create({ clientKey: key(), customerId, refundOf: payment._id, amount: 1 + random(payment.amount) })
        } else if (operation === 'cancel-payment' && live.length > 0) {
          await paymentsOf(finance).patch(pick(live)._id, { action: 'cancel', reason: 'mistake', note: `step ${step}` })
        } else if (operation === 'cancel-invoice' && open.length > 0) {
          await invoicesOf(finance).patch(pick(open)._id, { action: 'cancel', reason: 'mistake', note: `step ${step}` })
        } else if (operation === 'close' && open.length > 0) {
          await invoicesOf(finance).patch(pick(open)._id, { action: 'close', reason: 'other', note: `step ${step}` })
        } else done = false
      } catch (error) {
        // Refusals the rules make (a spent top-up, an invoice with payments, more than is left): nothing may have changed.
        const conflict = error as { name?: string; data?: { code?: string } }
        expect([operation, conflict.name]).toEqual([operation, 'Conflict'])
        done = false
        counts[`refused ${conflict.data?.code}`] = (counts[`refused ${conflict.data?.code}`] ?? 0) + 1
      }
      if (done) counts[operation] = (counts[operation] ?? 0) + 1
      for (const id of customers) {
        const ledger = await fromTheLedger(id)
        expect([step, operation, await storedMoney(server, id)]).toEqual([step, operation, { balance: ledger.balance, debt: ledger.debt }])
        expect(ledger.balance).toBeGreaterThanOrEqual(0)
      }
    }
    // The run did exercise the ledger, not only refusals.
    expect((counts.invoice ?? 0) + (counts.pay ?? 0) + (counts['top-up'] ?? 0)).toBeGreaterThan(10)
  })

  it('still agree after two records of one person are merged (the merge adds balance and debt, the ledger moves with the rows)', async () => {
    const [keepId, mergeId] = await Promise.all(['Kept', 'Merged'].map(async (name) => (await clinic.admin.client.service('customers').create({ first_name: name, last_name: 'Person' }))._id as string))
    for (const customerId of [keepId, mergeId]) {
      const { treatmentIds } = await visitWithTreatments(clinic, serviceId, [25_000], customerId)
      const invoice = await invoicesOf(finance).create({ customerId, treatmentIds })
      await paymentsOf(finance).create({ clientKey: key(), customerId, amount: 30_000, allocations: [{ invoiceId: invoice._id, amount: 10_000 }, { invoiceId: null, amount: 20_000 }] })
    }
    await clinic.admin.client.service('customers-merge').create({ keepId, mergeId })
    const ledger = await fromTheLedger(keepId)
    expect(await storedMoney(server, keepId)).toEqual({ balance: ledger.balance, debt: ledger.debt })
    expect(ledger).toMatchObject({ balance: 40_000, debt: 30_000 })
    expect(await storedMoney(server, mergeId)).toEqual({ balance: 0, debt: 0 })
  })
})

/**
 * Money flows through integers only: no float helpers in money code (a cheap lint). The scan
 * covers every folder where money flows, by pattern so that folders added later are covered
 * without editing this test: the server's billing area and online payment providers, the pure
 * money rules, and every renderer feature folder whose name says money (billing, expenses, and
 * pos, cash desks, payouts, payments, invoices when they come).
 */
describe('money code keeps money in integers', () => {
  const root = join(__dirname, '../../../../..')
  const files = (folder: string): string[] =>
    existsSync(folder)
      ? readdirSync(folder).flatMap((name) => (statSync(join(folder, name)).isDirectory() ? files(join(folder, name)) : /\.tsx?$/.test(name) ? [join(folder, name)] : []))
      : []
  /** Feature folders that handle money, by name: billing, expense(s), pos, cash(-desk…), payout(s), payment(s), invoice(s), z-payments. */
  const MONEY_FEATURE = /^(billing|expenses?|pos|pos-.*|cash.*|.*-cash.*|payouts?|payments?|.*-payments?|invoices?|z-payments?)$/
  const moneyFeatures = () => readdirSync(join(root, 'renderer/src/features')).filter((name) => MONEY_FEATURE.test(name))
  const roots = () => [
    join(root, 'server/src/services/billing'),
    join(root, 'server/src/providers/payments'),
    join(root, 'domain/billing'),
    ...moneyFeatures().map((name) => join(root, 'renderer/src/features', name))
  ]
  const FLOAT = /parseFloat|toFixed|toPrecision|Math\.round|Math\.floor|Math\.ceil|Math\.trunc|\b\d+\.\d+\b/
  /** Comments and plain string literals ('2.0' is JSON-RPC's version, not a number) are not code. */
  const offends = (text: string) =>
    FLOAT.test(text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1').replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''"))

  it('tells float arithmetic from integer code, and ignores comments', () => {
    for (const code of ['const half = amount * 0.5', 'Math.round(total / 3)', 'Number.parseFloat(text)', 'value.toFixed(2)', 'Math.floor(x)', 'Math.trunc(x)']) expect(offends(code)).toBe(true)
    for (const code of ['const due = total - paid', '// about 0.5 of it\nconst x = 1', '/* Math.round is banned */ const y = 2', "const url = 'https://checkout.paycom.uz'", "const body = { jsonrpc: '2.0' }"]) expect(offends(code)).toBe(false)
  })

  it('covers the money folders, those to come included', () => {
    expect(moneyFeatures()).toEqual(expect.arrayContaining(['billing', 'expenses']))
    for (const name of ['pos', 'cash-desk', 'cash-desks', 'payouts', 'z-payments', 'online-payments']) expect(MONEY_FEATURE.test(name)).toBe(true)
    for (const name of ['customers', 'appointments', 'team', 'services']) expect(MONEY_FEATURE.test(name)).toBe(false)
    for (const folder of roots().slice(0, 3)) expect(files(folder).length).toBeGreaterThan(0)
  })

  it('uses no parseFloat, toFixed, Math.round or decimal literals', () => {
    const offending = roots().flatMap(files).filter((file) => offends(readFileSync(file, 'utf8')))
    expect(offending.map((file) => file.slice(root.length + 1))).toEqual([])
  })
})
