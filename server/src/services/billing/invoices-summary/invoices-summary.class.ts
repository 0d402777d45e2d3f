import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { invoiceDue, invoiceState, invoiceStates } from '../../../../../domain/billing/money'
import { companyTimeZone } from '../../company/company/company-reads'
import { todayIn } from '../../customers/customers/customer-rules'
import { INVOICES_TABLE } from '../invoices/invoice-rows'
import { paidByInvoice } from '../transactions/transaction-rows'
import type { InvoicesSummary, InvoicesSummaryQuery, InvoiceStateTotals } from './invoices-summary.schema'

/** The query once the hooks have scoped it: the company, and the branches summed (null: all of them). */
export type ScopedSummaryQuery = InvoicesSummaryQuery & { companyId: string; branchIds: string[] | null }
export type InvoicesSummaryParams = Params<InvoicesSummaryQuery>

/** How many invoice ids go into one `in (...)` list. */
const CHUNK = 500

/** Sums the invoices issued in a range, with each invoice's state as of the company's today. */
export class InvoicesSummaryService {
  constructor(private readonly app: Application) {}

  async find(params?: InvoicesSummaryParams): Promise<InvoicesSummary> {
    const db = dbOf(this.app, params)
    const query = params?.query as ScopedSummaryQuery
    const rows = db(INVOICES_TABLE).where({ companyId: query.companyId }).whereBetween('issuedOn', [query.from, query.to])
    if (query.branchId) rows.where({ branchId: query.branchId })
    if (query.branchIds) rows.whereIn('branchId', query.branchIds)
    const invoices = (await rows.select('_id', 'total', 'dueDate', 'cancelledAt', 'closedAt')) as Array<{ _id: string; total: unknown; dueDate: string | null; cancelledAt: unknown; closedAt: unknown }>
    const paid = new Map<string, number>()
    for (let start = 0; start < invoices.length; start += CHUNK) {
      for (const [id, amount] of await paidByInvoice(db, query.companyId, invoices.slice(start, start + CHUNK).map((invoice) => invoice._id))) paid.set(id, amount)
    }
    const today = todayIn(await companyTimeZone(db, query.companyId))
    const byState = new Map<string, InvoiceStateTotals>(invoiceStates.map((state) => [state, { state, count: 0, billed: 0, paid: 0, due: 0 }]))
    const summary: InvoicesSummary = { from: query.from, to: query.to, branchId: query.branchId ?? null, count: 0, billed: 0, paid: 0, due: 0, writtenOff: 0, byState: [] }
    for (const invoice of invoices) {
      const standing = { cancelled: invoice.cancelledAt !== null, closed: invoice.closedAt !== null, total: Number(invoice.total), paid: paid.get(invoice._id) ?? 0 }
      const due = invoiceDue(standing)
      const totals = byState.get(invoiceState({ ...standing, dueDate: invoice.dueDate }, today))!
      totals.count += 1
      totals.billed += standing.total
      totals.paid += standing.paid
      totals.due += due
      if (standing.cancelled) continue
      summary.count += 1
      summary.billed += standing.total
      summary.paid += standing.paid
      summary.due += due
      if (standing.closed) summary.writtenOff += Math.max(0, standing.total - standing.paid)
    }
    return { ...summary, byState: [...byState.values()] }
  }
}
