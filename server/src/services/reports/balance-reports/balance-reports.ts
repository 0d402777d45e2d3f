import { BadRequest } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { clinicError } from '../../../errors'
import { scopeReport } from '../report-scope'
import { BalanceReportsService } from './balance-reports.class'
import { balanceReportsQueryValidator, type BalanceReportsQuery } from './balance-reports.schema'
import { balanceReportsMethods, balanceReportsPath } from './balance-reports.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [balanceReportsPath]: BalanceReportsService
  }
}

/**
 * The narrowings only with `$rows` (`bucket` only for the debt's invoices); branches and the
 * doctor as `scopeReport` allows (`balance-reports: seeAll`). The day is checked by the class
 * (it needs the company's today).
 */
function scopeBalanceReport(context: HookContext) {
  const query = context.params.query as BalanceReportsQuery
  if ((query.customerId || query.$limit || query.$skip !== undefined) && !query.$rows) throw clinicError(BadRequest, 'invalid-request', '$rows')
  if (query.bucket && query.$rows !== 'debt') throw clinicError(BadRequest, 'invalid-request', 'bucket')
  context.params.query = scopeReport(context, 'balance-reports', query)
}

/** `balance-reports` (issue 19): read-only debts and prepaid balances as of a day. */
export function balanceReports(app: Application) {
  registerService(app, balanceReportsPath, new BalanceReportsService(app), {
    methods: [...balanceReportsMethods],
    tables: [],
    access: {
      refuses: { update: 'read-only report (find only)' },
      methods: { find: { resource: 'balance-reports', flag: 'view' } },
      module: 'reports'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(balanceReportsQueryValidator), companyScope, scopeBalanceReport]
      }
    }
  })
}
