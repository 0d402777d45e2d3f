import type { Knex } from 'knex'
import { INVOICES_TABLE, INVOICE_LINES_TABLE } from './invoices/invoice-rows'
import { serviceCategoriesTable } from '../catalogue/service/service-rows'
import { customerSourcesTable } from '../customers/customers/customer-sources'
import type { ReportFilter, RowsPage } from '../report-filter'
import { whereKey, type ServiceGrain, type ServiceGroup, type ServiceNarrowing, type ServiceRow } from '../service-report-filter'

/**
 * Billing's reads for the services report and the toppers (issue 19, docs/decisions/reports.md),
 * over the lines of invoices issued in the period (company-local `issuedOn`) and not cancelled,
 * in the invoice's branch, with the line's doctor (who did the service):
 * - billed: Σ quantity of the lines;
 * - revenue: Σ of each line's amount (price × quantity less the line's own discount) less the
 *   patient's discount of its invoice taken on the line (percent, half up, as `percentOf`).
 *   Summed over lines, it may differ from the invoices' total (the discount is taken once on
 *   their subtotal) by a rounding minor unit per discounted line.
 * A grouped read and its rows come from one query (`linesIn`): only the select differs.
 */
export type LineFigure = 'billed' | 'revenue'

const I = INVOICES_TABLE
const L = INVOICE_LINES_TABLE

/** A line's revenue in SQL: integer arithmetic on both engines (amount × percent stays far below 2^63). */
const REVENUE = `("l"."amount" - ("l"."amount" * "i"."discountPercent" + 50) / 100)`
const valueOf = (figure: LineFigure) => (figure === 'billed' ? '"l"."quantity"' : REVENUE)

