import type { Knex } from 'knex'
import { RowCodec } from '../../row-codec'
import { databaseEngine } from '../../../db'
import { DEFAULT_INVOICE_PREFIX } from '../../../../../domain/billing/invoice-prefix'
import { branchInvoicePrefix } from '../../company/branches/branch-reads'

/** The tables the `invoices` service owns. */
export const INVOICES_TABLE = 'invoices'
export const INVOICE_LINES_TABLE = 'invoice_lines'
export const INVOICE_COUNTERS_TABLE = 'invoice_counters'


export const invoiceRowShape = { instant: ['cancelledAt', 'closedAt'] }
export const invoiceCodec = new RowCodec(invoiceRowShape)
export const invoiceLineCodec = new RowCodec({ json: ['teeth'] })

export interface StoredInvoice {
  _id: string
  companyId: string
  branchId: string
  customerId: string
  total: number
  dueDate: string | null
  cancelledAt: string | null
  closedAt: string | null
}

/**
 * The next number of a branch's invoices, inside the caller's transaction: the counter row is
 * created once, then raised by one (one counter per branch, whatever its prefix); on PostgreSQL the raise holds the row's lock until the
 * transaction ends, so two invoices at once get consecutive numbers, and a rolled-back invoice
 * gives its number back (no gaps). SQLite's writer lock serialises the same way.
 */
export async function nextInvoiceNumber(trx: Knex, companyId: string, branchId: string): Promise<{ prefix: string; counter: number }> {
  await trx(INVOICE_COUNTERS_TABLE).insert({ companyId, branchId, prefix: DEFAULT_INVOICE_PREFIX, last: 0 }).onConflict(['companyId', 'branchId']).ignore()
  await trx(INVOICE_COUNTERS_TABLE).where({ companyId, branchId }).update({ last: trx.raw('?? + 1', ['last']) })
  const row = await trx(INVOICE_COUNTERS_TABLE).where({ companyId, branchId }).first('last')
  // The branch's prefix as it is now: a changed prefix goes on with the same counter.
  return { prefix: (await branchInvoicePrefix(trx, companyId, branchId)) ?? DEFAULT_INVOICE_PREFIX, counter: Number(row.last) }
}

/** A customer's invoices as the ledger needs them (totals and standing), oldest first. */
export async function invoicesOfCustomer(db: Knex, companyId: string, customerId: string): Promise<StoredInvoice[]> {
  const rows = await db(INVOICES_TABLE).where({ companyId, customerId }).orderBy([{ column: 'createdAt' }, { column: '_id' }])
    .select('_id', 'companyId', 'branchId', 'customerId', 'total', 'dueDate', 'cancelledAt', 'closedAt')
  return rows.map((row: Record<string, unknown>) => ({ ...invoiceCodec.fromDb<StoredInvoice>(row), total: Number(row.total) }))
}

/** Invoices by id within a company (allocations name them), locked on PostgreSQL inside a transaction. */
export async function invoicesById(db: Knex, companyId: string, ids: readonly string[]): Promise<StoredInvoice[]> {
  if (ids.length === 0) return []
  const query = db(INVOICES_TABLE).where({ companyId }).whereIn('_id', [...ids]).select('_id', 'companyId', 'branchId', 'customerId', 'total', 'dueDate', 'cancelledAt', 'closedAt')
  if (databaseEngine(db) === 'postgres' && db.isTransaction) query.forUpdate()
  const rows = await query
  return rows.map((row: Record<string, unknown>) => ({ ...invoiceCodec.fromDb<StoredInvoice>(row), total: Number(row.total) }))
}

/** Plan items already on an invoice that is not cancelled (an item is invoiced once). */
export async function invoicedPlanItems(db: Knex, companyId: string, planItemIds: readonly string[]): Promise<Set<string>> {
  if (planItemIds.length === 0) return new Set()
  const rows = await db(INVOICE_LINES_TABLE)
    .join(INVOICES_TABLE, `${INVOICES_TABLE}._id`, `${INVOICE_LINES_TABLE}.invoiceId`)
    .where(`${INVOICE_LINES_TABLE}.companyId`, companyId)
    .whereIn(`${INVOICE_LINES_TABLE}.planItemId`, [...planItemIds])
    .whereNull(`${INVOICES_TABLE}.cancelledAt`)
    .select(`${INVOICE_LINES_TABLE}.planItemId as planItemId`)
  return new Set(rows.map((row: { planItemId: string }) => row.planItemId))
}

