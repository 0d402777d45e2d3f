import { engines, failure, eventWhere, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { invoicesOf, paymentsOf, storedMoney, visitWithTreatments } from '../billing-fixtures'
import type { Invoice } from '../../../../../server/src/services/billing/invoices/invoices.shared'
import type { Payment } from '../../../../../server/src/services/billing/transactions/transactions.shared'
import { PAYME_TIMEOUT_MS } from '../../../../../server/src/providers/payments/payme'
import { paymeClient, paymeId } from './payme-client'
import { malformed } from '../../../support/malformed'
import type { PayLinkQuery, PaymentAccountPatch } from '../../../../../server/src/services/billing/online-payments/online-payments.shared'

const MERCHANT = '5e730e8e0b852a417aa49ceb'
const OTHER_MERCHANT = '5e730e8e0b852a417aa49cec'
const KEY = 'zAy?Z2&%yVC1hRkRkP#bN@u8Eqz0kX1e'

describe.each(engines)('Payme merchant API on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let finance: SignedIn
  let serviceId: string
  let payme: ReturnType<typeof paymeClient>
  let clock: number | undefined

  beforeAll(async () => {
    server = await startServer(engine)
    server.app.set('paymentsClock', () => clock ?? Date.now())
    clinic = await openClinic(server)
    finance = await signedInMember(server, clinic.admin, { role: 'finance' })
    finance.client.set('currentBranchId', clinic.branchId)
    serviceId = (await clinic.admin.client.service('service').create({ name: 'Пломба', duration: 30, price: 150_000 }))._id
    await clinic.admin.client.service('online-payments').patch('payme', { merchantId: MERCHANT, key: KEY })
    payme = paymeClient(server.url, MERCHANT, KEY)
  })
  afterEach(() => {
    clock = undefined
  })
  afterAll(() => server.stop())

  async function invoiceOf(prices: number[], customerId?: string): Promise<Invoice> {
    const patient = customerId ?? (await clinic.admin.client.service('customers').create({ first_name: 'Payme', last_name: `Patient${Date.now()}` }))._id
    const { treatmentIds } = await visitWithTreatments(clinic, serviceId, prices, patient)
    return invoicesOf(finance).create({ customerId: patient, treatmentIds })
  }
  const ledgerRows = async (externalId: string) => (await server.db('transactions').where({ transactionId: externalId }).select('_id', 'kind', 'amount', 'status')) as Array<{ _id: string; kind: string; amount: unknown; status: string }>
  const allocationsOfPayment = async (paymentId: string) => (await server.db('allocations').where({ paymentId }).select('invoiceId', 'amount')).map((row: { invoiceId: string | null; amount: unknown }) => ({ invoiceId: row.invoiceId, amount: Number(row.amount) }))

  it('keeps the merchant key on the server: write-only, never answered, and only for those who may edit payments', async () => {
    const [account] = await clinic.admin.client.service('online-payments').find()
    expect(account).toEqual({ _id: 'payme', provider: 'payme', merchantId: MERCHANT, keySet: true, testMode: false, callbackUrl: '' })
    expect(JSON.stringify(account)).not.toContain(KEY)
    const stored = await server.db('payment_accounts').where({ merchantId: MERCHANT }).first('secret')
    expect(stored.secret).not.toContain(KEY)
    const doctorTries = await failure(clinic.doctor.client.service('online-payments').patch('payme', { key: 'stolen' }))
    expect(doctorTries.name).toBe('Forbidden')
    const strict = await failure(clinic.admin.client.service('online-payments').patch('payme', malformed<PaymentAccountPatch>({ merchantId: MERCHANT, secret: 'x' })))
    expect(strict.name).toBe('BadRequest')
    // Another clinic cannot take this merchant id (the endpoint finds the clinic by it).
    const other = await server.registerClinic('Other')
    const taken = await failure(other.client.service('online-payments').patch('payme', { merchantId: MERCHANT, key: 'k' }))
    expect([taken.name, taken.data?.code, taken.data?.path]).toEqual(['Conflict', 'online-payment-merchant-taken', 'merchantId'])
    const first = await failure(other.client.service('online-payments').patch('payme', { key: 'k' }))
    expect([first.name, first.data?.code, first.data?.path]).toEqual(['BadRequest', 'field-required', 'merchantId'])
  })

  it('makes the pay link of an invoice: checkout URL with merchant, invoice, amount in tiyin and language', async () => {
    const invoice = await invoiceOf([150_000, 50_000])
    const link = await finance.client.service('online-payments').get(invoice._id, { query: { lang: 'uz' } })
    expect(link).toMatchObject({ invoiceId: invoice._id, number: invoice.number, provider: 'payme', amount: 200_000 })
    expect(link.url.startsWith('https://checkout.paycom.uz/')).toBe(true)
    expect(Buffer.from(link.url.slice('https://checkout.paycom.uz/'.length), 'base64').toString('utf8')).toBe(`m=${MERCHANT};ac.invoice=${invoice._id};a=200000;l=uz`)
    // A partly paid invoice asks for the rest; test mode and a callback change the link.
    await paymentsOf(finance).create({ clientKey: `cash-${invoice._id}`, customerId: invoice.customerId, method: 'cash', amount: 50_000, allocations: [{ invoiceId: invoice._id, amount: 50_000 }] })
    await clinic.admin.client.service('online-payments').patch('payme', { testMode: true, callbackUrl: 'https://clinic.example/paid' })
    const rest = await finance.client.service('online-payments').get(invoice._id)
    expect(Buffer.from(rest.url.slice('https://checkout.test.paycom.uz/'.length), 'base64').toString('utf8')).toBe(`m=${MERCHANT};ac.invoice=${invoice._id};a=150000;l=ru;c=https://clinic.example/paid`)
    await clinic.admin.client.service('online-payments').patch('payme', { testMode: false, callbackUrl: '' })
    const badLang = await failure(finance.client.service('online-payments').get(invoice._id, { query: malformed<PayLinkQuery>({ lang: 'de' }) }))
    expect(badLang.name).toBe('BadRequest')
    // Not configured, another clinic's invoice, a paid invoice, no permission.
    const other = await server.registerClinic('Other')
    const unset = await failure(other.client.service('online-payments').get(invoice._id))
    expect([unset.name, unset.data?.code]).toEqual(['BadRequest', 'online-payment-not-configured'])
    await other.client.service('online-payments').patch('payme', { merchantId: OTHER_MERCHANT, key: 'other-key' })
    expect((await failure(other.client.service('online-payments').get(invoice._id))).name).toBe('NotFound')
    await paymentsOf(finance).create({ clientKey: `cash2-${invoice._id}`, customerId: invoice.customerId, method: 'cash', amount: 150_000, allocations: [{ invoiceId: invoice._id, amount: 150_000 }] })
    const paid = await failure(finance.client.service('online-payments').get(invoice._id))
    expect([paid.name, paid.data?.code]).toEqual(['Conflict', 'pay-link-nothing-due'])
    const outsider = await signedInMember(server, clinic.admin, { role: 'doctor' })
    expect((await failure(outsider.client.service('online-payments').find())).name).toBe('Forbidden')
  })

  it('takes a payment: Check, Create, Perform; the invoice is paid, the debt drops, the ledger has it once however often Payme repeats', async () => {
    const invoice = await invoiceOf([150_000])
    const id = paymeId()
    expect((await storedMoney(server, invoice.customerId)).debt).toBe(150_000)
    const check = await payme.call('CheckPerformTransaction', { amount: 150_000, account: { invoice: invoice._id } })
    expect(check).toEqual({ status: 200, body: { jsonrpc: '2.0', id: expect.any(Number), result: { allow: true } } })
    // The invoice's number names it too.
    expect((await payme.call('CheckPerformTransaction', { amount: 150_000, account: { invoice: invoice.number } })).body.result).toEqual({ allow: true })
    const time = Date.now()
    const created = await payme.call('CreateTransaction', { id, time, amount: 150_000, account: { invoice: invoice._id } })
    expect(created.body.result).toEqual({ create_time: expect.any(Number), transaction: expect.any(String), state: 1 })
    const again = await payme.call('CreateTransaction', { id, time, amount: 150_000, account: { invoice: invoice._id } })
    expect(again.body.result).toEqual(created.body.result)
    // The same Create sent twice at once (another invoice): one transaction, both answers the same.
    const twin = await invoiceOf([10_000])
    const twinId = paymeId()
    const twins = await Promise.all([1, 2].map(() => payme.call('CreateTransaction', { id: twinId, time, amount: 10_000, account: { invoice: twin._id } })))
    expect(twins[0].body.result).toMatchObject({ state: 1 })
    expect(twins[1].body.result).toEqual(twins[0].body.result)
    expect(await ledgerRows(id)).toEqual([])
    const heard = eventWhere<Payment>(finance.client, 'transactions', 'created', (payment) => payment.transactionId === id)
    const performed = await payme.call('PerformTransaction', { id })
    expect(performed.body.result).toEqual({ transaction: created.body.result!.transaction, perform_time: expect.any(Number), state: 2 })
    expect((await heard).allocations).toEqual([{ _id: expect.any(String), invoiceId: invoice._id, amount: 150_000 }])
    const repeated = await Promise.all([payme.call('PerformTransaction', { id }), payme.call('PerformTransaction', { id })])
    for (const answer of repeated) expect(answer.body.result).toEqual(performed.body.result)
    const rows = await ledgerRows(id)
    expect(rows).toEqual([{ _id: expect.any(String), kind: 'payment', amount: expect.anything(), status: 'success' }])
    expect(Number(rows[0].amount)).toBe(150_000)
    expect(await allocationsOfPayment(rows[0]._id)).toEqual([{ invoiceId: invoice._id, amount: 150_000 }])
    expect(await invoicesOf(finance).get(invoice._id)).toMatchObject({ state: 'paid', paid: 150_000, due: 0 })
    expect(await storedMoney(server, invoice.customerId)).toEqual({ balance: 0, debt: 0 })
    const payment = await paymentsOf(finance).get(rows[0]._id)
    expect(payment).toMatchObject({ method: 'mobile', receiver: 'Payme', transactionId: id, branchId: invoice.branchId })
    const state = await payme.call('CheckTransaction', { id })
    expect(state.body.result).toEqual({ create_time: created.body.result!.create_time, perform_time: performed.body.result!.perform_time, cancel_time: 0, transaction: created.body.result!.transaction, state: 2, reason: null })
    // Paid: Payme may not create another transaction for it.
    const paidAgain = await payme.call('CreateTransaction', { id: paymeId(), time: Date.now(), amount: 150_000, account: { invoice: invoice._id } })
    expect(paidAgain.body.error).toMatchObject({ code: -31052, data: 'invoice' })
    // A created transaction cannot be created again once performed.
    expect((await payme.call('CreateTransaction', { id, time, amount: 150_000, account: { invoice: invoice._id } })).body.error?.code).toBe(-31008)
  })

  it('refuses a second transaction for an invoice while one waits, a wrong amount and a wrong account', async () => {
    const invoice = await invoiceOf([80_000])
    const first = paymeId()
    expect((await payme.call('CreateTransaction', { id: first, time: Date.now(), amount: 80_000, account: { invoice: invoice._id } })).body.result?.state).toBe(1)
    const second = await payme.call('CreateTransaction', { id: paymeId(), time: Date.now(), amount: 80_000, account: { invoice: invoice._id } })
    expect(second.body.error).toMatchObject({ code: -31099, data: 'invoice' })
    expect(second.body.error!.message).toEqual({ ru: expect.stringMatching(/Счёт/), uz: expect.any(String), en: expect.stringMatching(/awaiting/) })
    for (const amount of [79_999, 80_001]) {
      expect((await payme.call('CheckPerformTransaction', { amount, account: { invoice: invoice._id } })).body.error?.code).toBe(-31001)
      expect((await payme.call('CreateTransaction', { id: paymeId(), time: Date.now(), amount, account: { invoice: invoice._id } })).body.error?.code).toBe(-31001)
    }
    for (const account of [{ invoice: 'no-such-invoice' }, { invoice: '' }, { order: invoice._id }, { invoice: 'INV-99999' }]) {
      const answer = await payme.call('CheckPerformTransaction', { amount: 80_000, account })
      expect(answer.body.error).toMatchObject({ code: -31050, data: 'invoice', message: { ru: 'Счёт не найден', uz: expect.any(String), en: 'Invoice not found' } })
    }
    // Another clinic's invoice is not found through this merchant.
    const other = await server.registerClinic('Elsewhere')
    await other.client.service('online-payments').patch('payme', { merchantId: 'aaaaaaaaaaaaaaaaaaaaaaaa', key: 'elsewhere-key' })
    const elsewhere = paymeClient(server.url, 'aaaaaaaaaaaaaaaaaaaaaaaa', 'elsewhere-key')
    expect((await elsewhere.call('CheckPerformTransaction', { amount: 80_000, account: { invoice: invoice._id } })).body.error?.code).toBe(-31050)
    expect((await elsewhere.call('CheckTransaction', { id: first })).body.error?.code).toBe(-31003)
    // A cancelled invoice.
    const cancelledInvoice = await invoiceOf([10_000])
    await clinic.admin.client.service('invoices').patch(cancelledInvoice._id, { action: 'cancel', reason: 'mistake', note: 'wrong patient' })
    expect((await payme.call('CheckPerformTransaction', { amount: 10_000, account: { invoice: cancelledInvoice._id } })).body.error?.code).toBe(-31051)
    expect(await server.db('provider_transactions').where({ invoiceId: invoice._id }).count({ total: '*' })).toEqual([{ total: expect.anything() }])
    expect(Number((await server.db('provider_transactions').where({ invoiceId: invoice._id }).count({ total: '*' }))[0].total)).toBe(1)
  })

  it('answers the protocol errors: authorization, not POST, malformed JSON, invalid request, unknown method, unknown transaction', async () => {
    const params = { amount: 1, account: { invoice: 'x' } }
    for (const authorization of [payme.basic('Paycom', 'wrong-key'), payme.basic('Other', KEY), 'Bearer abc', '']) {
      const answer = await payme.call('CheckPerformTransaction', params, { authorization })
      expect(answer).toMatchObject({ status: 200, body: { error: { code: -32504 } } })
    }
    const unknownMerchant = paymeClient(server.url, 'bbbbbbbbbbbbbbbbbbbbbbbb', KEY)
    expect((await unknownMerchant.call('CheckPerformTransaction', params)).body.error?.code).toBe(-32504)
    expect((await payme.raw('{"method": "CheckPerformTransaction", "params": {', {})).body).toMatchObject({ id: null, error: { code: -32700 } })
    expect((await payme.raw('', {}, 'GET')).body.error?.code).toBe(-32300)
    expect((await payme.raw(JSON.stringify({ id: 7, params: {} }))).body).toMatchObject({ id: 7, error: { code: -32600 } })
    expect((await payme.raw(JSON.stringify({ id: 8, method: 'CreateTransaction' }))).body).toMatchObject({ id: 8, error: { code: -32600 } })
    expect((await payme.raw(JSON.stringify([1, 2]))).body.error?.code).toBe(-32600)
    expect((await payme.call('ChangePassword', { password: 'x' })).body.error?.code).toBe(-32601)
    expect((await payme.call('toString', {})).body.error?.code).toBe(-32601)
    expect((await payme.call('CreateTransaction', { id: 'not an id!', time: 1, amount: 1, account: {} })).body.error?.code).toBe(-32600)
    expect((await payme.call('CreateTransaction', { id: paymeId(), time: 'now', amount: 1, account: {} })).body.error?.code).toBe(-32600)
    expect((await payme.call('CheckPerformTransaction', { amount: 1.5, account: { invoice: 'x' } })).body.error?.code).toBe(-31001)
    for (const method of ['PerformTransaction', 'CheckTransaction']) expect((await payme.call(method, { id: paymeId() })).body.error?.code).toBe(-31003)
    expect((await payme.call('CancelTransaction', { id: paymeId(), reason: 1 })).body.error?.code).toBe(-31003)
    expect((await payme.call('GetStatement', { from: 'a', to: 2 })).body.error?.code).toBe(-32600)
  })

  it('cancels before perform (state -1, no money) and after perform (state -2, a refund in the ledger, the debt back)', async () => {
    const invoice = await invoiceOf([60_000])
    const early = paymeId()
    await payme.call('CreateTransaction', { id: early, time: Date.now(), amount: 60_000, account: { invoice: invoice._id } })
    const cancelled = await payme.call('CancelTransaction', { id: early, reason: 3 })
    expect(cancelled.body.result).toEqual({ transaction: expect.any(String), cancel_time: expect.any(Number), state: -1 })
    expect((await payme.call('CancelTransaction', { id: early, reason: 3 })).body.result).toEqual(cancelled.body.result)
    expect((await payme.call('PerformTransaction', { id: early })).body.error?.code).toBe(-31008)
    expect((await payme.call('CheckTransaction', { id: early })).body.result).toMatchObject({ state: -1, reason: 3, perform_time: 0 })
    expect(await ledgerRows(early)).toEqual([])
    expect((await storedMoney(server, invoice.customerId)).debt).toBe(60_000)

    // The invoice is free again: a new transaction pays it, then Payme gives the money back.
    const late = paymeId()
    await payme.call('CreateTransaction', { id: late, time: Date.now(), amount: 60_000, account: { invoice: invoice._id } })
    await payme.call('PerformTransaction', { id: late })
    expect((await storedMoney(server, invoice.customerId)).debt).toBe(0)
    const refunded = await payme.call('CancelTransaction', { id: late, reason: 5 })
    expect(refunded.body.result).toEqual({ transaction: expect.any(String), cancel_time: expect.any(Number), state: -2 })
    expect((await payme.call('CancelTransaction', { id: late, reason: 5 })).body.result).toEqual(refunded.body.result)
    const rows = await ledgerRows(late)
    expect(rows.map((row) => [row.kind, Number(row.amount)]).sort()).toEqual([['payment', 60_000], ['refund', -60_000]])
    const refund = rows.find((row) => row.kind === 'refund')!
    expect(await allocationsOfPayment(refund._id)).toEqual([{ invoiceId: invoice._id, amount: -60_000 }])
    expect(await invoicesOf(finance).get(invoice._id)).toMatchObject({ paid: 0, due: 60_000 })
    expect(await storedMoney(server, invoice.customerId)).toEqual({ balance: 0, debt: 60_000 })
    expect((await payme.call('CheckTransaction', { id: late })).body.result).toMatchObject({ state: -2, reason: 5 })
    expect((await payme.call('PerformTransaction', { id: late })).body.error?.code).toBe(-31008)
  })

  it('cannot cancel after perform once the money is spent elsewhere (-31007), and changes nothing', async () => {
    const patient = (await clinic.admin.client.service('customers').create({ first_name: 'Spent', last_name: 'Balance' }))._id
    const invoice = await invoiceOf([40_000], patient)
    const id = paymeId()
    await payme.call('CreateTransaction', { id, time: Date.now(), amount: 40_000, account: { invoice: invoice._id } })
    // Paid in cash meanwhile: Payme's money goes to the prepaid balance, then the balance pays another invoice.
    await paymentsOf(finance).create({ clientKey: `cash-${id}`, customerId: patient, method: 'cash', amount: 40_000, allocations: [{ invoiceId: invoice._id, amount: 40_000 }] })
    await payme.call('PerformTransaction', { id })
    expect(await storedMoney(server, patient)).toEqual({ balance: 40_000, debt: 0 })
    const second = await invoiceOf([40_000], patient)
    await paymentsOf(finance).create({ clientKey: `bal-${id}`, customerId: patient, method: 'balance', amount: 40_000, allocations: [{ invoiceId: second._id, amount: 40_000 }] })
    const refused = await payme.call('CancelTransaction', { id, reason: 5 })
    expect(refused.body.error?.code).toBe(-31007)
    expect((await payme.call('CheckTransaction', { id })).body.result).toMatchObject({ state: 2, cancel_time: 0, reason: null })
    expect((await ledgerRows(id)).map((row) => row.kind)).toEqual(['payment'])
    expect(await storedMoney(server, patient)).toEqual({ balance: 0, debt: 0 })
  })

  it('cancels a transaction not performed within 12 hours with reason 4', async () => {
    const invoice = await invoiceOf([30_000])
    const id = paymeId()
    const start = Date.now()
    clock = start
    await payme.call('CreateTransaction', { id, time: start, amount: 30_000, account: { invoice: invoice._id } })
    clock = start + PAYME_TIMEOUT_MS
    // Exactly 12 h is still in time for another Create to answer the same transaction.
    expect((await payme.call('CreateTransaction', { id, time: start, amount: 30_000, account: { invoice: invoice._id } })).body.result?.state).toBe(1)
    clock = start + PAYME_TIMEOUT_MS + 1
    expect((await payme.call('PerformTransaction', { id })).body.error?.code).toBe(-31008)
    expect((await payme.call('CheckTransaction', { id })).body.result).toMatchObject({ state: -1, reason: 4, cancel_time: start + PAYME_TIMEOUT_MS + 1, perform_time: 0 })
    expect(await ledgerRows(id)).toEqual([])
    // A transaction left waiting past its time does not hold the invoice.
    const stale = paymeId()
    clock = start
    const another = await invoiceOf([20_000])
    await payme.call('CreateTransaction', { id: stale, time: start, amount: 20_000, account: { invoice: another._id } })
    clock = start + PAYME_TIMEOUT_MS + 5
    const fresh = await payme.call('CreateTransaction', { id: paymeId(), time: clock, amount: 20_000, account: { invoice: another._id } })
    expect(fresh.body.result?.state).toBe(1)
    expect((await payme.call('CheckTransaction', { id: stale })).body.result).toMatchObject({ state: -1, reason: 4 })
  })

  it('gives the statement of the transactions Payme created in a period', async () => {
    const invoice = await invoiceOf([25_000])
    const base = Date.now() + 1_000_000
    const inside = paymeId()
    const outside = paymeId()
    await payme.call('CreateTransaction', { id: inside, time: base + 10, amount: 25_000, account: { invoice: invoice.number } })
    await payme.call('PerformTransaction', { id: inside })
    const other = await invoiceOf([5_000])
    await payme.call('CreateTransaction', { id: outside, time: base + 5_000, amount: 5_000, account: { invoice: other._id } })
    const answer = await payme.call('GetStatement', { from: base, to: base + 1_000 })
    expect(answer.body.result).toEqual({
      transactions: [
        {
          id: inside, time: base + 10, amount: 25_000, account: { invoice: invoice.number }, create_time: expect.any(Number), perform_time: expect.any(Number),
          cancel_time: 0, transaction: expect.any(String), state: 2, reason: null, receivers: null
        }
      ]
    })
    expect((await payme.call('GetStatement', { from: base, to: base + 10_000 })).body.result?.transactions).toHaveLength(2)
  })
})