/** The counted lines of the period's days, or of `days` only (a rollup's recompute). */
function linesIn(db: Knex, filter: ReportFilter, narrow: ServiceNarrowing, withSource: boolean, days?: readonly string[]) {
  const query = db(`${L} as l`)
    .join(`${I} as i`, 'i._id', 'l.invoiceId')
    .leftJoin(serviceCategoriesTable(db, filter.companyId).as('sc'), 'sc._id', 'l.serviceId')
    .where('i.companyId', filter.companyId)
    .whereNull('i.cancelledAt')
  if (days) query.whereIn('i.issuedOn', [...days])
  else query.where('i.issuedOn', '>=', filter.from).where('i.issuedOn', '<', filter.to)
  if (withSource) query.leftJoin(customerSourcesTable(db, filter.companyId).as('cs'), 'cs._id', 'i.customerId')
  if (filter.branchIds) query.whereIn('i.branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('l.doctorId', filter.doctorId)
  whereKey(query, 'l.serviceId', narrow.serviceId)
  whereKey(query, 'sc.categoryId', narrow.categoryId)
  whereKey(query, 'cs.sourceId', narrow.sourceId)
  return query
}

const KEYS: Record<ServiceGrain, string> = { service: 'l.serviceId', doctor: 'l.doctorId', source: 'cs.sourceId' }

/**
 * A figure per service (with its category and the name its lines copied), per the line's doctor,
 * or per the patient's source, read from the lines themselves. The reports read the rollup
 * (line-stats.ts, `lineStatsBy`), which answers the same; this stays for the tests' comparison.
 */
export async function lineFigureFromLines(db: Knex, filter: ReportFilter, figure: LineFigure, grain: ServiceGrain): Promise<ServiceGroup[]> {
  const inner = linesIn(db, filter, {}, grain === 'source').select({ key: KEYS[grain], categoryId: 'sc.categoryId', name: 'l.serviceName' }).select(db.raw(`${valueOf(figure)} as "value"`))
  const outer = db.from(inner.as('x')).select('x.key').max({ name: 'x.name' }).sum({ value: 'x.value' }).groupBy('x.key')
  if (grain === 'service') outer.select('x.categoryId').groupBy('x.categoryId')
  const rows = (await outer) as Array<{ key: string | null; categoryId?: string | null; name: string | null; value: unknown }>
  return rows.map((row) => ({ key: row.key ?? null, categoryId: row.categoryId ?? null, name: grain === 'service' ? (row.name ?? '') : '', value: Number(row.value ?? 0) }))
}

/** The lines behind a number, in invoice order, one page of them (`RowsPage`); how many there are and the sum of the figure over all of them. */
export async function lineFigureRows(db: Knex, filter: ReportFilter, figure: LineFigure, narrow: ServiceNarrowing, page: RowsPage): Promise<{ total: number; sum: number; rows: ServiceRow[] }> {
  const base = linesIn(db, filter, narrow, narrow.sourceId !== undefined)
  const [{ count, sum }] = (await base.clone().select(db.raw(`count(*) as "count", coalesce(sum(${valueOf(figure)}), 0) as "sum"`))) as Array<{ count: unknown; sum: unknown }>
  const rows = (await base
    .select('l._id', 'i.issuedOn', 'i.branchId', 'i.customerId', 'l.doctorId', 'l.serviceId', 'l.serviceName', 'i.prefix', 'i.counter', 'l.quantity')
    .select(db.raw(`${REVENUE} as "amount"`))
    .orderBy([{ column: 'i.issuedOn' }, { column: 'i.counter' }, { column: 'l.position' }, { column: 'l._id' }])
    .limit(page.limit)
    .offset(page.skip ?? 0)) as Array<Record<string, unknown>>
  return {
    total: Number(count),
    sum: Number(sum ?? 0),
    rows: rows.map((row) => {
      const quantity = Number(row.quantity)
      const amount = Number(row.amount ?? 0)
      return {
        _id: String(row._id),
        day: String(row.issuedOn),
        branchId: String(row.branchId),
        customerId: String(row.customerId),
        doctorId: (row.doctorId as string | null) ?? null,
        serviceId: (row.serviceId as string | null) ?? null,
        serviceName: String(row.serviceName),
        invoice: `${String(row.prefix)}-${String(row.counter)}`,
        quantity,
        amount,
        value: figure === 'billed' ? quantity : amount
      }
    })
  }
}

/** One group of the rollup: a day, branch, doctor, service and patient's source ('' for none). */
export interface LineDayGroup {
  day: string
  branchId: string
  doctorId: string
  serviceId: string
  sourceId: string
  serviceName: string
  billed: number
  revenue: number
}

/** Both figures of `days` (every branch and doctor) per day, branch, doctor, service and source: the rollup's rows, by the figures' own query. */
export async function lineGroupsOnDays(db: Knex, filter: ReportFilter, days: readonly string[]): Promise<LineDayGroup[]> {
  const whole: ReportFilter = { ...filter, branchIds: null, doctorId: null }
  const rows = (await linesIn(db, whole, {}, true, days)
    .select({ day: 'i.issuedOn', branchId: 'i.branchId', doctorId: 'l.doctorId', serviceId: 'l.serviceId', sourceId: 'cs.sourceId' })
    .max({ serviceName: 'l.serviceName' })
    .select(db.raw(`sum("l"."quantity") as "billed", sum(${REVENUE}) as "revenue"`))
    .groupBy('i.issuedOn', 'i.branchId', 'l.doctorId', 'l.serviceId', 'cs.sourceId')) as Array<Record<string, unknown>>
  const keyOf = (value: unknown) => (value === null || value === undefined ? '' : String(value))
  return rows.map((row) => ({
    day: String(row.day),
    branchId: String(row.branchId),
    doctorId: keyOf(row.doctorId),
    serviceId: keyOf(row.serviceId),
    sourceId: keyOf(row.sourceId),
    serviceName: keyOf(row.serviceName),
    billed: Number(row.billed ?? 0),
    revenue: Number(row.revenue ?? 0)
  }))
}
