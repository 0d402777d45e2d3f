import type { Id, NullableId, Params } from '@feathersjs/feathers'
import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { newId, now } from '../../../hooks/ids'
import { invoiceState, invoiceTotals, invoiceDue } from '../../../../../domain/billing/money'
import { companyTimeZone } from '../../company/company/company-reads'
import { todayIn } from '../../customers/customers/customer-rules'
import { lockCustomerMoney } from '../../customers/customers/customer-money'
import { releaseTreatments } from '../../clinical/treatment/treatment-billing'
import { RecordService, inTransaction, recordOptions, type RecordParams } from '../../record.class'
import { settleCustomer } from '../ledger'
import { paidByInvoice } from '../transactions/transaction-rows'
import { INVOICES_TABLE, INVOICE_LINES_TABLE, invoiceCodec, invoiceLineCodec, invoiceRowShape, nextInvoiceNumber } from './invoice-rows'
import { makeLines } from './invoice-lines'
import type { Invoice, InvoiceData, InvoiceLine, InvoicePatch, InvoiceQuery } from './invoices.schema'

export type { Invoice, InvoiceData, InvoiceLine, InvoicePatch, InvoiceQuery }
/**
 * What a read asked for with `$select` (set by the `answerAsSelected` hook): the caller's own
 * fields (null: all of them) and whether the lines come. Without it an answer is whole.
 */
export interface InvoiceAnswer {
  fields: readonly string[] | null
  lines: boolean
}
export type InvoiceParams = RecordParams & { query?: InvoiceQuery; answer?: InvoiceAnswer }

type StoredRow = Omit<Invoice, 'lines' | 'paid' | 'due' | 'state' | 'number'>
const MONEY_COLUMNS = ['subtotal', 'discountAmount', 'total', 'vatAmount'] as const
const WHOLE: InvoiceAnswer = { fields: null, lines: true }
/** Come with every answer, whatever was selected: the id and the standing computed on read. */
const ALWAYS = ['_id', 'number', 'paid', 'due', 'state']

/**
 * Invoices (docs/decisions/billing.md). Reads are the record service's, each answer completed
 * with its lines and its standing (paid, due, state) from the ledger; create and patch are this
 * class's, in the call's transaction: the customer's lock first, then the lines (treatments are
 * marked invoiced by their own area), the gapless number, the invoice, and the customer's
 * balance and debt settled last.
 */
export class InvoicesService extends RecordService<Invoice, InvoiceData, InvoiceParams, InvoicePatch> {
  /**
   * Stored rows as the API shows them on the company's today. A read with `$select` (`answer`)
   * gets the fields it named and the computed ones, and the lines only when it named `lines`:
   * then all the page's lines in one statement, never one per invoice.
   */
  async present(db: Knex, rows: StoredRow[], params?: InvoiceParams): Promise<Invoice[]> {
    if (rows.length === 0) return []
    const answer = params?.answer ?? WHOLE
    const companyId = rows[0].companyId
    const ids = rows.map((row) => row._id)
    const today = todayIn(await companyTimeZone(db, companyId))
    const paid = await paidByInvoice(db, companyId, ids)
    const lineRows = answer.lines
      ? ((await db(INVOICE_LINES_TABLE).where({ companyId }).whereIn('invoiceId', ids).orderBy([{ column: 'invoiceId' }, { column: 'position' }])) as Record<string, unknown>[])
      : []
    const lines = new Map<string, InvoiceLine[]>()
    for (const row of lineRows) {
      const { invoiceId, companyId: _company, ...line } = invoiceLineCodec.fromDb<InvoiceLine & { invoiceId: string; companyId: string }>(row)
      const list = lines.get(invoiceId) ?? []
      list.push({ ...line, price: Number(line.price), amount: Number(line.amount) })
      lines.set(invoiceId, list)
    }
    const shown = answer.fields ? new Set([...answer.fields, ...ALWAYS, ...(answer.lines ? ['lines'] : [])]) : null
    return rows.map((stored) => {
      const row = { ...stored, ...Object.fromEntries(MONEY_COLUMNS.map((key) => [key, Number(stored[key])])) } as StoredRow
      const standing = { cancelled: row.cancelledAt !== null, closed: row.closedAt !== null, total: row.total, paid: paid.get(row._id) ?? 0 }
      const invoice: Invoice = {
        ...row,
        number: `${row.prefix}-${row.counter}`,
        paid: standing.paid,
        due: invoiceDue(standing),
        state: invoiceState({ ...standing, dueDate: row.dueDate }, today),
        lines: lines.get(row._id) ?? []
      }
      // A selected answer leaves out what it did not name, the columns read for the computed fields too.
      return shown ? (Object.fromEntries(Object.entries(invoice).filter(([key]) => shown.has(key))) as Invoice) : invoice
    })
  }

