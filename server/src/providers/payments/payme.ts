import { timingSafeEqual } from 'node:crypto'
import type { ParameterizedContext } from 'koa'
import type { Knex } from 'knex'
import type { Application } from '../../declarations'
import type { Params as CallParams } from '@feathersjs/feathers'
import { inWriteTransaction, transactionOf } from '../../hooks/call-transaction'
import { accountByMerchant, type MerchantAccount } from '../../services/billing/online-payments/payment-accounts'
import {
  insertProviderTransaction,
  payableInvoice,
  pendingForInvoice,
  providerTransaction,
  statement,
  updateProviderTransaction,
  type PayableInvoice,
  type ProviderTransaction
} from '../../services/billing/online-payments/provider-transactions'
import type { PayLinkLanguage } from '../../services/billing/online-payments/online-payments.shared'
import { paymentsClock, refundFromLedger, settleIntoLedger, type OnlinePaymentProvider } from './provider'
import { isUniqueViolation } from '../../db'

/**
 * Payme (Paycom) Merchant API (PRODUCT-NOTES 2.3; docs/decisions/billing-payme.md): JSON-RPC 2.0
 * over HTTPS POST from Payme to `POST /hooks/payme/<merchantId>`, Basic auth `Paycom:<key>`.
 * Amounts are tiyin (our minor units of UZS), times 13-digit milliseconds. The account is
 * `{ invoice: <invoice id or number> }` and must ask exactly the amount. States: 1 created,
 * 2 performed, -1 cancelled, -2 cancelled after perform; a transaction not performed within
 * 12 h is cancelled with reason 4. Every answer is HTTP 200 with `result` or `error`.
 */
export const PAYME_TIMEOUT_MS = 43_200_000
const MAX_BODY = 64 * 1024
const PROVIDER = 'payme' as const

type Localized = { ru: string; uz: string; en: string }
export class PaymeError extends Error {
  constructor(
    readonly code: number,
    readonly localized: Localized,
    readonly data?: string
  ) {
    super(localized.en)
  }
}

const text = (ru: string, uz: string, en: string): Localized => ({ ru, uz, en })
export const paymeErrors = {
  notPost: () => new PaymeError(-32300, text('Метод запроса должен быть POST', 'So‘rov usuli POST bo‘lishi kerak', 'The request method must be POST')),
  parse: () => new PaymeError(-32700, text('Ошибка разбора JSON', 'JSON tahlilida xato', 'JSON parse error')),
  invalid: (field?: string) => new PaymeError(-32600, text('Неверный JSON-RPC запрос', 'JSON-RPC so‘rovi noto‘g‘ri', 'Invalid JSON-RPC request'), field),
  method: (name: string) => new PaymeError(-32601, text('Метод не найден', 'Usul topilmadi', 'Method not found'), name),
  auth: () => new PaymeError(-32504, text('Недостаточно привилегий', 'Imtiyozlar yetarli emas', 'Insufficient privileges')),
  system: () => new PaymeError(-32400, text('Системная ошибка', 'Tizim xatosi', 'System error')),
  amount: () => new PaymeError(-31001, text('Неверная сумма', 'Noto‘g‘ri summa', 'Wrong amount')),
  notFound: () => new PaymeError(-31003, text('Транзакция не найдена', 'Tranzaksiya topilmadi', 'Transaction not found')),
  cannotCancel: () => new PaymeError(-31007, text('Невозможно отменить транзакцию: услуга оказана', 'Tranzaksiyani bekor qilib bo‘lmaydi: xizmat ko‘rsatilgan', 'The transaction cannot be cancelled: the service was provided')),
  cannotPerform: () => new PaymeError(-31008, text('Невозможно выполнить операцию', 'Amalni bajarib bo‘lmaydi', 'The operation cannot be performed')),
  invoiceNotFound: () => new PaymeError(-31050, text('Счёт не найден', 'Hisob-faktura topilmadi', 'Invoice not found'), 'invoice'),
  invoiceNotOpen: () => new PaymeError(-31051, text('Счёт отменён или закрыт', 'Hisob-faktura bekor qilingan yoki yopilgan', 'The invoice is cancelled or closed'), 'invoice'),
  invoicePaid: () => new PaymeError(-31052, text('Счёт уже оплачен', 'Hisob-faktura allaqachon to‘langan', 'The invoice is already paid'), 'invoice'),
  invoiceBusy: () => new PaymeError(-31099, text('Счёт ожидает оплаты другой транзакцией', 'Hisob-faktura boshqa tranzaksiya orqali to‘lovni kutmoqda', 'The invoice is awaiting another payment'), 'invoice')
}

