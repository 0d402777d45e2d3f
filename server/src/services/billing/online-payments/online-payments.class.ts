import type { Id, NullableId, Params } from '@feathersjs/feathers'
import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { clinicError } from '../../../errors'
import { onlinePaymentProviders as providers } from '../../../providers/payments'
import type { Invoice } from '../invoices/invoices.class'
import { accountView, companyAccount, saveAccount } from './payment-accounts'
import { onlinePaymentProviders, type OnlinePaymentProviderName } from './online-payments.shared'
import type { OnlinePaymentsQuery, PayLink, PayLinkQuery, PaymentAccount, PaymentAccountPatch } from './online-payments.schema'
import { isUniqueViolation } from '../../../db'

export type OnlinePaymentsParams = Params<OnlinePaymentsQuery & PayLinkQuery>


/**
 * Online payments (docs/decisions/billing-payme.md): the company's merchant accounts (the key
 * write-only) and the pay link of an invoice. The payments arrive from the provider's calls.
 */
export class OnlinePaymentsService {
  constructor(private readonly app: Application) {}

  private companyOf(params?: OnlinePaymentsParams): string {
    return String(params?.query?.companyId ?? params?.identity?.user.companyId ?? '')
  }

  async find(params?: OnlinePaymentsParams): Promise<PaymentAccount[]> {
    const db = dbOf(this.app, params)
    const secret = this.app.get('config').authSecret
    const companyId = this.companyOf(params)
    return Promise.all(onlinePaymentProviders.map(async (provider) => accountView(await companyAccount(db, companyId, provider, secret), provider)))
  }

  /** The pay link of an invoice the caller sees (read through `invoices`, as the caller), for what it still asks. */
  async get(id: Id, params?: OnlinePaymentsParams): Promise<PayLink> {
    const companyId = this.companyOf(params)
    const provider: OnlinePaymentProviderName = 'payme'
    const account = await companyAccount(dbOf(this.app, params), companyId, provider, this.app.get('config').authSecret)
    if (!account?.merchantId || !account.key) throw clinicError(BadRequest, 'online-payment-not-configured')
    // As the caller (their session, rights and branches): only an invoice they may see.
    const invoice = (await this.app.service('invoices').get(String(id), { ...params, query: { companyId } } as never)) as unknown as Invoice
    if (invoice.due <= 0 || invoice.state === 'cancelled' || invoice.state === 'closed') throw clinicError(Conflict, 'pay-link-nothing-due')
    const lang = params?.query?.lang ?? 'ru'
    return { invoiceId: invoice._id, number: invoice.number, provider, amount: invoice.due, url: providers[provider].payLink(account, invoice, invoice.due, lang) }
  }

  async patch(id: NullableId, data: PaymentAccountPatch, params?: OnlinePaymentsParams): Promise<PaymentAccount> {
    const provider = onlinePaymentProviders.find((name) => name === id)
    if (!provider) throw new NotFound(`No record found for id '${id}'`)
    const db = dbOf(this.app, params)
    const secret = this.app.get('config').authSecret
    const companyId = this.companyOf(params)
    const existing = await companyAccount(db, companyId, provider, secret)
    if (!existing?.merchantId && !data.merchantId) throw clinicError(BadRequest, 'field-required', 'merchantId')
    // For the activity log (online-payments.ts): the account as it was.
    if (params) (params as { accountBefore?: PaymentAccount }).accountBefore = accountView(existing, provider)
    try {
      await saveAccount(db, companyId, provider, data, secret, params?.identity?.user._id ?? null)
    } catch (error) {
      if (isUniqueViolation(error)) throw clinicError(Conflict, 'online-payment-merchant-taken', 'merchantId')
      throw error
    }
    return accountView(await companyAccount(db, companyId, provider, secret), provider)
  }
}
