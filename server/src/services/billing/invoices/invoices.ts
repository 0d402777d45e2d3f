import { Forbidden } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { RealTimeConnection } from '@feathersjs/feathers'
import { allBranchesChannel, branchChannel, connectionMay, connectionViewer } from '../../../channels'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { mayViewRecord, scopeRecords } from '../../../access/record-scope'
import { invoiceScope } from './invoice-scope'
import { visibleCustomer } from '../../../hooks/customer-visibility'
import { checkId } from '../../../hooks/check-id'
import { presentReads, selectAlso } from '../present-reads'
import { clinicError } from '../../../errors'
import { hasPermission } from '../../../../../domain/access/check'
import { InvoicesService, invoiceRowShape, invoicesServiceOptions, type Invoice, type InvoiceParams } from './invoices.class'
import { invoiceDataSchema, invoiceDataValidator, invoicePatchSchema, invoicePatchValidator, invoiceQueryValidator, type InvoiceData, type InvoicePatch } from './invoices.schema'
import { INVOICES_TABLE, INVOICE_COUNTERS_TABLE, INVOICE_LINES_TABLE } from './invoice-rows'
import { LINE_STATS_DIRTY_TABLE, LINE_STATS_TABLE } from '../line-stats'
import { invoicesMethods, invoicesPath } from './invoices.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [invoicesPath]: InvoicesService
  }
}

/** The patient must be one the caller sees (their branch rules). */
async function ofVisiblePatient(context: HookContext) {
  if (context.params.provider) await visibleCustomer(context, (context.data as InvoiceData).customerId)
}

/** Cancelling is the delete of an invoice: it needs `invoices: delete` (nothing is ever removed). */
function cancelNeedsDelete(context: HookContext) {
  const data = context.data as InvoicePatch
  if (!context.params.provider || !('action' in data) || data.action !== 'cancel') return
  if (!hasPermission(context.params.identity?.role.permissions, 'invoices', 'delete')) throw clinicError(Forbidden, 'forbidden', 'action', { resource: 'invoices', flag: 'delete' })
}

/**
 * `$select` shapes the answer (the billing tab's list asks for its columns, and an invoice's
 * lines when it opens): `lines` is no column, so it leaves the select and says whether the lines
 * come; the caller's own fields are kept so that the columns read only for the computed fields
 * (below) are not sent.
 */
function answerAsSelected(context: HookContext) {
  const select = context.params.query?.$select as string[] | undefined
  if (!select) return
  const fields = select.filter((field) => field !== 'lines')
  ;(context.params as InvoiceParams).answer = { fields, lines: fields.length !== select.length }
  context.params.query = { ...context.params.query, $select: fields }
}

const selectWhatTheAnswerNeeds = selectAlso(['_id', 'companyId', 'prefix', 'counter', 'subtotal', 'discountAmount', 'total', 'vatAmount', 'dueDate', 'cancelledAt', 'closedAt'])

const { update: _update, remove: _remove, ...invoiceAccess } = standardAccess('invoices')

/**
 * `invoices` (issue 16; docs/decisions/billing.md): what a patient is asked to pay, from a
 * visit's treatments or from accepted plan items; numbered per branch without gaps; its state
 * computed from the ledger's allocations and its due date. Never removed: cancelled.
 */
export function invoices(app: Application) {
  registerService(app, invoicesPath, new InvoicesService(invoicesServiceOptions(app), invoiceRowShape), {
    methods: [...invoicesMethods],
    // The invoice lines' rollup (line-stats.ts): written by its recompute only, marked by triggers on the invoices, their lines and the customers.
    tables: [INVOICES_TABLE, INVOICE_LINES_TABLE, INVOICE_COUNTERS_TABLE, LINE_STATS_TABLE, LINE_STATS_DIRTY_TABLE],
    customerRows: [{ table: INVOICES_TABLE, column: 'customerId' }],
    access: {
      data: { create: invoiceDataSchema, patch: invoicePatchSchema },
      methods: invoiceAccess,
      refuses: {
        update: 'an invoice is never replaced: notes and due date are patched, and it is cancelled or closed by an action',
        remove: 'money records are never deleted: an invoice is cancelled (patch action cancel, with a reason and a note)'
      }
    },
    hooks: {
      before: {
        all: [checkId(), schemaHooks.validateQuery(invoiceQueryValidator), answerAsSelected, companyScope, scopeRecords(invoiceScope)],
        find: [(context: HookContext) => {
          if (!context.params.query?.$sort) context.params.query = { ...context.params.query, $sort: { createdAt: -1, _id: -1 } }
        }, selectWhatTheAnswerNeeds],
        get: [selectWhatTheAnswerNeeds],
        create: [schemaHooks.validateData(invoiceDataValidator), ofVisiblePatient],
        patch: [schemaHooks.validateData(invoicePatchValidator), cancelNeedsDelete]
      },
      after: {
        find: [presentReads],
        get: [presentReads]
      }
    },
    // The invoice's branch and those who see every branch, who may view invoices; a doctor without seeAll only their own.
    publish: (data: Invoice) =>
      app.channel([allBranchesChannel(data.companyId), branchChannel(data.branchId)]).filter((connection: RealTimeConnection) => {
        if (!connectionMay(connection, 'invoices', 'view')) return false
        const viewer = connectionViewer(connection, {})
        return viewer !== null && mayViewRecord(invoiceScope, viewer, { branchId: data.branchId, ownerId: data.doctorId })
      })
  })
}
