import type { Dayjs } from 'dayjs'
import type { Expense, ExpenseCategory } from '../../../../server/src/services/billing/expense/expense.shared'
import { parseMinor } from '../billing/money-input'

export type { Expense, ExpenseCategory }
export { expenseCategories, expensePath } from '../../../../server/src/services/billing/expense/expense.shared'

/** What the add/edit form holds: the amount in major units as typed (1 500,50), the day as a picker value. */
export interface ExpenseFormValues {
  branchId?: string
  category?: ExpenseCategory
  amount?: number | string | null
  date?: Dayjs | null
  supplier?: string
  documentNumber?: string
  note?: string
}

/** The list's filters: a branch, a category, a range of days, a part of the supplier's name. */
export interface ExpenseFilter {
  branchId?: string
  category?: ExpenseCategory
  range?: [Dayjs, Dayjs] | null
  search?: string
}

/**
 * Major units as typed to integer minor units (1500.5 → 150050), read as text by the billing
 * screens' parser (never through float arithmetic); what is not an amount with at most two
 * decimals is sent as typed, so the server answers at the field.
 */
export function toMinor(value: number | string | null | undefined): unknown {
  if (value === null || value === undefined || value === '') return undefined
  return parseMinor(value) ?? value
}

export const fromMinor = (minor: number) => minor / 100

/** The record's fields as the server takes them; blank texts are sent blank (the server stores none). */
export function expenseData(values: ExpenseFormValues) {
  return {
    ...(values.branchId ? { branchId: values.branchId } : {}),
    category: values.category as ExpenseCategory,
    amount: toMinor(values.amount) as number,
    ...(values.date ? { date: values.date.format('YYYY-MM-DD') } : {}),
    supplier: values.supplier?.trim() ?? '',
    documentNumber: values.documentNumber?.trim() ?? '',
    note: values.note?.trim() ?? ''
  }
}

/** The find query of the filters (the page and its size aside). */
export function expenseQuery(filter: ExpenseFilter) {
  const search = filter.search?.trim()
  return {
    ...(filter.branchId ? { branchId: filter.branchId } : {}),
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.range ? { date: { $gte: filter.range[0].format('YYYY-MM-DD'), $lte: filter.range[1].format('YYYY-MM-DD') } } : {}),
    ...(search ? { $search: search } : {})
  }
}

/** The form's fields, for a server error's `path` to land on. */
export const expenseFormFields = ['branchId', 'category', 'amount', 'date', 'supplier', 'documentNumber', 'note']

/** The form of an existing expense. */
export function formValuesOf(expense: Expense, day: (value: string) => Dayjs): ExpenseFormValues {
  return {
    branchId: expense.branchId,
    category: expense.category,
    amount: fromMinor(expense.amount),
    date: day(expense.date),
    supplier: expense.supplier ?? '',
    documentNumber: expense.documentNumber ?? '',
    note: expense.note ?? ''
  }
}
