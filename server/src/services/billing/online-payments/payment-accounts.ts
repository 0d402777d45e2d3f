import type { Knex } from 'knex'
import { newId, now } from '../../../hooks/ids'
import { open, seal } from '../../messaging/integrations/secret-box'
import type { OnlinePaymentProviderName } from './online-payments.shared'
import type { PaymentAccount, PaymentAccountPatch } from './online-payments.schema'

/** The tables the `online-payments` service owns. */
export const PAYMENT_ACCOUNTS_TABLE = 'payment_accounts'
export const PROVIDER_TRANSACTIONS_TABLE = 'provider_transactions'

/** A merchant account as the server uses it: the key opened (never leaves the server). */
export interface MerchantAccount {
  companyId: string
  provider: OnlinePaymentProviderName
  merchantId: string
  key: string | null
  testMode: boolean
  callbackUrl: string
}

interface AccountRow {
  companyId: string
  provider: OnlinePaymentProviderName
  merchantId: string
  secret: string | null
  testMode: unknown
  callbackUrl: string | null
}

const accountOf = (row: AccountRow, authSecret: string): MerchantAccount => ({
  companyId: row.companyId,
  provider: row.provider,
  merchantId: row.merchantId,
  key: open(row.secret, authSecret),
  testMode: Boolean(row.testMode),
  callbackUrl: row.callbackUrl ?? ''
})

/** The company's account at a provider, if set. */
export async function companyAccount(db: Knex, companyId: string, provider: OnlinePaymentProviderName, authSecret: string): Promise<MerchantAccount | undefined> {
  const row = (await db(PAYMENT_ACCOUNTS_TABLE).where({ companyId, provider }).first()) as AccountRow | undefined
  return row ? accountOf(row, authSecret) : undefined
}

/** The account a provider's call names by its merchant id (the endpoint's path). */
export async function accountByMerchant(db: Knex, provider: OnlinePaymentProviderName, merchantId: string, authSecret: string): Promise<MerchantAccount | undefined> {
  const row = (await db(PAYMENT_ACCOUNTS_TABLE).where({ provider, merchantId }).first()) as AccountRow | undefined
  return row ? accountOf(row, authSecret) : undefined
}

/** What a client sees of an account. */
export function accountView(account: MerchantAccount | undefined, provider: OnlinePaymentProviderName): PaymentAccount {
  return {
    _id: provider,
    provider,
    merchantId: account?.merchantId ?? '',
    keySet: Boolean(account?.key),
    testMode: account?.testMode ?? false,
    callbackUrl: account?.callbackUrl ?? ''
  }
}

/** Sets a company's account: the key is sealed ('' clears it, absent keeps it). */
export async function saveAccount(db: Knex, companyId: string, provider: OnlinePaymentProviderName, patch: PaymentAccountPatch, authSecret: string, userId: string | null): Promise<void> {
  const existing = await db(PAYMENT_ACCOUNTS_TABLE).where({ companyId, provider }).first('_id')
  const changes: Record<string, unknown> = { updatedAt: now() }
  if (patch.merchantId !== undefined) changes.merchantId = patch.merchantId.toLowerCase()
  if (patch.key !== undefined) changes.secret = patch.key ? seal(patch.key, authSecret) : null
  if (patch.testMode !== undefined) changes.testMode = patch.testMode
  if (patch.callbackUrl !== undefined) changes.callbackUrl = patch.callbackUrl || null
  if (existing) await db(PAYMENT_ACCOUNTS_TABLE).where({ _id: existing._id }).update(changes)
  else await db(PAYMENT_ACCOUNTS_TABLE).insert({ _id: newId(), companyId, provider, merchantId: '', secret: null, testMode: false, callbackUrl: null, createdAt: now(), createdBy: userId, ...changes })
}