type Params = Record<string, unknown>
const isObject = (value: unknown): value is Params => value !== null && typeof value === 'object' && !Array.isArray(value)
const isTime = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0
const externalIdOf = (params: Params): string => {
  const id = params.id
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,50}$/.test(id)) throw paymeErrors.invalid('id')
  return id
}
const amountOf = (params: Params): number => {
  const amount = params.amount
  if (!Number.isSafeInteger(amount) || (amount as number) <= 0) throw paymeErrors.amount()
  return amount as number
}
const accountOf = (params: Params): string => {
  const account = params.account
  if (!isObject(account)) throw paymeErrors.invalid('account')
  const value = account.invoice
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  if (typeof value !== 'string' || !value.trim()) throw paymeErrors.invoiceNotFound()
  return value.trim()
}

/** The invoice the account names, open, asking exactly `amount`. */
async function checkedInvoice(db: Knex, account: MerchantAccount, value: string, amount: number): Promise<PayableInvoice> {
  const invoice = await payableInvoice(db, account.companyId, value)
  if (!invoice) throw paymeErrors.invoiceNotFound()
  if (invoice.cancelledAt || invoice.closedAt) throw paymeErrors.invoiceNotOpen()
  if (invoice.due <= 0) throw paymeErrors.invoicePaid()
  if (amount !== invoice.due) throw paymeErrors.amount()
  return invoice
}

const timedOut = (transaction: ProviderTransaction, nowMs: number) => nowMs - transaction.createTime > PAYME_TIMEOUT_MS
/** Reason 4: the 12 hours ran out before PerformTransaction. */
const REASON_TIMEOUT = 4

async function cancelForTimeout(db: Knex, transaction: ProviderTransaction, nowMs: number) {
  await updateProviderTransaction(db, transaction._id, { state: -1, reason: REASON_TIMEOUT, cancelTime: nowMs })
}

/** What a method answers: its result, or an error to answer once the transaction has committed (a timeout's cancel stays). */
type Outcome = { result: unknown } | { error: PaymeError }
const answer = (result: unknown): Outcome => ({ result })
const refuse = (error: PaymeError): Outcome => ({ error })

const transactionView = (transaction: ProviderTransaction) => ({
  create_time: transaction.createTime,
  perform_time: transaction.performTime,
  cancel_time: transaction.cancelTime,
  transaction: transaction._id,
  state: transaction.state,
  reason: transaction.reason
})

type Method = (app: Application, account: MerchantAccount, params: Params) => Promise<Outcome>

const dbOfApp = (app: Application): Knex => app.get('db')
const trxOf = (params: CallParams): Knex => transactionOf(params)!

async function createTransaction(app: Application, account: MerchantAccount, params: Params): Promise<Outcome> {
  const externalId = externalIdOf(params)
  if (!isTime(params.time)) throw paymeErrors.invalid('time')
  const time = params.time
  return inWriteTransaction(app, async (callParams) => {
    const db = trxOf(callParams)
    const nowMs = paymentsClock(app)
    const existing = await providerTransaction(db, account.companyId, PROVIDER, externalId)
    if (existing) {
      if (existing.state !== 1) return refuse(paymeErrors.cannotPerform())
      if (timedOut(existing, nowMs)) {
        await cancelForTimeout(db, existing, nowMs)
        return refuse(paymeErrors.cannotPerform())
      }
      return answer({ create_time: existing.createTime, transaction: existing._id, state: existing.state })
    }
    const amount = amountOf(params)
    const value = accountOf(params)
    const invoice = await checkedInvoice(db, account, value, amount)
    // The invoice's lock waited for a repeat of this same Create (PostgreSQL): it answers the one it made.
    const raced = await providerTransaction(db, account.companyId, PROVIDER, externalId)
    if (raced) return answer({ create_time: raced.createTime, transaction: raced._id, state: raced.state })
    // One payment at a time per invoice: another transaction still waiting holds it (its 12 h over: cancelled now).
    for (const pending of await pendingForInvoice(db, account.companyId, PROVIDER, invoice._id)) {
      if (timedOut(pending, nowMs)) await cancelForTimeout(db, pending, nowMs)
      else return refuse(paymeErrors.invoiceBusy())
    }
    const created = await insertProviderTransaction(db, {
      companyId: account.companyId, provider: PROVIDER, externalId, invoiceId: invoice._id, account: value, customerId: invoice.customerId,
      amount, state: 1, reason: null, providerTime: time, createTime: nowMs, performTime: 0, cancelTime: 0, paymentId: null, refundId: null
    })
    return answer({ create_time: created.createTime, transaction: created._id, state: created.state })
  })
}

