import type { Knex } from 'knex'
import { INVOICES_TABLE } from './invoices/invoice-rows'
import { ALLOCATIONS_TABLE, TRANSACTIONS_TABLE } from './transactions/transaction-rows'
import { instantBounds, localDayCase, type FigureGroup, type FigureRow, type ReportFilter, type RowsPage, type RowsNarrowing } from '../report-filter'

/**
 * Billing's figures for the reports (issue 19, docs/decisions/reports.md), each as one grouped
 * statement (per company-local day and branch, and method for money taken) and as the rows
 * behind it, built from one shared query so a total always equals the sum of its rows.
 *
 * - billed: Σ total of invoices issued in the period, not cancelled.
 * - debtCreated: Σ of what each of those invoices still asked at the end of the day it was
 *   issued (total − money allocated to it by payments and refunds not cancelled, dated that day).
 * - collected: Σ of payments (not refunds) not cancelled, dated in the period, by method; money
 *   spent from the prepaid balance (method `balance`) is not money taken and is left out.
 * - refunds: Σ of refunds not cancelled, as positive amounts, by method.
 * - prepayments: the part of the collected payments allocated to the patient's balance rather
 *   than to an invoice.
 * With a doctor: money counts through the invoices of that doctor (the allocations to them);
 * prepayments belong to no doctor and are none.
 *
 * The summary and the director's home read these figures from billing's money rollup
 * (money-stats.ts), whose stale days are recomputed by these same queries; `billingFigure`
 * stays the definition (the rollup's test compares against it) and the drill-down reads rows.
 */
export type BillingFigure = 'billed' | 'debtCreated' | 'collected' | 'refunds' | 'prepayments'

const I = INVOICES_TABLE
const T = TRANSACTIONS_TABLE
const A = ALLOCATIONS_TABLE

/**
 * Where a figure's rows are read: the whole period (the raw figure), one cell of it (a
 * drill-down), or some of its days, every doctor's apart (the money rollup's recompute,
 * money-stats.ts: the same queries, restricted to the stale days and grouped per doctor too).
 */
interface Reach {
  narrow: RowsNarrowing
  /** Some days of the period only. */
  days?: readonly string[]
  /** Grouped per doctor as well (the filter then names no doctor). */
  byDoctor?: boolean
}

function invoicesIn(db: Knex, filter: ReportFilter, { narrow, days }: Reach) {
  const query = db(`${I} as i`).where('i.companyId', filter.companyId).whereNull('i.cancelledAt')
  if (narrow.day) query.where('i.issuedOn', narrow.day)
  else if (days) query.whereIn('i.issuedOn', [...days])
  else query.where('i.issuedOn', '>=', filter.from).where('i.issuedOn', '<', filter.to)
  if (filter.branchIds) query.whereIn('i.branchId', [...filter.branchIds])
  if (narrow.branchId) query.where('i.branchId', narrow.branchId)
  if (filter.doctorId) query.where('i.doctorId', filter.doctorId)
  return query
}

/** What an invoice still asked at the end of its issue day, as SQL over `i`. */
function debtAtDayEnd(db: Knex, filter: ReportFilter) {
  const day = localDayCase(db, '"t"."date"', filter)
  const paidThatDay = db(`${A} as a`)
    .join(`${T} as t`, 't._id', 'a.paymentId')
    .where('a.companyId', db.ref('i.companyId'))
    .where('a.invoiceId', db.ref('i._id'))
    .whereNot('t.status', 'cancelled')
    .where('t.date', '>=', filter.dayStarts[0])
    .where('t.date', '<', filter.dayStarts[filter.days.length])
    .whereRaw(`${day.sql} = "i"."issuedOn"`, day.bindings)
    .sum('a.amount')
  return db.raw(`"i"."total" - coalesce((?), 0)`, [paidThatDay])
}

type Kind = 'payment' | 'refund'

/** The instants of some days of the period, consecutive days joined: `[start, end)` each (the rollups' recompute reads these). */
export function instantRanges(filter: ReportFilter, days: readonly string[]): Array<[string, string]> {
  const wanted = new Set(days)
  const ranges: Array<[string, string]> = []
  filter.days.forEach((day, index) => {
    if (!wanted.has(day)) return
    const last = ranges[ranges.length - 1]
    if (last && last[1] === filter.dayStarts[index]) last[1] = filter.dayStarts[index + 1]
    else ranges.push([filter.dayStarts[index], filter.dayStarts[index + 1]])
  })
  return ranges
}

