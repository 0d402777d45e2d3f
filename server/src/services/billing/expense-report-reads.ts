import type { Knex } from 'knex'
import { EXPENSES_TABLE } from './expense/expense.class'
import { PAYOUTS_TABLE } from './user-balance-history/payout-rows'
import type { RowsPage } from '../report-filter'

/**
 * Billing's reads for the expenses report (`expense-reports`, issue 19, docs/decisions/reports.md):
 * expenses and doctors' payouts of a period, `[from, to)` company-local days (both tables keep the
 * day as 'YYYY-MM-DD' text, so no time zone is involved). Each figure's grouped read and its
 * drill-down rows come from one shared query (only the select differs), so a number always
 * equals the sum of its rows.
 */

export interface ExpenseScope {
  companyId: string
  from: string
  to: string
  /** The branches summed; null: every branch. */
  branchIds: readonly string[] | null
  /** The one branch asked for, if any (payouts without a branch count only when none is). */
  branchId: string | null
}

/** A drill-down narrowed to one number: a day, a branch, a category. */
export interface ExpenseNarrowing {
  day?: string
  branchId?: string
  category?: string
}

export interface ExpenseGroup {
  day: string
  branchId: string
  category: string
  count: number
  amount: number
}

export interface ExpenseRow {
  _id: string
  day: string
  branchId: string
  category: string
  supplier: string | null
  documentNumber: string | null
  note: string | null
  value: number
}

export interface PayoutRow {
  _id: string
  day: string
  userId: string
  branchId: string | null
  method: string
  note: string | null
  value: number
}

/** The expenses of the period (or one day of it), in the branches, narrowed. */
function expensesOf(db: Knex, scope: ExpenseScope, narrow: ExpenseNarrowing) {
  const query = db(`${EXPENSES_TABLE} as e`).where('e.companyId', scope.companyId).where('e.date', '>=', scope.from).where('e.date', '<', scope.to)
  if (scope.branchIds) query.whereIn('e.branchId', [...scope.branchIds])
  if (narrow.day) query.where('e.date', narrow.day)
  if (narrow.branchId) query.where('e.branchId', narrow.branchId)
  if (narrow.category) query.where('e.category', narrow.category)
  return query
}

/** Expenses per day, branch and category: the report's every table is a sum of these. */
export async function expenseGroups(db: Knex, scope: ExpenseScope): Promise<ExpenseGroup[]> {
  const rows = (await expensesOf(db, scope, {})
    .groupBy('e.date', 'e.branchId', 'e.category')
    .select('e.date as day', 'e.branchId as branchId', 'e.category as category')
    .count({ count: '*' })
    .sum({ amount: 'e.amount' })
    .orderBy([{ column: 'e.date' }, { column: 'e.branchId' }, { column: 'e.category' }])) as Array<{ day: string; branchId: string; category: string; count: unknown; amount: unknown }>
  return rows.map((row) => ({ day: row.day, branchId: row.branchId, category: row.category, count: Number(row.count), amount: Number(row.amount ?? 0) }))
}

/** The expenses behind a number, by day, one page of them (`RowsPage`); how many there are and their sum. */
export async function expenseRows(db: Knex, scope: ExpenseScope, narrow: ExpenseNarrowing, page: RowsPage): Promise<{ total: number; sum: number; rows: ExpenseRow[] }> {
  const base = expensesOf(db, scope, narrow)
  const [{ count, sum }] = (await base.clone().count({ count: '*' }).sum({ sum: 'e.amount' })) as Array<{ count: unknown; sum: unknown }>
  const rows = (await base
    .select('e._id', 'e.date', 'e.branchId', 'e.category', 'e.supplier', 'e.documentNumber', 'e.note', 'e.amount')
    .orderBy([{ column: 'e.date' }, { column: 'e._id' }])
    .limit(page.limit)
    .offset(page.skip ?? 0)) as Array<Record<string, unknown>>
  return {
    total: Number(count),
    sum: Number(sum ?? 0),
    rows: rows.map((row) => ({
      _id: String(row._id), day: String(row.date), branchId: String(row.branchId), category: String(row.category),
      supplier: (row.supplier as string | null) ?? null, documentNumber: (row.documentNumber as string | null) ?? null, note: (row.note as string | null) ?? null, value: Number(row.amount)
    }))
  }
}

/**
 * Payouts to doctors dated in the period, by the statements' branch rule (user-balance-history's
 * `statementLines`): a payout is the doctor's, not a branch's, so one without a branch counts
 * unless one branch is asked for, then only that branch's payouts count.
 */
function payoutsOf(db: Knex, scope: ExpenseScope, narrow: ExpenseNarrowing) {
  const query = db(`${PAYOUTS_TABLE} as p`).where('p.companyId', scope.companyId).where('p.date', '>=', scope.from).where('p.date', '<', scope.to)
  if (scope.branchId) query.where('p.branchId', scope.branchId)
  else if (scope.branchIds) query.where((inner) => inner.whereNull('p.branchId').orWhereIn('p.branchId', [...scope.branchIds!]))
  if (narrow.day) query.where('p.date', narrow.day)
  return query
}

/** The payouts of the period per day. */
export async function payoutGroups(db: Knex, scope: ExpenseScope): Promise<Array<{ day: string; amount: number }>> {
  const rows = (await payoutsOf(db, scope, {}).groupBy('p.date').select('p.date as day').sum({ amount: 'p.amount' }).orderBy('p.date')) as Array<{ day: string; amount: unknown }>
  return rows.map((row) => ({ day: row.day, amount: Number(row.amount ?? 0) }))
}

/** The payouts behind a number, by day, one page of them (`RowsPage`); how many there are and their sum. */
export async function payoutRows(db: Knex, scope: ExpenseScope, narrow: ExpenseNarrowing, page: RowsPage): Promise<{ total: number; sum: number; rows: PayoutRow[] }> {
  const base = payoutsOf(db, scope, narrow)
  const [{ count, sum }] = (await base.clone().count({ count: '*' }).sum({ sum: 'p.amount' })) as Array<{ count: unknown; sum: unknown }>
  const rows = (await base.select('p._id', 'p.date', 'p.userId', 'p.branchId', 'p.method', 'p.note', 'p.amount').orderBy([{ column: 'p.date' }, { column: 'p._id' }]).limit(page.limit)
    .offset(page.skip ?? 0)) as Array<Record<string, unknown>>
  return {
    total: Number(count),
    sum: Number(sum ?? 0),
    rows: rows.map((row) => ({
      _id: String(row._id), day: String(row.date), userId: String(row.userId), branchId: (row.branchId as string | null) ?? null, method: String(row.method), note: (row.note as string | null) ?? null, value: Number(row.amount)
    }))
  }
}
