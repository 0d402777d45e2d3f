import type { Knex } from 'knex'
import { INVOICES_TABLE } from './invoices/invoice-rows'
import { ALLOCATIONS_TABLE, TRANSACTIONS_TABLE } from './transactions/transaction-rows'
import { addLocalDays } from '../../../../domain/appointments/zoned-time'
import { ageingBuckets, type AgeingBucket } from '../../../../domain/reports/money-reports'
import type { RowsPage } from '../report-filter'
import { BALANCE_SPANS_TABLE, DEBT_SPANS_TABLE } from './debt-spans'

/**
 * Billing's reads for the debtors report (`balance-reports`, issue 19, docs/decisions/reports.md):
 * what the patients owe as of the end of a company-local day, aged, and the prepaid balances
 * (money the clinic holds for patients) on the same day.
 *
 * - An invoice's **debt as of day D**: its total − the allocations to it of payments and refunds
 *   not cancelled, dated before D ends; only invoices issued on or before D, never cancelled, not
 *   closed (written off) before D ended, and still owing more than nothing. As of today this is
 *   the ledger's debt (`invoiceDue`).
 * - **Age**: days from the invoice's issue day to D. Buckets 0–30, 31–60, 61–90, over 90.
 * - A patient's **prepaid balance as of D**: allocations to the balance of payments and refunds
 *   not cancelled, dated before D ends, − payments from the balance (method `balance`) not
 *   cancelled, dated before D ends (the ledger's `ledgerBalance` on that day). Patients with
 *   more than nothing.
 *
 * Each figure's total and its rows come from one shared query (only the select differs).
 *
 * **Read from the spans** (debt-spans.ts: call `refreshDebtSpans` first): `debtFigure`, `debtRows`
 * and `prepaidRows` read only the invoices and balances whose span holds at the day's end, an
 * index range. The raw definitions stay (`debtFigureFromInvoices`, `debtRowsFromInvoices`,
 * `prepaidRowsFromMovements`, over the whole history): the reference the spans are tested against.
 */
export { ageingBuckets, type AgeingBucket }

export interface DebtFilter {
  companyId: string
  /** The company-local day the report is made for, and the instant it ends. */
  asOf: string
  asOfEnd: string
  /** The invoices' branches; null: every branch. */
  branchIds: readonly string[] | null
  /** One doctor's invoices only; null: everyone's. */
  doctorId: string | null
}

export interface DebtNarrowing {
  bucket?: AgeingBucket
  branchId?: string
  customerId?: string
}

/** One group of the debt: a bucket, a branch and a patient. */
export interface DebtGroup {
  bucket: AgeingBucket
  branchId: string
  customerId: string
  invoices: number
  value: number
}

export interface DebtRow {
  _id: string
  number: string
  issuedOn: string
  dueDate: string | null
  bucket: AgeingBucket
  branchId: string
  customerId: string
  doctorId: string | null
  total: number
  /** Paid as of the day (payments less refunds). */
  paid: number
  /** What it still asked at the end of the day. */
  value: number
}

const I = INVOICES_TABLE
const T = TRANSACTIONS_TABLE
const A = ALLOCATIONS_TABLE

/** The first issue day of each bucket: issued on or after it, the invoice is at most that old. */
export function bucketStarts(asOf: string): Record<Exclude<AgeingBucket, 'd90'>, string> {
  return { d0_30: addLocalDays(asOf, -30), d31_60: addLocalDays(asOf, -60), d61_90: addLocalDays(asOf, -90) }
}

/** The bucket of an issue day as of the day, as SQL over `column`. */
function bucketOf(db: Knex, asOf: string, column: string) {
  const starts = bucketStarts(asOf)
  return db.raw(`case when ${column} >= ? then 'd0_30' when ${column} >= ? then 'd31_60' when ${column} >= ? then 'd61_90' else 'd90' end as "bucket"`, [starts.d0_30, starts.d31_60, starts.d61_90])
}