const methods: Record<string, Method> = {
  async CheckPerformTransaction(app, account, params) {
    const amount = amountOf(params)
    await checkedInvoice(dbOfApp(app), account, accountOf(params), amount)
    return answer({ allow: true })
  },

  async CreateTransaction(app, account, params) {
    try {
      return await createTransaction(app, account, params)
    } catch (error) {
      // The same id created at the same moment by a repeated call: the other one's transaction answers.
      if (isUniqueViolation(error)) return createTransaction(app, account, params)
      throw error
    }
  },

  async PerformTransaction(app, account, params) {
    const externalId = externalIdOf(params)
    return inWriteTransaction(app, async (callParams) => {
      const db = trxOf(callParams)
      const nowMs = paymentsClock(app)
      const transaction = await providerTransaction(db, account.companyId, PROVIDER, externalId)
      if (!transaction) return refuse(paymeErrors.notFound())
      if (transaction.state === 2) return answer({ transaction: transaction._id, perform_time: transaction.performTime, state: 2 })
      if (transaction.state !== 1) return refuse(paymeErrors.cannotPerform())
      if (timedOut(transaction, nowMs)) {
        await cancelForTimeout(db, transaction, nowMs)
        return refuse(paymeErrors.cannotPerform())
      }
      const payment = await settleIntoLedger(app, callParams, {
        companyId: account.companyId, provider: PROVIDER, externalId, customerId: transaction.customerId, invoiceId: transaction.invoiceId, amount: transaction.amount, atMs: nowMs
      })
      await updateProviderTransaction(db, transaction._id, { state: 2, performTime: nowMs, paymentId: payment._id })
      return answer({ transaction: transaction._id, perform_time: nowMs, state: 2 })
    })
  },

  async CancelTransaction(app, account, params) {
    const externalId = externalIdOf(params)
    if (!Number.isSafeInteger(params.reason)) throw paymeErrors.invalid('reason')
    const reason = params.reason as number
    try {
      return await inWriteTransaction(app, async (callParams) => {
        const db = trxOf(callParams)
        const nowMs = paymentsClock(app)
        const transaction = await providerTransaction(db, account.companyId, PROVIDER, externalId)
        if (!transaction) return refuse(paymeErrors.notFound())
        if (transaction.state < 0) return answer({ transaction: transaction._id, cancel_time: transaction.cancelTime, state: transaction.state })
        if (transaction.state === 1) {
          await updateProviderTransaction(db, transaction._id, { state: -1, reason, cancelTime: nowMs })
          return answer({ transaction: transaction._id, cancel_time: nowMs, state: -1 })
        }
        // Performed: the money goes back in our ledger too (a refund of the payment, from where it went).
        const refund = await refundFromLedger(app, callParams, {
          companyId: account.companyId, provider: PROVIDER, externalId, customerId: transaction.customerId, paymentId: transaction.paymentId!, amount: transaction.amount,
          note: `Payme: cancelled (reason ${reason})`
        })
        await updateProviderTransaction(db, transaction._id, { state: -2, reason, cancelTime: nowMs, refundId: refund._id })
        return answer({ transaction: transaction._id, cancel_time: nowMs, state: -2 })
      })
    } catch (error) {
      if (error instanceof PaymeError) throw error
      // The ledger refused the refund (the prepaid part already spent, the payment cancelled by staff): nothing changed.
      if ((error as { data?: { code?: string } }).data?.code) return refuse(paymeErrors.cannotCancel())
      throw error
    }
  },

  async CheckTransaction(app, account, params) {
    const externalId = externalIdOf(params)
    const transaction = await providerTransaction(dbOfApp(app), account.companyId, PROVIDER, externalId)
    if (!transaction) return refuse(paymeErrors.notFound())
    return answer(transactionView(transaction))
  },

  async GetStatement(app, account, params) {
    if (!isTime(params.from)) throw paymeErrors.invalid('from')
    if (!isTime(params.to)) throw paymeErrors.invalid('to')
    const rows = await statement(dbOfApp(app), account.companyId, PROVIDER, params.from, params.to)
    return answer({
      transactions: rows.map((row) => ({
        id: row.externalId,
        time: row.providerTime,
        amount: row.amount,
        account: { invoice: row.account },
        ...transactionView(row),
        receivers: null
      }))
    })
  }
}

