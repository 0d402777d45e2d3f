import { BadRequest } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { viewerOf, visibleBranches } from '../../../access/record-scope'
import { clinicError } from '../../../errors'
import { invoiceScope } from '../invoices/invoice-scope'
import { InvoicesSummaryService } from './invoices-summary.class'
import { invoicesSummaryQueryValidator, type InvoicesSummaryQuery } from './invoices-summary.schema'
import { SUMMARY_MAX_DAYS, invoicesSummaryMethods, invoicesSummaryPath } from './invoices-summary.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [invoicesSummaryPath]: InvoicesSummaryService
  }
}

const DAY_MS = 86_400_000

/**
 * The range is ordered and at most SUMMARY_MAX_DAYS long (`invalid-request` at `to`); a branch
 * named must be one the caller sees (`branch-not-allowed`), none means every branch they see.
 */
function scopeSummary(context: HookContext) {
  const query = context.params.query as InvoicesSummaryQuery
  const days = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / DAY_MS
  if (!(days >= 0 && days < SUMMARY_MAX_DAYS)) throw clinicError(BadRequest, 'invalid-request', 'to')
  const identity = context.params.provider ? context.params.identity : undefined
  const branches = identity ? visibleBranches(invoiceScope, viewerOf(identity)) : null
  if (branches && query.branchId && !branches.includes(query.branchId)) throw clinicError(BadRequest, 'branch-not-allowed', 'branchId')
  context.params.query = { ...query, branchIds: branches }
}

/** `invoices-summary` (issue 16): read-only totals over the ledger of `invoices` and `transactions`. */
export function invoicesSummary(app: Application) {
  registerService(app, invoicesSummaryPath, new InvoicesSummaryService(app), {
    methods: [...invoicesSummaryMethods],
    tables: [],
    access: {
      refuses: { update: 'read-only totals (find only)' },
      methods: { find: { resource: 'invoices-summary', flag: 'view' } }
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(invoicesSummaryQueryValidator), companyScope, scopeSummary]
      }
    }
  })
}
