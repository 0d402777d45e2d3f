import type { HookContext } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { countFilesOf } from '../../customers/media/media-reads'
import type { Expense } from './expense.schema'

/**
 * After every external call: each expense answered with `fileCount`, how many files (receipts,
 * invoices) are attached to it (docs/decisions/billing-expenses.md). One count for the whole
 * page, not one per row; whoever sees the expense may see its files (view on `expense`, the same
 * branch scope), so the count tells nothing new.
 */
export async function withFileCounts(context: HookContext) {
  if (!context.params.provider || !context.result) return
  const result = context.result as Expense | Expense[] | { data: Expense[] }
  const expenses = Array.isArray(result) ? result : 'data' in result && Array.isArray(result.data) ? result.data : [result as Expense]
  // The caller's company: every expense they were answered is of it (companyScope).
  const companyId = String(context.params.identity?.user.companyId ?? '')
  const counts = await countFilesOf(dbOf(context.app, context.params), companyId, 'expense', expenses.map((expense) => expense._id))
  for (const expense of expenses) expense.fileCount = counts.get(expense._id) ?? 0
}
