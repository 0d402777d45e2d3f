import { Conflict } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { clinicError } from '../../../errors'
import { databaseEngine } from '../../../db'
import { cashNeedsOpenShift, cashRefusedWithoutShift, expectedCash, shiftForDesk } from '../../../../../domain/billing/cash-desk'
import { companySettingsFor } from '../../company/company/company-reads'
import { paymentMethods, type PaymentMethod } from '../../../../../domain/billing/money'
import { TRANSACTIONS_TABLE } from '../transactions/transaction-rows'
import type { ShiftReport } from './z-payments.schema'

/** The tables the `z-payments` service owns. */
export const CASH_SHIFTS_TABLE = 'cash_shifts'
export const CASH_MOVEMENTS_TABLE = 'cash_movements'

/**
 * On PostgreSQL, a shared lock on the shift's row until the caller's transaction ends: payments
 * and cancellations taking it run side by side, but the close (which takes the row for update)
 * waits for them and they wait for the close, so a closed Z-report never misses a payment that
 * was linked to it, and no payment links to a shift that has just closed. SQLite's single writer
 * orders them anyway.
 */
function shared(db: Knex, query: Knex.QueryBuilder): Knex.QueryBuilder {
  return databaseEngine(db) === 'postgres' && db.isTransaction ? query.forShare() : query
}

/**
 * The open shift a payment taken now in `branchId` belongs to (called by `transactions` create,
 * in the payment's transaction): the open shift of the desk the payment names (`receiver`) when
 * it names one that is open; with no desk named, the branch's only open shift; else none (null).
 * Money from the patient's balance passes no desk (null).
 */
export async function shiftForPayment(db: Knex, payment: { companyId: string; branchId: string; receiver: string; method: PaymentMethod }): Promise<string | null> {
  if (payment.method === 'balance') return null
  const open = (await shared(db, db(CASH_SHIFTS_TABLE).where({ companyId: payment.companyId, branchId: payment.branchId, status: 'open' }).select('_id', 'deskKey'))) as Array<{ _id: string; deskKey: string }>
  // The stored key is a desk name already keyed (deskKey of it is itself).
  return shiftForDesk(open.map((shift) => ({ _id: shift._id, desk: shift.deskKey })), payment.receiver)?._id ?? null
}

/**
 * With the company switch "cash payments only with an open shift" on, a cash payment or refund
 * that no open shift takes (`shiftForPayment` gave none) is refused (`cash-needs-open-shift`,
 * Conflict, at `method`), before anything is written. Called by `transactions` create, so the
 * checkout's payments (cart) are refused alike and roll their checkout back. The switch is read
 * only for cash without a shift: every other payment costs nothing more.
 */
export async function refuseCashWithoutShift(db: Knex, params: Params | undefined, payment: { companyId: string; method: PaymentMethod; shiftId: string | null }): Promise<void> {
  // Only cash that no shift takes could be refused; only then is the switch read.
  if (!cashRefusedWithoutShift(payment, true)) return
  const settings = await companySettingsFor(db, payment.companyId, params)
  if (cashRefusedWithoutShift(payment, cashNeedsOpenShift(settings))) throw clinicError(Conflict, 'cash-needs-open-shift', 'method')
}

/**
 * Before a payment or refund is cancelled (called by `transactions` patch, in its transaction):
 * one taken in a shift that has closed is refused (`payment-shift-closed`): the Z-report is
 * final; the money is given back by a refund, which the open shift counts.
 */
export async function refuseCancelAfterClose(db: Knex, companyId: string, shiftId: string | null | undefined): Promise<void> {
  if (!shiftId) return
  const shift = await shared(db, db(CASH_SHIFTS_TABLE).where({ companyId, _id: shiftId }).first('status'))
  if (shift && shift.status !== 'open') throw clinicError(Conflict, 'payment-shift-closed')
}

/**
 * A shift's figures from the ledger (its payments and refunds not cancelled) and its movements.
 * Counts and sums by method; refunds are counted apart and given as positive sums.
 */
export async function shiftReport(db: Knex, companyId: string, shift: { _id: string; openingFloat: number }): Promise<ShiftReport> {
  const rows = (await db(TRANSACTIONS_TABLE)
    .where({ companyId, shiftId: shift._id })
    .whereNot('status', 'cancelled')
    .groupBy('method', 'kind')
    .select('method', 'kind')
    .count({ count: '*' })
    .sum({ total: 'amount' })) as Array<{ method: PaymentMethod; kind: string; count: unknown; total: unknown }>
  const moves = (await db(CASH_MOVEMENTS_TABLE).where({ companyId, shiftId: shift._id }).groupBy('kind').select('kind').sum({ total: 'amount' })) as Array<{ kind: string; total: unknown }>
  const byMethod = new Map<PaymentMethod, ShiftReport['byMethod'][number]>()
  const report: ShiftReport = { payments: 0, refunds: 0, paid: 0, refunded: 0, byMethod: [], cashPaid: 0, cashRefunded: 0, cashIn: 0, cashOut: 0, expectedCash: 0 }
  for (const row of rows) {
    const entry = byMethod.get(row.method) ?? { method: row.method, payments: 0, paid: 0, refunds: 0, refunded: 0 }
    const count = Number(row.count)
    const total = Number(row.total ?? 0)
    if (row.kind === 'refund') {
      entry.refunds += count
      entry.refunded -= total
      report.refunds += count
      report.refunded -= total
    } else {
      entry.payments += count
      entry.paid += total
      report.payments += count
      report.paid += total
    }
    byMethod.set(row.method, entry)
  }
  report.byMethod = paymentMethods.filter((method) => byMethod.has(method)).map((method) => byMethod.get(method)!)
  const cash = byMethod.get('cash')
  report.cashPaid = cash?.paid ?? 0
  report.cashRefunded = cash?.refunded ?? 0
  for (const move of moves) {
    if (move.kind === 'in') report.cashIn = Number(move.total ?? 0)
    else report.cashOut = Number(move.total ?? 0)
  }
  report.expectedCash = expectedCash({ openingFloat: shift.openingFloat, cashPaid: report.cashPaid, cashRefunded: report.cashRefunded, cashIn: report.cashIn, cashOut: report.cashOut })
  return report
}
