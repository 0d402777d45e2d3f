import { clientService } from '../../../client-service'
import type { Expense, ExpenseData, ExpensePage, ExpensePatch, ExpenseQuery, ExpenseService } from './expense.class'

export type { Expense, ExpenseData, ExpensePage, ExpensePatch, ExpenseQuery }

/** The spec's path (sections 6 and 7): money the clinic spent, per branch. */
export const expensePath = 'expense'
export const expenseMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
export type ExpenseClientService = Pick<ExpenseService, (typeof expenseMethods)[number]>

/**
 * The fixed list of expense categories (docs/decisions/billing-expenses.md): the screens show
 * each translated, the expense report groups by it. What a category does not say goes into the
 * supplier and the note.
 */
export const expenseCategories = ['rent', 'salary', 'materials', 'laboratory', 'equipment', 'repairs', 'utilities', 'marketing', 'taxes', 'other'] as const
export type ExpenseCategory = (typeof expenseCategories)[number]

export const MAX_EXPENSE_SUPPLIER = 200
export const MAX_EXPENSE_DOCUMENT = 100
export const MAX_EXPENSE_NOTE = 2000
/** The largest amount in minor units: a safe integer on every engine and in JavaScript. */
export const MAX_EXPENSE_AMOUNT = Number.MAX_SAFE_INTEGER

export const expenseClient = clientService<ExpenseClientService>()(expensePath, expenseMethods, { branchScoped: true })
