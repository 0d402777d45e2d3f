import type { Knex } from 'knex'
import { INVOICES_TABLE } from './invoices/invoice-rows'
import { ALLOCATIONS_TABLE, TRANSACTIONS_TABLE } from './transactions/transaction-rows'
import { paymentFigures, type AllocationTarget, type PaymentFigure } from '../../../../domain/reports/money-reports'
import { localDayCase, type ReportFilter, type RowsPage } from '../report-filter'
import { whereDatedIn } from './report-reads'

/**
 * Billing's reads for the payments report (`payment-reports`, issue 19, docs/decisions/reports.md),
 * with the summary's definitions (billing/report-reads.ts):
 *
 * - collected: payments (kind payment) not cancelled, dated in the period; method `balance`
 *   (spending a prepayment) is not money taken and is left out.
 * - refunds: refunds not cancelled, as positive amounts.
 * - net: collected − refunds (the signed amounts of both).
 * - cancelled: payments (kind payment, method not `balance`) dated in the period and cancelled
 *   since, whenever that was: collected + cancelled is every payment recorded on those days.
 *
 * Each figure has two shared queries: by payment (its day, branch, method and the staff member
 * who took it, `createdBy`) and by allocation (the doctor of the invoice the money went to, or
 * the balance). Each grouped read and its drill-down rows come from the same one, so a number
 * always equals the sum of its rows. With a doctor (`filter.doctorId`) money counts through
 * the allocations to that doctor's invoices, as in the summary.
 */
export { paymentFigures, type AllocationTarget, type PaymentFigure }

/** One group: a day, a branch, a method and who took it; or a doctor (or the balance). */
export interface PaymentGroup {
  day: string
  branchId: string
  method: string
  cashierId: string | null
  value: number
}
export interface DoctorGroup {
  /** A doctor's id, or where the money went instead. */
  key: string | AllocationTarget
  value: number
}

/** A drill-down narrowed to one number of the report. */
export interface PaymentNarrowing {
  day?: string
  branchId?: string
  method?: string
  /** The staff member who took the payment; 'none' for payments no one took (online). */
  cashierId?: string
  /** Money that went to the balance or to invoices without a doctor. */
  via?: AllocationTarget
}

export interface PaymentRow {
  _id: string
  paymentId: string
  day: string
  date: string
  branchId: string
  customerId: string
  method: string
  kind: string
  cashierId: string | null
  /** The invoice the money went to (by allocation): its number, or null for the balance. */
  invoice: string | null
  doctorId: string | null
  reference: string
  cancelReason: string | null
  cancelNote: string | null
  cancelledAt: string | null
  value: number
}

const I = INVOICES_TABLE
const T = TRANSACTIONS_TABLE
const A = ALLOCATIONS_TABLE

/** The payments of a figure, dated in the period (or one day of it, or some days of it: the rollup's recompute), narrowed. */
function paymentsOf(db: Knex, filter: ReportFilter, figure: PaymentFigure, narrow: PaymentNarrowing, days?: readonly string[]) {
  const query = db(`${T} as t`).where('t.companyId', filter.companyId).whereNot('t.method', 'balance')
  whereDatedIn(query, filter, narrow.day, days)
  if (figure === 'cancelled') query.where('t.kind', 'payment').where('t.status', 'cancelled')
  else {
    query.whereNot('t.status', 'cancelled')
    if (figure === 'collected') query.where('t.kind', 'payment')
    else if (figure === 'refunds') query.where('t.kind', 'refund')
    else query.whereIn('t.kind', ['payment', 'refund'])
  }
  if (filter.branchIds) query.whereIn('t.branchId', [...filter.branchIds])
  if (narrow.branchId) query.where('t.branchId', narrow.branchId)
  if (narrow.method) query.where('t.method', narrow.method)
  if (narrow.cashierId === 'none') query.whereNull('t.createdBy')
  else if (narrow.cashierId) query.where('t.createdBy', narrow.cashierId)
  return query
}

/** The same payments split by allocation, each with the invoice (and its doctor) it went to. */
function allocationsOf(db: Knex, filter: ReportFilter, figure: PaymentFigure, narrow: PaymentNarrowing, days?: readonly string[]) {
  const query = paymentsOf(db, filter, figure, narrow, days).join(`${A} as a`, 'a.paymentId', 't._id').leftJoin(`${I} as i`, 'i._id', 'a.invoiceId')
  if (filter.doctorId) query.where('i.doctorId', filter.doctorId)
  if (narrow.via === 'balance') query.whereNull('a.invoiceId')
  else if (narrow.via === 'no-doctor') query.whereNotNull('a.invoiceId').whereNull('i.doctorId')
  return query
}

/** Refunds are kept negative in the ledger and shown as positive amounts. */
const sign = (figure: PaymentFigure) => (figure === 'refunds' ? -1 : 1)

/** Whether a figure's numbers (or rows) are read by allocation. */
const byAllocation = (filter: ReportFilter, narrow: PaymentNarrowing = {}) => filter.doctorId !== null || narrow.via !== undefined

function baseOf(db: Knex, filter: ReportFilter, figure: PaymentFigure, narrow: PaymentNarrowing = {}) {
  return byAllocation(filter, narrow) ? { query: allocationsOf(db, filter, figure, narrow), value: 'a.amount' } : { query: paymentsOf(db, filter, figure, narrow), value: 't.amount' }
}

/** The key of where money went by allocation: the invoice's doctor, or the balance, or an invoice of no doctor. */
const allocationKey = `case when "a"."invoiceId" is null then 'balance' when "i"."doctorId" is null then 'no-doctor' else "i"."doctorId" end`