/** An invoice line with what payouts need of its invoice (services/billing/payouts). */
export interface PayoutInvoiceLine {
  lineId: string
  invoiceId: string
  position: number
  number: string
  branchId: string
  customerId: string
  issuedOn: string
  cancelledAt: string | null
  invoiceTotal: number
  serviceId: string | null
  serviceName: string
  doctorId: string | null
  quantity: number
  amount: number
}

/**
 * Every line of the company's invoices that have a line by one of `doctorIds` (null: by any
 * doctor), cancelled invoices included (a cancellation reverses the doctors' shares), with the
 * invoice's number, branch, patient, day, total and cancellation. All lines of such an invoice
 * come, the other doctors' too: the invoice's total is spread over all of them.
 */
export async function linesForPayouts(db: Knex, companyId: string, doctorIds: readonly string[] | null, invoiceIds?: readonly string[]): Promise<PayoutInvoiceLine[]> {
  if (!invoiceIds) return payoutLinesWhere(db, companyId, doctorIds, null)
  // Some invoices only (the ledger of some days, payout-ledger.ts): a few hundred at a time, in the same order.
  const ids = [...new Set(invoiceIds)]
  const found: PayoutInvoiceLine[] = []
  for (let start = 0; start < ids.length; start += 500) found.push(...(await payoutLinesWhere(db, companyId, doctorIds, ids.slice(start, start + 500))))
  return found.sort((a, b) => (a.issuedOn < b.issuedOn ? -1 : a.issuedOn > b.issuedOn ? 1 : a.invoiceId < b.invoiceId ? -1 : a.invoiceId > b.invoiceId ? 1 : a.position - b.position))
}

async function payoutLinesWhere(db: Knex, companyId: string, doctorIds: readonly string[] | null, invoiceIds: readonly string[] | null): Promise<PayoutInvoiceLine[]> {
  const ofDoctors = db(INVOICE_LINES_TABLE).where({ companyId }).whereNotNull('doctorId').select('invoiceId')
  if (doctorIds) ofDoctors.whereIn('doctorId', [...doctorIds])
  if (invoiceIds) ofDoctors.whereIn('invoiceId', [...invoiceIds])
  const rows = await db(INVOICE_LINES_TABLE)
    .join(INVOICES_TABLE, `${INVOICES_TABLE}._id`, `${INVOICE_LINES_TABLE}.invoiceId`)
    .where(`${INVOICE_LINES_TABLE}.companyId`, companyId)
    .whereIn(`${INVOICE_LINES_TABLE}.invoiceId`, ofDoctors)
    .orderBy([{ column: `${INVOICES_TABLE}.issuedOn` }, { column: `${INVOICE_LINES_TABLE}.invoiceId` }, { column: `${INVOICE_LINES_TABLE}.position` }])
    .select(
      `${INVOICE_LINES_TABLE}._id as lineId`, `${INVOICE_LINES_TABLE}.invoiceId as invoiceId`, `${INVOICE_LINES_TABLE}.position as position`,
      `${INVOICES_TABLE}.prefix as prefix`, `${INVOICES_TABLE}.counter as counter`, `${INVOICES_TABLE}.branchId as branchId`,
      `${INVOICES_TABLE}.customerId as customerId`, `${INVOICES_TABLE}.issuedOn as issuedOn`, `${INVOICES_TABLE}.cancelledAt as cancelledAt`,
      `${INVOICES_TABLE}.total as invoiceTotal`, `${INVOICE_LINES_TABLE}.serviceId as serviceId`, `${INVOICE_LINES_TABLE}.serviceName as serviceName`,
      `${INVOICE_LINES_TABLE}.doctorId as doctorId`, `${INVOICE_LINES_TABLE}.quantity as quantity`, `${INVOICE_LINES_TABLE}.amount as amount`
    )
  return rows.map((row: Record<string, unknown>) => ({
    lineId: String(row.lineId),
    invoiceId: String(row.invoiceId),
    position: Number(row.position),
    number: `${String(row.prefix)}-${String(row.counter)}`,
    branchId: String(row.branchId),
    customerId: String(row.customerId),
    issuedOn: String(row.issuedOn),
    cancelledAt: invoiceCodec.fromDb<{ cancelledAt: string | null }>({ cancelledAt: row.cancelledAt }).cancelledAt ?? null,
    invoiceTotal: Number(row.invoiceTotal),
    serviceId: (row.serviceId as string | null) ?? null,
    serviceName: String(row.serviceName),
    doctorId: (row.doctorId as string | null) ?? null,
    quantity: Number(row.quantity),
    amount: Number(row.amount)
  }))
}
