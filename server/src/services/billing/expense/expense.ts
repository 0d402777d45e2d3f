import { hooks as schemaHooks } from '@feathersjs/schema'
import type { HookContext } from '../../../declarations'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { branchCheck } from '../../../access/branch-scope'
import { scopeRecords, type RecordScope } from '../../../access/record-scope'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { publishToBranchWhoMay } from '../../../channels'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { ExpenseService, EXPENSES_TABLE, expenseRowShape, expenseServiceOptions } from './expense.class'
import {
  expenseDataResolver,
  expenseDataSchema,
  expenseDataValidator,
  expenseExternalResolver,
  expensePatchResolver,
  expensePatchSchema,
  expensePatchValidator,
  expenseQueryValidator,
  expenseResolver
} from './expense.schema'
import { checkAmountAndDay, expenseDay } from './expense-rules'
import { withFileCounts } from './expense-files'
import { expenseMethods, expensePath } from './expense.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [expensePath]: ExpenseService
  }
}

/** Who sees which expenses: those of the branches they work in (every branch with `company` seeAll). */
const expenseScope: RecordScope = { branch: {} }
const scoped = scopeRecords(expenseScope)
const texts = trimStrings('supplier', 'documentNumber', 'note')

/** Lists come newest day first unless the caller sorts (the id breaks ties: newest entry first). */
function newestFirst(context: HookContext) {
  const query = context.params.query ?? {}
  if (!query.$sort) context.params.query = { ...query, $sort: { date: -1, _id: -1 } }
}

/** The trash's line for a removed expense: its day, whom it was paid to (or its category) and the document. */
const trashTitle = (record: Record<string, unknown>) =>
  [record.date, record.supplier || record.category, record.documentNumber ? `№ ${String(record.documentNumber)}` : null].filter(Boolean).join(' · ')

/**
 * `expense`: money a branch spent (issue 16, item 7). Read and written with the `expense`
 * permission (finance and administrators by default), within the branches one works in; removing
 * one moves it to the trash; events go to the branch's people who may view expenses. The
 * expense report (`expense-reports`) reads the same table by day, branch and category.
 */
export function expense(app: Application) {
  registerService(app, expensePath, new ExpenseService({ ...expenseServiceOptions(app), scope: expenseScope, trash: { title: trashTitle } }, expenseRowShape), {
    methods: [...expenseMethods],
    tables: [EXPENSES_TABLE],
    access: {
      data: { create: expenseDataSchema, patch: expensePatchSchema },
      methods: standardAccess('expense'),
      refuses: { update: 'an expense is corrected field by field (patch): a whole replacement from a stale form would undo a colleague\'s change' },
      module: 'billing'
    },
    hooks: {
      around: {
        all: [resolveExternal(expenseExternalResolver), resolveResult(expenseResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(expenseQueryValidator), companyScope],
        find: [scoped, newestFirst],
        get: [scoped],
        create: [texts, checkAmountAndDay, schemaHooks.validateData(expenseDataValidator), branchCheck, expenseDay, schemaHooks.resolveData(expenseDataResolver)],
        patch: [scoped, texts, checkAmountAndDay, schemaHooks.validateData(expensePatchValidator), branchCheck, expenseDay, schemaHooks.resolveData(expensePatchResolver)],
        remove: [scoped]
      },
      after: {
        all: [withFileCounts]
      }
    },
    publish: publishToBranchWhoMay(app, 'expense')
  })
}