  private async stored(db: Knex, id: Id, companyId: string | undefined): Promise<StoredRow> {
    const query = db(INVOICES_TABLE).where({ _id: String(id) })
    if (companyId) query.where({ companyId })
    const row = await query.first()
    if (!row) throw new NotFound(`No record found for id '${id}'`)
    return invoiceCodec.fromDb<StoredRow>(row)
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override async _create(input: any, params?: InvoiceParams): Promise<Invoice> {
    const data = input as InvoiceData & { companyId?: string }
    const app = this.app as Application
    const companyId = params?.identity?.user.companyId ?? data.companyId ?? ''
    return inTransaction(this.Model, params, async (trx, inTrx) => {
      const customer = await lockCustomerMoney(trx, companyId, data.customerId)
      if (!customer) throw clinicError(BadRequest, 'invalid-reference', 'customerId')
      const _id = newId()
      const made = await makeLines(app, inTrx as Params, trx, companyId, data, _id)
      const branchId = data.branchId ?? made.branchId ?? customer.branchId
      const vatPercent = data.vatPercent ?? 0
      const totals = invoiceTotals(made.lines.map((line) => line.amount), customer.discount, vatPercent)
      const { prefix, counter } = await nextInvoiceNumber(trx, companyId, branchId)
      const stamp = now()
      const row: StoredRow = {
        _id, companyId, createdAt: stamp, updatedAt: stamp, createdBy: params?.identity?.user._id ?? null,
        branchId, customerId: data.customerId, doctorId: made.lines[0]?.doctorId ?? null, appointmentId: made.appointmentId,
        prefix, counter, issuedOn: todayIn(await companyTimeZone(trx, companyId)), notes: data.notes?.trim() ?? '',
        vatPercent, discountPercent: customer.discount, ...totals, dueDate: data.dueDate ?? null,
        cancelledAt: null, cancelledBy: null, cancelReason: null, cancelNote: null, closedAt: null, closedBy: null, closeReason: null, closeNote: null
      }
      await trx(INVOICES_TABLE).insert(invoiceCodec.toDb(row))
      await trx(INVOICE_LINES_TABLE).insert(made.lines.map((line) => invoiceLineCodec.toDb({ ...line, companyId, invoiceId: _id })))
      await settleCustomer(app, inTrx as Params, companyId, data.customerId)
      return (await this.present(trx, [row]))[0]
    })
  }

  /**
   * Notes and due date; cancel (nothing may be allocated to it any more: cancel or refund the
   * payments first; its treatments become free); close (the rest is written off: no debt).
   * A cancelled or closed invoice changes no more (`invoice-not-open`).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override async _patch(id: NullableId, input: any, params?: InvoiceParams): Promise<Invoice> {
    const data = input as InvoicePatch
    const app = this.app as Application
    const companyId = (params?.query as { companyId?: string } | undefined)?.companyId
    return inTransaction(this.Model, params, async (trx, inTrx) => {
      // Within the caller's scope (company, branches, own patients): another's invoice is not found.
      await super._get(id ?? '', { ...inTrx, query: params?.query } as InvoiceParams)
      const before = await this.stored(trx, id ?? '', companyId)
      await lockCustomerMoney(trx, before.companyId, before.customerId)
      const current = await this.stored(trx, id ?? '', companyId)
      if (params?.activity && params.activity.path === this.path && params.activity.before === undefined) params.activity.before = (await this.present(trx, [current]))[0]
      if (current.cancelledAt || current.closedAt) throw clinicError(Conflict, 'invoice-not-open')
      const stamp = now()
      const userId = params?.identity?.user._id ?? null
      let changes: Partial<StoredRow>
      if ('action' in data) {
        const note = data.note.trim()
        if (!note) throw clinicError(BadRequest, 'field-required', 'note')
        if (data.action === 'cancel') {
          const paid = (await paidByInvoice(trx, current.companyId, [current._id])).get(current._id) ?? 0
          if (paid !== 0) throw clinicError(Conflict, 'invoice-has-payments', undefined, { paid })
          changes = { cancelledAt: stamp, cancelledBy: userId, cancelReason: data.reason, cancelNote: note }
          await releaseTreatments(app, inTrx as Params, current.companyId, current._id)
        } else {
          changes = { closedAt: stamp, closedBy: userId, closeReason: data.reason, closeNote: note }
        }
      } else {
        changes = { ...(data.notes !== undefined ? { notes: data.notes.trim() } : {}), ...(data.dueDate !== undefined ? { dueDate: data.dueDate } : {}) }
      }
      await trx(INVOICES_TABLE).where({ _id: current._id, companyId: current.companyId }).update(invoiceCodec.toDb({ ...changes, updatedAt: stamp }))
      await settleCustomer(app, inTrx as Params, current.companyId, current.customerId)
      return (await this.present(trx, [{ ...current, ...changes, updatedAt: stamp }]))[0]
    })
  }
}

export const invoicesServiceOptions = (app: Application) => recordOptions(app, INVOICES_TABLE, { trash: false })
export { invoiceRowShape }