/**
 * Payments (`t`) dated in the period, or on its one day asked, or on some of its days (the
 * rollups' recompute): the same bounds for every money read.
 */
export function whereDatedIn(query: Knex.QueryBuilder, filter: ReportFilter, day: string | undefined, days?: readonly string[]): void {
  if (days && !day) {
    query.where((either) => {
      for (const [start, end] of instantRanges(filter, days)) either.orWhere((range) => range.where('t.date', '>=', start).where('t.date', '<', end))
    })
    return
  }
  const [start, end] = instantBounds(filter, day)
  query.where('t.date', '>=', start).where('t.date', '<', end)
}

/**
 * Payments or refunds dated in the period (or one of its days, or some of them), not cancelled,
 * not from the balance. Through invoices: joined to their allocations to invoices, of the
 * filter's doctor (or of any doctor, to group per doctor).
 */
function moneyIn(db: Knex, filter: ReportFilter, kind: Kind, { narrow, days, byDoctor }: Reach, viaInvoices: boolean) {
  const query = db(`${T} as t`)
    .where('t.companyId', filter.companyId)
    .where('t.kind', kind)
    .whereNot('t.status', 'cancelled')
    .whereNot('t.method', 'balance')
  whereDatedIn(query, filter, narrow.day, days)
  if (filter.branchIds) query.whereIn('t.branchId', [...filter.branchIds])
  if (narrow.branchId) query.where('t.branchId', narrow.branchId)
  if (narrow.method) query.where('t.method', narrow.method)
  if (viaInvoices) {
    query.join(`${A} as a`, 'a.paymentId', 't._id').join(`${I} as i`, 'i._id', 'a.invoiceId')
    if (byDoctor) query.whereNotNull('i.doctorId')
    else query.where('i.doctorId', filter.doctorId!)
  }
  return query
}

const sign = (figure: BillingFigure) => (figure === 'refunds' ? -1 : 1)

/**
 * The base query of a figure and the SQL of each row's value (and, grouped per doctor, of its
 * doctor: the invoice's, for invoices and for money through them). Null: the figure has no rows
 * (prepayments belong to no doctor).
 */
function figureQuery(db: Knex, filter: ReportFilter, figure: BillingFigure, reach: Reach = { narrow: {} }): { query: Knex.QueryBuilder; value: Knex.Raw | string; kind: 'invoice' | 'money' } | null {
  switch (figure) {
    case 'billed':
      return { query: invoicesIn(db, filter, reach), value: 'i.total', kind: 'invoice' }
    case 'debtCreated':
      return { query: invoicesIn(db, filter, reach), value: debtAtDayEnd(db, filter), kind: 'invoice' }
    case 'collected':
    case 'refunds': {
      const viaInvoices = filter.doctorId !== null || reach.byDoctor === true
      return { query: moneyIn(db, filter, figure === 'collected' ? 'payment' : 'refund', reach, viaInvoices), value: viaInvoices ? 'a.amount' : 't.amount', kind: 'money' }
    }
    case 'prepayments': {
      if (filter.doctorId !== null || reach.byDoctor) return null
      const query = moneyIn(db, filter, 'payment', reach, false).join(`${A} as a`, 'a.paymentId', 't._id').whereNull('a.invoiceId')
      return { query, value: 'a.amount', kind: 'money' }
    }
  }
}

/** A group of a figure per doctor as well (the money rollup's): `doctorId` null for invoices of no doctor. */
export interface DoctorFigureGroup extends FigureGroup {
  doctorId: string | null
}

