import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { companyTimeZone } from '../../company/company/company-reads'
import { lineFigureRows } from '../../billing/service-report-reads'
import { figureOf, lineStatsBy } from '../../billing/line-stats'
import { doneFigure, doneFigureRows } from '../../clinical/treatment/treatment-report-reads'
import { catalogueNames } from '../../catalogue/service/service-rows'
import { customerNames } from '../../customers/customers/customer-contact'
import { memberDisplayNames } from '../../team/users/user-rows'
import type { ReportFilter, RowsPage } from '../../report-filter'
import type { ServiceNarrowing, ServiceRow } from '../../service-report-filter'
import { REPORT_ROWS_LIMIT } from '../reports-summary/reports-summary.shared'
import { averagePrice } from '../../../../../domain/reports/service-reports'
import { periodFilter, type ScopedReport } from '../report-scope'
import type { ServiceReportsQuery } from './service-reports.schema'
import { NONE, serviceFigures, type CategoryReportLine, type ServiceFigure, type ServiceFigures, type ServiceReport, type ServiceReportLine, type ServiceReportRow, type ServiceReportRows } from './service-reports.shared'

export type ScopedServiceQuery = ScopedReport<ServiceReportsQuery>
export type ServiceReportsParams = Params<ServiceReportsQuery>

/** The areas' filter of a scoped report query (the period's days and their first instants in the company's zone). */
export async function reportFilterOf(db: Knex, query: ScopedReport<{ branchId?: string }>): Promise<ReportFilter> {
  return periodFilter(query, await companyTimeZone(db, query.companyId))
}

/** A figure's rows (treatments done, or invoice lines), with the patient's and the doctor's names. */
export async function serviceRowsOf(db: Knex, filter: ReportFilter, figure: ServiceFigure, narrow: ServiceNarrowing, page: RowsPage): Promise<{ total: number; sum: number; rows: Array<ServiceRow & { customerName: string; doctorName: string }> }> {
  const found = figure === 'done' ? await doneFigureRows(db, filter, narrow, page) : await lineFigureRows(db, filter, figure, narrow, page)
  const [customers, staff] = await Promise.all([
    customerNames(db, filter.companyId, found.rows.map((row) => row.customerId)),
    memberDisplayNames(db, filter.companyId, found.rows.map((row) => row.doctorId).filter((id): id is string => id !== null))
  ])
  return { ...found, rows: found.rows.map((row) => ({ ...row, customerName: customers.get(row.customerId) ?? '', doctorName: row.doctorId ? (staff.get(row.doctorId) ?? '') : '' })) }
}

const empty = (): ServiceFigures => ({ done: 0, billed: 0, revenue: 0 })
const withAverage = <T extends ServiceFigures>(entry: T) => ({ ...entry, average: averagePrice(entry.revenue, entry.billed) })
const byRevenue = <T extends ServiceFigures & { name: string }>(a: T, b: T) => b.revenue - a.revenue || b.done - a.done || a.name.localeCompare(b.name)

/** Sums the treatment area's and billing's grouped reads per service and category; no table of its own. */
export class ServiceReportsService {
  constructor(private readonly app: Application) {}

  async find(params?: ServiceReportsParams): Promise<ServiceReport | ServiceReportRows> {
    const db = dbOf(this.app, params)
    const query = params?.query as ScopedServiceQuery
    const filter = await reportFilterOf(db, query)
    if (query.$rows) return this.rows(db, filter, query)
    // Billed and revenue from one read of the invoice lines' rollup, brought up to date first (line-stats.ts).
    const [done, lineGroups] = await Promise.all([doneFigure(db, filter, 'service'), lineStatsBy(db, filter, ['service'])])
    const billed = figureOf(lineGroups.service, 'billed')
    const revenue = figureOf(lineGroups.service, 'revenue')
    const services = new Map<string, Omit<ServiceReportLine, 'average' | 'categoryName'> & { copied: string }>()
    const groups: Record<ServiceFigure, typeof done> = { done, billed, revenue }
    for (const figure of serviceFigures) {
      for (const group of groups[figure]) {
        const key = group.key ?? NONE
        let entry = services.get(key)
        if (!entry) services.set(key, (entry = { serviceId: group.key, name: '', copied: group.name, categoryId: group.categoryId, ...empty() }))
        entry[figure] += group.value
      }
    }
    const names = await catalogueNames(db, filter.companyId, [...services.values()].flatMap((entry) => (entry.serviceId ? [entry.serviceId] : [])), [...services.values()].flatMap((entry) => (entry.categoryId ? [entry.categoryId] : [])))
    const lines: ServiceReportLine[] = [...services.values()].map(({ copied, ...entry }) => withAverage({
      ...entry,
      name: (entry.serviceId ? names.services.get(entry.serviceId) : undefined) ?? copied,
      categoryName: entry.categoryId ? (names.categories.get(entry.categoryId) ?? '') : ''
    }))
    const categories = new Map<string, Omit<CategoryReportLine, 'average'>>()
    const totals = empty()
    for (const line of lines) {
      const key = line.categoryId ?? NONE
      let entry = categories.get(key)
      if (!entry) categories.set(key, (entry = { categoryId: line.categoryId, name: line.categoryName, ...empty() }))
      for (const figure of serviceFigures) {
        entry[figure] += line[figure]
        totals[figure] += line[figure]
      }
    }
    return {
      from: query.from,
      to: query.to,
      branchId: query.branchId ?? null,
      doctorId: filter.doctorId,
      totals: withAverage(totals),
      services: lines.sort(byRevenue),
      categories: [...categories.values()].map(withAverage).sort(byRevenue),
      formulas: Object.fromEntries([...serviceFigures, 'average'].map((figure) => [figure, `reports.services.formulas.${figure}`])) as ServiceReport['formulas']
    }
  }

  private async rows(db: Knex, filter: ReportFilter, query: ScopedServiceQuery): Promise<ServiceReportRows> {
    const figure = query.$rows!
    const limit = query.$limit ?? REPORT_ROWS_LIMIT
    const found = await serviceRowsOf(db, filter, figure, { serviceId: query.serviceId, categoryId: query.categoryId }, { limit, skip: query.$skip })
    const data: ServiceReportRow[] = found.rows
    return { figure, from: query.from, to: query.to, sum: found.sum, total: found.total, limit, data }
  }
}