/** Every invoice that may owe on the day, with what it was paid by then and its bucket (SQL over `i`): the raw definition. */
function invoicesOwing(db: Knex, filter: DebtFilter, narrow: DebtNarrowing) {
  const paid = db(`${A} as a`)
    .join(`${T} as t`, 't._id', 'a.paymentId')
    .where('a.companyId', db.ref('i.companyId'))
    .where('a.invoiceId', db.ref('i._id'))
    .whereNot('t.status', 'cancelled')
    .where('t.date', '<', filter.asOfEnd)
    .sum('a.amount')
  const query = db(`${I} as i`)
    .where('i.companyId', filter.companyId)
    .whereNull('i.cancelledAt')
    .where((closed) => void closed.whereNull('i.closedAt').orWhere('i.closedAt', '>=', filter.asOfEnd))
    .where('i.issuedOn', '<=', filter.asOf)
  if (filter.branchIds) query.whereIn('i.branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('i.doctorId', filter.doctorId)
  if (narrow.branchId) query.where('i.branchId', narrow.branchId)
  if (narrow.customerId) query.where('i.customerId', narrow.customerId)
  query.select('i._id', 'i.prefix', 'i.counter', 'i.issuedOn', 'i.dueDate', 'i.branchId', 'i.customerId', 'i.doctorId', 'i.total')
  query.select(db.raw('coalesce((?), 0) as "paid"', [paid]))
  query.select(bucketOf(db, filter.asOf, '"i"."issuedOn"'))
  // What is still owed, outside: only invoices owing more than nothing, in the bucket asked for.
  const owing = db.from(query.as('x')).whereRaw('"x"."total" - "x"."paid" > 0')
  if (narrow.bucket) owing.where('x.bucket', narrow.bucket)
  return owing
}

/**
 * The invoices owing on the day from their spans (debt-spans.ts), with what they were paid by then
 * and their bucket: `x` as `invoicesOwing` answers it (its number, due day and total joined from
 * the invoice when `withInvoice`).
 */
function spansOwing(db: Knex, filter: DebtFilter, narrow: DebtNarrowing, withInvoice: boolean) {
  const query = db(`${DEBT_SPANS_TABLE} as s`)
    .where('s.companyId', filter.companyId)
    .where('s.untilAt', '>=', filter.asOfEnd)
    .where((from) => void from.whereNull('s.fromAt').orWhere('s.fromAt', '<', filter.asOfEnd))
    .where('s.issuedOn', '<=', filter.asOf)
  if (filter.branchIds) query.whereIn('s.branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('s.doctorId', filter.doctorId)
  if (narrow.branchId) query.where('s.branchId', narrow.branchId)
  if (narrow.customerId) query.where('s.customerId', narrow.customerId)
  query.select('s.invoiceId as _id', 's.issuedOn', 's.branchId', 's.customerId', 's.doctorId', 's.paid', db.raw('"s"."paid" + "s"."value" as "total"'))
  if (withInvoice) query.join(`${I} as i`, 'i._id', 's.invoiceId').select('i.prefix', 'i.counter', 'i.dueDate')
  query.select(bucketOf(db, filter.asOf, '"s"."issuedOn"'))
  const owing = db.from(query.as('x'))
  if (narrow.bucket) owing.where('x.bucket', narrow.bucket)
  return owing
}

/** The debt as of the day per bucket, branch and patient (with how many invoices), from the spans (`refreshDebtSpans` first). */
export async function debtFigure(db: Knex, filter: DebtFilter): Promise<DebtGroup[]> {
  return debtGroups(db, spansOwing(db, filter, {}, false))
}

/** The debt as of the day per bucket, branch and patient: the raw definition, over every invoice and its allocations. */
export async function debtFigureFromInvoices(db: Knex, filter: DebtFilter): Promise<DebtGroup[]> {
  return debtGroups(db, invoicesOwing(db, filter, {}))
}

async function debtGroups(db: Knex, owing: Knex.QueryBuilder): Promise<DebtGroup[]> {
  const rows = (await owing
    .groupBy('x.bucket', 'x.branchId', 'x.customerId')
    .select('x.bucket', 'x.branchId', 'x.customerId')
    .count({ invoices: '*' })
    .sum({ value: db.raw('"x"."total" - "x"."paid"') })) as Array<{ bucket: AgeingBucket; branchId: string; customerId: string; invoices: unknown; value: unknown }>
  return rows.map((row) => ({ bucket: row.bucket, branchId: row.branchId, customerId: row.customerId, invoices: Number(row.invoices), value: Number(row.value ?? 0) }))
}

/** The invoices behind a debt number, oldest first, one page of them (`RowsPage`); how many and their sum. From the spans (`refreshDebtSpans` first). */
export async function debtRows(db: Knex, filter: DebtFilter, narrow: DebtNarrowing, page: RowsPage): Promise<{ total: number; sum: number; rows: DebtRow[] }> {
  return debtRowsOf(db, spansOwing(db, filter, narrow, true), page)
}

/** `debtRows` by the raw definition. */
export async function debtRowsFromInvoices(db: Knex, filter: DebtFilter, narrow: DebtNarrowing, page: RowsPage): Promise<{ total: number; sum: number; rows: DebtRow[] }> {
  return debtRowsOf(db, invoicesOwing(db, filter, narrow), page)
}

async function debtRowsOf(db: Knex, owing: Knex.QueryBuilder, page: RowsPage): Promise<{ total: number; sum: number; rows: DebtRow[] }> {
  const [{ count, sum }] = (await owing.clone().count({ count: '*' }).sum({ sum: db.raw('"x"."total" - "x"."paid"') })) as Array<{ count: unknown; sum: unknown }>
  const rows = (await owing.select('x.*').orderBy([{ column: 'x.issuedOn' }, { column: 'x.counter' }, { column: 'x._id' }]).limit(page.limit)
    .offset(page.skip ?? 0)) as Array<Record<string, unknown>>
  return {
    total: Number(count),
    sum: Number(sum ?? 0),
    rows: rows.map((row) => ({
      _id: String(row._id),
      number: `${String(row.prefix)}-${String(row.counter)}`,
      issuedOn: String(row.issuedOn),
      dueDate: (row.dueDate as string | null) ?? null,
      bucket: row.bucket as AgeingBucket,
      branchId: String(row.branchId),
      customerId: String(row.customerId),
      doctorId: (row.doctorId as string | null) ?? null,
      total: Number(row.total),
      paid: Number(row.paid),
      value: Number(row.total) - Number(row.paid)
    }))
  }
}

/** Every movement of the prepaid balances up to the day's end: + money to the balance, − money spent from it. */
function balanceMovements(db: Knex, filter: DebtFilter, customerId?: string) {
  const toBalance = db(`${A} as a`)
    .join(`${T} as t`, 't._id', 'a.paymentId')
    .where('a.companyId', filter.companyId)
    .whereNull('a.invoiceId')
    .whereNot('t.status', 'cancelled')
    .where('t.date', '<', filter.asOfEnd)
    .select('a.customerId as customerId', 'a.amount as value', 't.date as date')
  const spent = db(`${T} as t`)
    .where('t.companyId', filter.companyId)
    .where('t.method', 'balance')
    .whereNot('t.status', 'cancelled')
    .where('t.date', '<', filter.asOfEnd)
    .select('t.customerId as customerId', db.raw('-"t"."amount" as "value"'), 't.date as date')
  if (customerId) {
    toBalance.where('a.customerId', customerId)
    spent.where('t.customerId', customerId)
  }
  return db.from(toBalance.unionAll(spent).as('m'))
}

export interface PrepaidRow {
  customerId: string
  value: number
  /** The last day money moved on the balance (company-local day of its latest movement's instant). */
  lastMovement: string
}

/** Patients holding money on their balance at the end of the day, largest first (at most `limit`, after `skip`); how many and their sum. From the spans (`refreshDebtSpans` first). */
export async function prepaidRows(db: Knex, filter: DebtFilter, limit: number, customerId?: string, skip = 0): Promise<{ total: number; sum: number; rows: PrepaidRow[] }> {
  const holding = db(`${BALANCE_SPANS_TABLE} as b`)
    .where('b.companyId', filter.companyId)
    .where('b.untilAt', '>=', filter.asOfEnd)
    .where('b.fromAt', '<', filter.asOfEnd)
    .select('b.customerId as customerId', 'b.value as value', 'b.fromAt as lastMovement')
  if (customerId) holding.where('b.customerId', customerId)
  return prepaidOf(db.from(holding.as('p')).select('p.*'), limit, skip)
}

/** `prepaidRows` by the raw definition, over every movement of the balances. */
export async function prepaidRowsFromMovements(db: Knex, filter: DebtFilter, limit: number, customerId?: string, skip = 0): Promise<{ total: number; sum: number; rows: PrepaidRow[] }> {
  const grouped = balanceMovements(db, filter, customerId).groupBy('m.customerId').select('m.customerId as customerId').sum({ value: 'm.value' }).max({ lastMovement: 'm.date' }).havingRaw('sum("m"."value") > 0')
  return prepaidOf(db.from(grouped.as('p')).select('p.*'), limit, skip)
}

/** The patients of `p` (customerId, value, lastMovement): how many, their sum, a page largest first. */
async function prepaidOf(holding: Knex.QueryBuilder, limit: number, skip: number): Promise<{ total: number; sum: number; rows: PrepaidRow[] }> {
  const [{ count, sum }] = (await holding.clone().clearSelect().count({ count: '*' }).sum({ sum: 'p.value' })) as Array<{ count: unknown; sum: unknown }>
  // Limit 0: the count and the sum alone.
  const rows = (limit === 0 ? [] : await holding.orderBy([{ column: 'p.value', order: 'desc' }, { column: 'p.customerId' }]).limit(limit).offset(skip)) as Array<{ customerId: string; value: unknown; lastMovement: unknown }>
  return {
    total: Number(count),
    sum: Number(sum ?? 0),
    rows: rows.map((row) => ({ customerId: row.customerId, value: Number(row.value), lastMovement: row.lastMovement instanceof Date ? row.lastMovement.toISOString() : String(row.lastMovement) }))
  }
}
