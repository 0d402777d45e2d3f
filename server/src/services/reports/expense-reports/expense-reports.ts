import { BadRequest, Forbidden } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { callerMay } from '../../../access/access'
import { clinicError } from '../../../errors'
import { checkReportPeriod, scopeReport } from '../report-scope'
import { ExpenseReportsService } from './expense-reports.class'
import { expenseReportsQueryValidator, type ExpenseReportsQuery } from './expense-reports.schema'
import { expenseReportsMethods, expenseReportsPath } from './expense-reports.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [expenseReportsPath]: ExpenseReportsService
  }
}

/**
 * The period as every report's (`checkReportPeriod`); `day` within it; the narrowings only with
 * `$rows`, `category` only for expenses. Branches as `scopeReport` allows. Expenses and the net
 * are the clinic's money, not a doctor's: one limited to their own figures (no
 * `expense-reports: seeAll`) is refused. The net's parts (money taken, payouts) are other
 * reports' figures: they come only to one who may view `payment-reports` and `balance-reports`.
 */
function scopeExpenseReport(context: HookContext) {
  const query = context.params.query as ExpenseReportsQuery
  checkReportPeriod(query)
  if (query.day && !(query.day >= query.from! && query.day < query.to!)) throw clinicError(BadRequest, 'invalid-request', 'day')
  if ((query.day || query.category || query.$limit || query.$skip !== undefined) && !query.$rows) throw clinicError(BadRequest, 'invalid-request', '$rows')
  if (query.category && query.$rows !== 'expenses') throw clinicError(BadRequest, 'invalid-request', 'category')
  const scoped = scopeReport(context, 'expense-reports', query)
  if ((scoped as { doctorId?: string }).doctorId) throw clinicError(Forbidden, 'access-restricted')
  const withNet = callerMay(context, 'payment-reports', 'view') && callerMay(context, 'balance-reports', 'view')
  if (!withNet && (query.$rows === 'income' || query.$rows === 'payouts')) throw clinicError(Forbidden, 'access-restricted', '$rows')
  context.params.query = { ...scoped, withNet }
}

/** `expense-reports` (issue 19): read-only figures over billing's expenses, payments and payouts. */
export function expenseReports(app: Application) {
  registerService(app, expenseReportsPath, new ExpenseReportsService(app), {
    methods: [...expenseReportsMethods],
    tables: [],
    access: {
      refuses: { update: 'read-only report (find only)' },
      methods: { find: { resource: 'expense-reports', flag: 'view' } },
      module: 'reports'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(expenseReportsQueryValidator), companyScope, scopeExpenseReport]
      }
    }
  })
}
