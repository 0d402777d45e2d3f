import type { Knex } from 'knex'
import { TREATMENT_TABLE } from './treatment-rows'
import { serviceCategoriesTable } from '../../catalogue/service/service-rows'
import { customerSourcesTable } from '../../customers/customers/customer-sources'
import type { ReportFilter, RowsPage } from '../../report-filter'
import { whereKey, type ServiceGrain, type ServiceGroup, type ServiceNarrowing, type ServiceRow } from '../../service-report-filter'

/**
 * The treatment area's figure for the services report and the toppers (issue 19,
 * docs/decisions/reports.md): `done` = Σ quantity of the treatments done (the lines invoices
 * bill), on the visit's company-local day (`visitDate`) in the period, in the visit's branch,
 * with the line's doctor. Billed or not. Read through `treatments_company_day` /
 * `treatments_branch_day` (migration 20261201100000). A grouped read and its rows come from one
 * query (`treatmentsIn`): only the select differs.
 */
const T = TREATMENT_TABLE

function treatmentsIn(db: Knex, filter: ReportFilter, narrow: ServiceNarrowing, withSource: boolean) {
  const query = db(`${T} as t`)
    .leftJoin(serviceCategoriesTable(db, filter.companyId).as('sc'), 'sc._id', 't.serviceId')
    .where('t.companyId', filter.companyId)
    .where('t.visitDate', '>=', filter.from)
    .where('t.visitDate', '<', filter.to)
  if (withSource) query.leftJoin(customerSourcesTable(db, filter.companyId).as('cs'), 'cs._id', 't.customerId')
  if (filter.branchIds) query.whereIn('t.branchId', [...filter.branchIds])
  if (filter.doctorId) query.where('t.doctorId', filter.doctorId)
  whereKey(query, 't.serviceId', narrow.serviceId)
  whereKey(query, 'sc.categoryId', narrow.categoryId)
  whereKey(query, 'cs.sourceId', narrow.sourceId)
  return query
}

const KEYS: Record<ServiceGrain, string> = { service: 't.serviceId', doctor: 't.doctorId', source: 'cs.sourceId' }

/** Treatments done (Σ quantity) per service (with its category and the name the lines copied), per doctor or per the patient's source. */
export async function doneFigure(db: Knex, filter: ReportFilter, grain: ServiceGrain): Promise<ServiceGroup[]> {
  const inner = treatmentsIn(db, filter, {}, grain === 'source').select({ key: KEYS[grain], categoryId: 'sc.categoryId', name: 't.serviceName', value: 't.quantity' })
  const outer = db.from(inner.as('x')).select('x.key').max({ name: 'x.name' }).sum({ value: 'x.value' }).groupBy('x.key')
  if (grain === 'service') outer.select('x.categoryId').groupBy('x.categoryId')
  const rows = (await outer) as Array<{ key: string | null; categoryId?: string | null; name: string | null; value: unknown }>
  return rows.map((row) => ({ key: row.key ?? null, categoryId: row.categoryId ?? null, name: grain === 'service' ? (row.name ?? '') : '', value: Number(row.value ?? 0) }))
}

/** The treatments behind a number, by visit day, one page of them (`RowsPage`); how many there are and their units. */
export async function doneFigureRows(db: Knex, filter: ReportFilter, narrow: ServiceNarrowing, page: RowsPage): Promise<{ total: number; sum: number; rows: ServiceRow[] }> {
  const base = treatmentsIn(db, filter, narrow, narrow.sourceId !== undefined)
  const [{ count, sum }] = (await base.clone().select(db.raw('count(*) as "count", coalesce(sum("t"."quantity"), 0) as "sum"'))) as Array<{ count: unknown; sum: unknown }>
  const rows = (await base
    .select('t._id', 't.visitDate', 't.branchId', 't.customerId', 't.doctorId', 't.serviceId', 't.serviceName', 't.quantity', 't.price')
    .orderBy([{ column: 't.visitDate' }, { column: 't.createdAt' }, { column: 't._id' }])
    .limit(page.limit)
    .offset(page.skip ?? 0)) as Array<Record<string, unknown>>
  return {
    total: Number(count),
    sum: Number(sum ?? 0),
    rows: rows.map((row) => {
      const quantity = Number(row.quantity)
      return {
        _id: String(row._id),
        day: String(row.visitDate),
        branchId: String(row.branchId),
        customerId: String(row.customerId),
        doctorId: (row.doctorId as string | null) ?? null,
        serviceId: (row.serviceId as string | null) ?? null,
        serviceName: String(row.serviceName),
        invoice: null,
        quantity,
        amount: Number(row.price) * quantity,
        value: quantity
      }
    })
  }
}