/** The grouped read behind `billingFigure` and the rollup's recompute. */
async function groupedFigure(db: Knex, filter: ReportFilter, figure: BillingFigure, reach: Reach): Promise<DoctorFigureGroup[]> {
  const base = figureQuery(db, filter, figure, reach)
  if (!base) return []
  const valueSql = typeof base.value === 'string' ? db.ref(base.value) : base.value
  const doctor = reach.byDoctor ? ['x.doctorId'] : []
  if (base.kind === 'invoice') {
    // One row per invoice inside, summed outside: the debt is a scalar subquery per invoice.
    const inner = base.query.select({ day: 'i.issuedOn', branchId: 'i.branchId', ...(reach.byDoctor ? { doctorId: 'i.doctorId' } : {}) }).select(db.raw('? as "value"', [valueSql]))
    const rows = (await db.from(inner.as('x')).groupBy('x.day', 'x.branchId', ...doctor).select('x.day', 'x.branchId', ...doctor).sum({ value: 'x.value' })) as Array<{ day: string; branchId: string; doctorId?: string | null; value: unknown }>
    return rows.map((row) => ({ day: row.day, branchId: row.branchId, doctorId: row.doctorId ?? null, value: Number(row.value ?? 0) }))
  }
  // Grouped outside: PostgreSQL does not match a GROUP BY expression whose bindings are new parameters.
  const day = localDayCase(db, '"t"."date"', filter)
  const inner = base.query.select(db.raw(`${day.sql} as "day"`, day.bindings), 't.branchId as branchId', 't.method as method', ...(reach.byDoctor ? ['i.doctorId as doctorId'] : [])).select({ value: valueSql })
  const rows = (await db.from(inner.as('x')).groupBy('x.day', 'x.branchId', 'x.method', ...doctor).select('x.day', 'x.branchId', 'x.method', ...doctor).sum({ value: 'x.value' })) as Array<{ day: string; branchId: string; method: string; doctorId?: string | null; value: unknown }>
  return rows.map((row) => ({ day: row.day, branchId: row.branchId, method: row.method, doctorId: row.doctorId ?? null, value: sign(figure) * Number(row.value ?? 0) }))
}

/** A figure grouped by company-local day and branch (and method for money taken or given back). */
export async function billingFigure(db: Knex, filter: ReportFilter, figure: BillingFigure): Promise<FigureGroup[]> {
  return (await groupedFigure(db, filter, figure, { narrow: {} })).map(({ doctorId: _doctor, ...group }) => group)
}

/**
 * The same figure on some days of the filter's period only, for the money rollup
 * (money-stats.ts): of everyone (`byDoctor` false, the filter naming no doctor), or per doctor
 * (what the figure answers with each doctor named: invoices of that doctor, money through them).
 */
export function billingFigureOnDays(db: Knex, filter: ReportFilter, figure: BillingFigure, days: readonly string[], byDoctor: boolean): Promise<DoctorFigureGroup[]> {
  return groupedFigure(db, filter, figure, { narrow: {}, days, byDoctor })
}

/** The rows behind a figure (or one cell of it), oldest first, one page of them (`RowsPage`); and how many there are. */
export async function billingFigureRows(db: Knex, filter: ReportFilter, figure: BillingFigure, narrow: RowsNarrowing, page: RowsPage, localDay: (instant: unknown) => string): Promise<{ total: number; rows: FigureRow[] }> {
  const base = figureQuery(db, filter, figure, { narrow })
  if (!base) return { total: 0, rows: [] }
  const valueSql = typeof base.value === 'string' ? db.ref(base.value) : base.value
  const [{ count }] = (await base.query.clone().clearSelect().count({ count: '*' })) as Array<{ count: unknown }>
  if (base.kind === 'invoice') {
    const rows = (await base.query
      .select('i._id', 'i.issuedOn', 'i.branchId', 'i.customerId', 'i.doctorId', 'i.prefix', 'i.counter')
      .select(db.raw('? as "value"', [valueSql]))
      .orderBy([{ column: 'i.issuedOn' }, { column: 'i.counter' }, { column: 'i._id' }])
      .limit(page.limit)
    .offset(page.skip ?? 0)) as Array<Record<string, unknown>>
    return {
      total: Number(count),
      rows: rows.map((row) => ({ _id: String(row._id), day: String(row.issuedOn), branchId: String(row.branchId), customerId: String(row.customerId), doctorId: (row.doctorId as string | null) ?? null, label: `${String(row.prefix)}-${String(row.counter)}`, value: Number(row.value ?? 0) }))
    }
  }
  const rows = (await base.query
    .select('t._id', 't.date', 't.branchId', 't.customerId', 't.method', 't.transactionId')
    .select({ value: valueSql })
    .orderBy([{ column: 't.date' }, { column: 't._id' }])
    .limit(page.limit)
    .offset(page.skip ?? 0)) as Array<Record<string, unknown>>
  return {
    total: Number(count),
    rows: rows.map((row) => ({ _id: String(row._id), day: localDay(row.date), branchId: String(row.branchId), customerId: String(row.customerId), doctorId: filter.doctorId, method: String(row.method), label: String(row.transactionId ?? ''), value: sign(figure) * Number(row.value ?? 0) }))
  }
}