/** One group of the payments rollup's recompute: a day, branch, method, who took it, and where the money went. */
export interface AllocationGroup extends PaymentGroup {
  key: string | AllocationTarget
}

/**
 * A figure per company-local day, branch, method and the staff member who took the money; with
 * `days`, on those days of the period only, and with `byKey`, per allocation and where it went
 * (the payments rollup's recompute, payment-stats.ts: the same query as the report's figure).
 */
async function groupedFigure(db: Knex, filter: ReportFilter, figure: PaymentFigure, days?: readonly string[], byKey = false): Promise<AllocationGroup[]> {
  const base = byKey || byAllocation(filter) ? { query: allocationsOf(db, filter, figure, {}, days), value: 'a.amount' } : { query: paymentsOf(db, filter, figure, {}, days), value: 't.amount' }
  const day = localDayCase(db, '"t"."date"', filter)
  const keys = byKey ? ['x.key'] : []
  // Grouped outside: PostgreSQL does not match a GROUP BY expression whose bindings are new parameters.
  const inner = base.query.select(db.raw(`${day.sql} as "day"`, day.bindings), 't.branchId as branchId', 't.method as method', 't.createdBy as cashierId').select({ value: base.value })
  if (byKey) inner.select(db.raw(`${allocationKey} as "key"`))
  const rows = (await db.from(inner.as('x')).groupBy('x.day', 'x.branchId', 'x.method', 'x.cashierId', ...keys).select('x.day', 'x.branchId', 'x.method', 'x.cashierId', ...keys).sum({ value: 'x.value' })) as Array<{ day: string; branchId: string; method: string; cashierId: string | null; key?: string; value: unknown }>
  return rows.map((row) => ({ day: row.day, branchId: row.branchId, method: row.method, cashierId: row.cashierId ?? null, key: row.key ?? '', value: sign(figure) * Number(row.value ?? 0) }))
}

/** A figure per company-local day, branch, method and the staff member who took the money. */
export async function paymentFigure(db: Knex, filter: ReportFilter, figure: PaymentFigure): Promise<PaymentGroup[]> {
  return (await groupedFigure(db, filter, figure)).map(({ key: _key, ...group }) => group)
}

/**
 * The same on some days of the filter's period, everyone's (the filter naming no doctor and no
 * branch): per payment, and per allocation with where it went (a doctor's id: what the figure
 * answers with that doctor named). For the payments rollup (payment-stats.ts).
 */
export async function paymentFigureOnDays(db: Knex, filter: ReportFilter, figure: PaymentFigure, days: readonly string[]): Promise<{ payments: PaymentGroup[]; allocations: AllocationGroup[] }> {
  const payments = (await groupedFigure(db, filter, figure, days)).map(({ key: _key, ...group }) => group)
  return { payments, allocations: await groupedFigure(db, filter, figure, days, true) }
}

/** A figure per doctor of the invoices the money went to (the balance and invoices without a doctor apart). */
export async function paymentFigureByDoctor(db: Knex, filter: ReportFilter, figure: PaymentFigure): Promise<DoctorGroup[]> {
  const inner = allocationsOf(db, filter, figure, {}).select(db.raw(`${allocationKey} as "key"`)).select({ value: 'a.amount' })
  const rows = (await db.from(inner.as('x')).groupBy('x.key').select('x.key').sum({ value: 'x.value' })) as Array<{ key: string; value: unknown }>
  return rows.map((row) => ({ key: row.key, value: sign(figure) * Number(row.value ?? 0) }))
}

/** The rows behind a number, oldest first, one page of them (`RowsPage`); how many there are and their sum. */
export async function paymentFigureRows(db: Knex, filter: ReportFilter, figure: PaymentFigure, narrow: PaymentNarrowing, page: RowsPage, localDay: (instant: unknown) => string): Promise<{ total: number; sum: number; rows: PaymentRow[] }> {
  const base = baseOf(db, filter, figure, narrow)
  const split = byAllocation(filter, narrow)
  const [{ count, sum }] = (await base.query.clone().clearSelect().count({ count: '*' }).sum({ sum: base.value })) as Array<{ count: unknown; sum: unknown }>
  const rows = (await base.query
    .select('t._id as paymentId', 't.date', 't.branchId', 't.customerId', 't.method', 't.kind', 't.createdBy', 't.transactionId', 't.cancelReason', 't.cancelNote', 't.cancelledAt')
    .select(split ? ['a._id as rowId', 'a.invoiceId', 'i.prefix', 'i.counter', 'i.doctorId'] : ['t._id as rowId'])
    .select({ value: base.value })
    .orderBy([{ column: 't.date' }, { column: 't._id' }, ...(split ? [{ column: 'a._id' }] : [])])
    .limit(page.limit)
    .offset(page.skip ?? 0)) as Array<Record<string, unknown>>
  const instant = (value: unknown) => (value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : String(value))
  return {
    total: Number(count),
    sum: sign(figure) * Number(sum ?? 0),
    rows: rows.map((row) => ({
      _id: String(row.rowId),
      paymentId: String(row.paymentId),
      day: localDay(row.date),
      date: instant(row.date) ?? '',
      branchId: String(row.branchId),
      customerId: String(row.customerId),
      method: String(row.method),
      kind: String(row.kind),
      cashierId: (row.createdBy as string | null) ?? null,
      invoice: split && row.invoiceId ? `${String(row.prefix)}-${String(row.counter)}` : null,
      doctorId: split ? ((row.doctorId as string | null) ?? null) : null,
      reference: String(row.transactionId ?? ''),
      cancelReason: (row.cancelReason as string | null) ?? null,
      cancelNote: (row.cancelNote as string | null) ?? null,
      cancelledAt: instant(row.cancelledAt),
      value: sign(figure) * Number(row.value ?? 0)
    }))
  }
}
