import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { companyCurrency } from '../../company/company/company-reads'
import { customerNames } from '../../customers/customers/customer-contact'
import { notifyStaff } from '../../messaging/notification/notification-store'
import { staffWhoMay } from '../../messaging/notification/recipients'
import type { Payment } from './transactions.schema'

/**
 * "Payment received" (docs/decisions/staff-notifications.md), in the payment's transaction: to
 * the members who may view payments (`transactions: view`) in the payment's branch, but not to
 * the one who took it (they know). A payment the clinic did not take itself (online, a provider's
 * webhook: no author) therefore reaches everyone who looks after the money there.
 */
export async function notifyPaymentReceived(app: Application, params: Params | undefined, payment: Pick<Payment, '_id' | 'companyId' | 'branchId' | 'customerId' | 'amount' | 'method' | 'createdBy'>): Promise<void> {
  const db = dbOf(app, params)
  const userIds = await staffWhoMay(db, payment.companyId, { resource: 'transactions', flag: 'view', branchId: payment.branchId ?? null, except: payment.createdBy })
  if (userIds.length === 0) return
  const customerName = (await customerNames(db, payment.companyId, [payment.customerId])).get(payment.customerId) ?? ''
  await notifyStaff(app, params, {
    companyId: payment.companyId,
    userIds,
    branchId: payment.branchId ?? null,
    kind: 'payment-received',
    params: { paymentId: payment._id, customerId: payment.customerId, customerName, amount: payment.amount, method: payment.method, currency: await companyCurrency(db, payment.companyId) },
    link: `/customer/${payment.customerId}/transactions`
  })
}
