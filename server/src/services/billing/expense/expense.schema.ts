import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { MAX_CATALOGUE_SEARCH } from '../../../../../domain/catalogue/search'
import { MAX_EXPENSE_AMOUNT, MAX_EXPENSE_DOCUMENT, MAX_EXPENSE_NOTE, MAX_EXPENSE_SUPPLIER, expenseCategories } from './expense.shared'

/** A company-local day, 'YYYY-MM-DD' (expense-rules.ts checks it is a real day, not ahead of today). */
const DaySchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })
const optionalText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()])

/**
 * An expense (issue 16, item 7): money one branch spent, on a day, in a category, perhaps to a
 * supplier against a document. `amount` is integer minor units of the company currency.
 */
export const expenseSchema = Type.Object(
  {
    ...recordProperties,
    branchId: ref('branches'),
    category: Type.Union(expenseCategories.map((category) => Type.Literal(category))),
    /** Free text until the stock area's suppliers exist. */
    supplier: optionalText(MAX_EXPENSE_SUPPLIER),
    documentNumber: optionalText(MAX_EXPENSE_DOCUMENT),
    amount: Type.Integer({ minimum: 1, maximum: MAX_EXPENSE_AMOUNT }),
    date: DaySchema,
    note: optionalText(MAX_EXPENSE_NOTE),
    /** How many files are attached (in answers to callers, not stored; expense-files.ts): the list's paperclip. */
    fileCount: Type.Optional(Type.Integer({ minimum: 0 }))
  },
  { $id: 'Expense', additionalProperties: false }
)
export type Expense = Static<typeof expenseSchema>
export const expenseResolver = resolve<Expense, HookContext>({})
export const expenseExternalResolver = resolve<Expense, HookContext>({})

const editable = ['branchId', 'category', 'supplier', 'documentNumber', 'amount', 'date', 'note'] as const
/** Blank free text is stored as null, so lists and reports have one "none". */
const blankToNull = async (value: string | null | undefined) => (typeof value === 'string' && value !== '' ? value : null)

// Data: category and amount; the branch is filled (client, else server), the day defaults to today.
export const expenseDataSchema = Type.Intersect(
  [Type.Pick(expenseSchema, ['category', 'amount']), Type.Partial(Type.Pick(expenseSchema, ['branchId', 'supplier', 'documentNumber', 'date', 'note']))],
  { $id: 'ExpenseData', additionalProperties: false }
)
export type ExpenseData = Static<typeof expenseDataSchema>
export const expenseDataValidator = getValidator(expenseDataSchema, dataValidator)
export const expenseDataResolver = resolve<Expense, HookContext>({
  ...recordCreateResolvers,
  supplier: blankToNull,
  documentNumber: blankToNull,
  note: blankToNull
})

// Patch: every field a person entered, the branch too (an expense booked to the wrong branch).
export const expensePatchSchema = Type.Partial(Type.Pick(expenseSchema, [...editable]), { $id: 'ExpensePatch', additionalProperties: false })
export type ExpensePatch = Static<typeof expensePatchSchema>
export const expensePatchValidator = getValidator(expensePatchSchema, dataValidator)
export const expensePatchResolver = resolve<Expense, HookContext>({
  ...recordPatchResolvers,
  supplier: async (value) => (value === undefined ? undefined : blankToNull(value)),
  documentNumber: async (value) => (value === undefined ? undefined : blankToNull(value)),
  note: async (value) => (value === undefined ? undefined : blankToNull(value))
})

// Query: filters by branch, category, day range ($gte/$lte on `date`), document number, amount;
// `$search` finds a part of the supplier's name, any case.
export const expenseQuerySchema = strictQuery(
  Type.Pick(expenseSchema, ['_id', 'companyId', 'branchId', 'category', 'supplier', 'documentNumber', 'amount', 'date', 'createdAt', 'updatedAt', 'createdBy']),
  {},
  { $search: Type.String({ maxLength: MAX_CATALOGUE_SEARCH }) },
  undefined,
  Type.Omit(expenseSchema, ['fileCount'])
)
export type ExpenseQuery = Static<typeof expenseQuerySchema>
export const expenseQueryValidator = getValidator(expenseQuerySchema, queryValidator)
