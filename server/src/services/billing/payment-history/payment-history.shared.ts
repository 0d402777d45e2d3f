import { clientService } from '../../../client-service'
import type { PaymentHistoryService } from './payment-history.class'

export type { PaymentHistory, PaymentHistoryEntry, PaymentHistoryQuery } from './payment-history.schema'

/**
 * `payment-history`: a patient's payments and refunds with where their money went (invoice
 * numbers), newest first, and the patient's balance and debt. Find only (read-only); resource
 * `payment-history` (spec section 6).
 */
export const paymentHistoryPath = 'payment-history'
export const paymentHistoryMethods = ['find'] as const
export type PaymentHistoryClientService = Pick<PaymentHistoryService, (typeof paymentHistoryMethods)[number]>
export const PAYMENT_HISTORY_MAX_PAGE = 200
export const paymentHistoryClient = clientService<PaymentHistoryClientService>()(paymentHistoryPath, paymentHistoryMethods)
