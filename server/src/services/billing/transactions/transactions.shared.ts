import { clientService } from '../../../client-service'
import type { Payment, PaymentData, PaymentPatch, PaymentQuery, TransactionsService } from './transactions.class'

export type { Payment, PaymentData, PaymentPatch, PaymentQuery }

export const transactionsPath = 'transactions'
/** No update and no remove: a payment is never changed or deleted; it is cancelled, or refunded by another. */
export const transactionsMethods = ['find', 'get', 'create', 'patch'] as const
export type TransactionsClientService = Pick<TransactionsService, (typeof transactionsMethods)[number]>

export const MAX_ALLOCATIONS = 50
export const TRANSACTIONS_MAX_PAGE = 200
export const MAX_PAYMENT_NOTE = 2000
export const transactionsClient = clientService<TransactionsClientService>()(transactionsPath, transactionsMethods, { branchScoped: true })
