import { BadRequest } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { clinicError } from '../../../errors'
import { checkReportPeriod, scopeReport } from '../../reports/report-scope'
import { UserBalanceReportsService } from './user-balance-reports.class'
import { balanceReportQueryValidator, type BalanceReportQuery } from './user-balance-reports.schema'
import { userBalanceReportsMethods, userBalanceReportsPath } from './user-balance-reports.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [userBalanceReportsPath]: UserBalanceReportsService
  }
}

/**
 * The period as every report's (`checkReportPeriod`: required, `[from, to)`, at most a year and a
 * day); `day` within it and `day`/`$limit` only with `$rows`. Branches and the doctor as
 * `scopeReport` allows: without `balance-reports: seeAll` one's own figures only.
 */
function scopePayoutReport(context: HookContext) {
  const query = context.params.query as BalanceReportQuery
  checkReportPeriod(query)
  if (query.day && !(query.day >= query.from! && query.day < query.to!)) throw clinicError(BadRequest, 'invalid-request', 'day')
  if ((query.day || query.$limit || query.$skip !== undefined) && !query.$rows) throw clinicError(BadRequest, 'invalid-request', '$rows')
  context.params.query = scopeReport(context, 'balance-reports', query)
}

/** `user-balance-reports` (issue 16 item 6, issue 19): read-only figures per doctor over `user-balance-history`'s ledger. */
export function userBalanceReports(app: Application) {
  registerService(app, userBalanceReportsPath, new UserBalanceReportsService(app), {
    methods: [...userBalanceReportsMethods],
    tables: [],
    access: {
      refuses: { update: 'read-only totals (find only)' },
      methods: { find: { resource: 'balance-reports', flag: 'view' } },
      module: 'billing'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(balanceReportQueryValidator), companyScope, scopePayoutReport]
      }
    }
  })
}
