import { BadRequest } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { viewerOf, visibleBranches, type RecordScope } from '../../../access/record-scope'
import { clinicError } from '../../../errors'
import { checkPeriod } from '../user-balance-history/user-balance-history'
import { UserBalanceReportsService } from './user-balance-reports.class'
import { balanceReportQueryValidator, type BalanceReportQuery } from './user-balance-reports.schema'
import { userBalanceReportsMethods, userBalanceReportsPath } from './user-balance-reports.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [userBalanceReportsPath]: UserBalanceReportsService
  }
}

const reportScope: RecordScope = { branch: {} }

/** An ordered period of at most a year; a branch named must be one the caller sees; none: every branch they see. */
function scopeReport(context: HookContext) {
  const query = context.params.query as BalanceReportQuery
  checkPeriod(query.from, query.to)
  const identity = context.params.provider ? context.params.identity : undefined
  const branches = identity ? visibleBranches(reportScope, viewerOf(identity)) : null
  if (identity && query.branchId && !(branches ?? identity.branchIds).includes(query.branchId)) throw clinicError(BadRequest, 'branch-not-allowed', 'branchId')
  context.params.query = { ...query, branchIds: branches }
}

/** `user-balance-reports` (issue 16, item 6): read-only totals per doctor over `user-balance-history`'s ledger. */
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
        find: [schemaHooks.validateQuery(balanceReportQueryValidator), companyScope, scopeReport]
      }
    }
  })
}
