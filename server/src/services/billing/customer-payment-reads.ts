import type { Knex } from 'knex'
import { INVOICES_TABLE } from './invoices/invoice-rows'
import { ALLOCATIONS_TABLE, TRANSACTIONS_TABLE } from './transactions/transaction-rows'

/**
 * Billing's read for the conversion funnel's last step (issue 19, docs/decisions/reports.md):
 * "paid" is a payment (kind payment) not cancelled, of any day, method `balance` left out
 * (spending a prepayment is not money taken; the top-up was). With a doctor, only money
 * allocated to that doctor's invoices counts, as the summary's doctor filter does.
 * Index: transactions (companyId, customerId, date).
 */
export async function patientsWhoPaid(db: Knex, companyId: string, customerIds: readonly string[], doctorId: string | null): Promise<Set<string>> {
  const found = new Set<string>()
  const ids = [...new Set(customerIds)]
  for (let start = 0; start < ids.length; start += 500) {
    const query = db(`${TRANSACTIONS_TABLE} as t`)
      .distinct('t.customerId')
      .where('t.companyId', companyId)
      .whereIn('t.customerId', ids.slice(start, start + 500))
      .where('t.kind', 'payment')
      .whereNot('t.status', 'cancelled')
      .whereNot('t.method', 'balance')
    if (doctorId) query.join(`${ALLOCATIONS_TABLE} as a`, 'a.paymentId', 't._id').join(`${INVOICES_TABLE} as i`, 'i._id', 'a.invoiceId').where('i.doctorId', doctorId)
    for (const row of (await query) as Array<{ customerId: string }>) found.add(row.customerId)
  }
  return found
}

/**
 * The same question of one patient inside another area's statement (the conversion funnel's grouped
 * read): `exists` over this subquery is true when the patient whose id is the outer column
 * `customerColumn` paid (as `patientsWhoPaid`; with a doctor, money allocated to their invoices).
 * One probe of transactions (companyId, customerId, date) per patient.
 */
export function paymentOfPatient(db: Knex, companyId: string, customerColumn: string, doctorId: string | null): Knex.QueryBuilder {
  const query = db(`${TRANSACTIONS_TABLE} as pt`)
    .select(db.raw('1'))
    .where('pt.companyId', companyId)
    .where('pt.customerId', db.ref(customerColumn))
    .where('pt.kind', 'payment')
    .whereNot('pt.status', 'cancelled')
    .whereNot('pt.method', 'balance')
  if (doctorId) query.join(`${ALLOCATIONS_TABLE} as pa`, 'pa.paymentId', 'pt._id').join(`${INVOICES_TABLE} as pi`, 'pi._id', 'pa.invoiceId').where('pi.doctorId', doctorId)
  return query
}
