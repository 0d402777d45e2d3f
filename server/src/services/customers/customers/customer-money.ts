import type { Knex } from 'knex'
import { databaseEngine } from '../../../db'

/**
 * The customer's `balance` (prepaid money not yet used) and `debt`, which only billing decides
 * (from its ledger: docs/decisions/billing.md). The customers table stays this folder's: billing
 * calls these within its own call's transaction.
 */

export interface CustomerMoney {
  _id: string
  branchId: string
  discount: number
  balance: number
  debt: number
}

/**
 * The customer's row, locked for the rest of the transaction on PostgreSQL: every money write
 * of one patient takes this lock first, so they run one after another (SQLite's writer lock
 * does the same). Undefined when there is no such customer in the company.
 */
export async function lockCustomerMoney(db: Knex, companyId: string, customerId: string): Promise<CustomerMoney | undefined> {
  const query = db('customers').where({ _id: customerId, companyId }).first('_id', 'branchId', 'discount', 'balance', 'debt')
  if (databaseEngine(db) === 'postgres' && db.isTransaction) query.forUpdate()
  const row = await query
  return row ? { _id: row._id, branchId: row.branchId, discount: Number(row.discount), balance: Number(row.balance), debt: Number(row.debt) } : undefined
}

/** Stores what the ledger says; answers whether anything changed. */
export async function storeCustomerMoney(db: Knex, companyId: string, customerId: string, money: { balance: number; debt: number }): Promise<boolean> {
  const changed = await db('customers').where({ _id: customerId, companyId }).where((where) => where.whereNot('balance', money.balance).orWhereNot('debt', money.debt)).update(money)
  return Number(changed) > 0
}

/** Several customers' discount, balance and debt in one read, without a lock (the cash desk's list). */
export async function customersMoney(db: Knex, companyId: string, customerIds: readonly string[]): Promise<Map<string, CustomerMoney>> {
  const money = new Map<string, CustomerMoney>()
  if (customerIds.length === 0) return money
  for (const row of await db('customers').where({ companyId }).whereIn('_id', [...new Set(customerIds)]).select('_id', 'branchId', 'discount', 'balance', 'debt')) {
    money.set(row._id, { _id: row._id, branchId: row.branchId, discount: Number(row.discount), balance: Number(row.balance), debt: Number(row.debt) })
  }
  return money
}
