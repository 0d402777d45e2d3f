import type { TestServer, SignedIn } from '../../support/harness'
import { booking, type Clinic } from '../../support/appointment-fixtures'

let day = 0
/** A visit of the clinic's patient (or another) on a new day, with `count` treatment lines of `price`. */
export async function visitWithTreatments(clinic: Clinic, serviceId: string, prices: number[], customerId = clinic.customerId) {
  day += 1
  const date = `2026-12-${String(1 + (day % 27)).padStart(2, '0')}`
  const visit = await clinic.admin.client.service('appointment').create(booking(clinic, date, `${String(8 + Math.floor(day / 27)).padStart(2, '0')}:00`, { customerId }))
  const lines = []
  for (const price of prices) lines.push(await clinic.admin.client.service('treatment').create({ customerId, appointmentId: visit._id, serviceId, price }))
  return { visitId: visit._id as string, treatmentIds: lines.map((line) => line._id as string) }
}

export const invoicesOf = (who: SignedIn) => who.client.service('invoices')
export const paymentsOf = (who: SignedIn) => who.client.service('transactions')

/** The customer's stored balance and debt. */
export async function storedMoney(server: TestServer, customerId: string) {
  const row = await server.db('customers').where({ _id: customerId }).first('balance', 'debt')
  return { balance: Number(row.balance), debt: Number(row.debt) }
}

let keys = 0
export const key = () => `key-${Date.now().toString(36)}-${(keys += 1)}-${Math.random().toString(36).slice(2, 8)}`
