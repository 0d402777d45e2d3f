import type { Knex } from 'knex'
import type { Application } from '../../../declarations'

/**
 * The customer's `medicalAlert`, which only the health-card service decides (from the card's
 * contents, domain/clinical/health-card.ts). The customers table stays this folder's: the card's
 * service calls these within its own call's transaction.
 */
export async function setMedicalAlert(db: Knex, companyId: string, customerId: string, alert: boolean): Promise<boolean> {
  const row = await db('customers').where({ _id: customerId, companyId }).first('medicalAlert')
  if (!row || Boolean(row.medicalAlert) === alert) return false
  await db('customers').where({ _id: customerId, companyId }).update({ medicalAlert: alert })
  return true
}

/**
 * Everyone who sees the customer hears the changed flag (calendars, the booking drawer), through
 * the customers service's own publisher, which decides who hears and hides phones per connection.
 * Called after the write committed.
 */
export async function announceCustomer(app: Application, customerId: string): Promise<void> {
  const customers = app.service('customers')
  const record = await customers.get(customerId)
  customers.emit('patched', record, { app, service: customers, path: 'customers', method: 'patch', type: 'after', id: customerId, params: {}, result: record })
}