/** `Authorization: Basic base64("Paycom:<key>")`, the key compared in constant time. */
export function paymeAuthorized(header: string | undefined, key: string | null): boolean {
  if (!key || !header) return false
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(header.trim())
  if (!match) return false
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0 || decoded.slice(0, colon) !== 'Paycom') return false
  const given = Buffer.from(decoded.slice(colon + 1), 'utf8')
  const expected = Buffer.from(key, 'utf8')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

async function readText(ctx: ParameterizedContext): Promise<string | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) return null
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function reply(ctx: ParameterizedContext, id: unknown, outcome: Outcome) {
  ctx.status = 200
  ctx.type = 'application/json'
  ctx.set('cache-control', 'no-store')
  ctx.body =
    'error' in outcome
      ? { jsonrpc: '2.0', id, error: { code: outcome.error.code, message: outcome.error.localized, ...(outcome.error.data ? { data: outcome.error.data } : {}) } }
      : { jsonrpc: '2.0', id, result: outcome.result }
}

const CHECKOUT = 'https://checkout.paycom.uz'
const TEST_CHECKOUT = 'https://checkout.test.paycom.uz'

export const payme: OnlinePaymentProvider = {
  name: PROVIDER,

  /** GET checkout: base64 of `m=<merchant>;ac.invoice=<id>;a=<tiyin>;l=<lang>[;c=<callback>]`. */
  payLink(account, invoice, amount, lang: PayLinkLanguage) {
    const parts = [`m=${account.merchantId}`, `ac.invoice=${invoice._id}`, `a=${amount}`, `l=${lang}`]
    if (account.callbackUrl) parts.push(`c=${account.callbackUrl}`)
    return `${account.testMode ? TEST_CHECKOUT : CHECKOUT}/${Buffer.from(parts.join(';'), 'utf8').toString('base64')}`
  },

  async handle(app, ctx, merchantId) {
    if (ctx.method !== 'POST') return reply(ctx, null, refuse(paymeErrors.notPost()))
    const body = await readText(ctx)
    let request: unknown
    let parsed = body !== null
    if (parsed) {
      try {
        request = JSON.parse(body!)
      } catch {
        parsed = false
      }
    }
    const id = isObject(request) && (typeof request.id === 'number' || typeof request.id === 'string') ? request.id : null
    const account = /^[0-9a-fA-F]{24}$/.test(merchantId) ? await accountByMerchant(dbOfApp(app), PROVIDER, merchantId.toLowerCase(), app.get('config').authSecret) : undefined
    if (!account || !paymeAuthorized(ctx.get('authorization'), account.key)) return reply(ctx, id, refuse(paymeErrors.auth()))
    if (!parsed) return reply(ctx, id, refuse(paymeErrors.parse()))
    if (!isObject(request) || typeof request.method !== 'string' || !isObject(request.params)) return reply(ctx, id, refuse(paymeErrors.invalid()))
    const method = Object.prototype.hasOwnProperty.call(methods, request.method) ? methods[request.method] : undefined
    if (!method) return reply(ctx, id, refuse(paymeErrors.method(request.method)))
    try {
      return reply(ctx, id, await method(app, account, request.params))
    } catch (error) {
      if (error instanceof PaymeError) return reply(ctx, id, refuse(error))
      app.get('logger').error({ err: error, msg: 'payme call failed', method: request.method })
      return reply(ctx, id, refuse(paymeErrors.system()))
    }
  }
}
