import { clientService } from '../../../client-service'
import type { OnlinePaymentsService } from './online-payments.class'

export type { PaymentAccount, PaymentAccountPatch, PayLink, PayLinkQuery, OnlinePaymentsQuery } from './online-payments.schema'

/**
 * `online-payments` (issue 16, item 9; docs/decisions/billing-payme.md):
 * - `get(invoiceId, { query: { lang } })`: the invoice's pay link at the company's online
 *   provider (Payme checkout), for what the invoice still asks (`invoices: view`);
 * - `find()`: the company's merchant accounts, the key never shown (`keySet` says whether one is
 *   stored) (`payments: view`);
 * - `patch('payme', { merchantId, key, testMode, callbackUrl })`: sets the account; the key is
 *   write-only (`payments: edit`).
 * Payments themselves arrive from the provider (server/src/http/payment-routes.ts) and land in the
 * one ledger (`transactions`).
 */
export const onlinePaymentsPath = 'online-payments'
export const onlinePaymentsMethods = ['find', 'get', 'patch'] as const
export type OnlinePaymentsClientService = Pick<OnlinePaymentsService, (typeof onlinePaymentsMethods)[number]>

export const onlinePaymentProviders = ['payme'] as const
export type OnlinePaymentProviderName = (typeof onlinePaymentProviders)[number]
export const payLinkLanguages = ['ru', 'uz', 'en'] as const

/** Payme's merchant id: 24 hexadecimal characters (its object ids). */
export const MERCHANT_ID_PATTERN = '^[0-9a-fA-F]{24}$'
/** Where the checkout sends the patient back: https only, no spaces or `;` (the link's separator). */
export const CALLBACK_URL_PATTERN = '^https://[^\\s;]+$'
export type PayLinkLanguage = (typeof payLinkLanguages)[number]

export const onlinePaymentsClient = clientService<OnlinePaymentsClientService>()(onlinePaymentsPath, onlinePaymentsMethods)
