import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { figureOf, lineStatsBy } from '../../billing/line-stats'
import { doneFigure } from '../../clinical/treatment/treatment-report-reads'
import { visitFigureBy, visitFigureRowsBy } from '../../appointments/appointment/visit-groups'
import { catalogueNames } from '../../catalogue/service/service-rows'
import { sourceNames } from '../../customers/sources/source-rows'
import { customerNames } from '../../customers/customers/customer-contact'
import { memberDisplayNames } from '../../team/users/user-rows'
import type { ReportFilter } from '../../report-filter'
import { REPORT_ROWS_LIMIT } from '../reports-summary/reports-summary.shared'
import type { ScopedReport } from '../report-scope'
import { reportFilterOf, serviceRowsOf } from '../service-reports/service-reports.class'
import type { ToppersQuery } from './toppers.schema'
import { NONE, TOPPERS_SIZE, topperFigures, topperListOf, topperLists, type TopperEntry, type TopperList, type TopperRows, type Toppers } from './toppers.shared'

export type ScopedToppersQuery = ScopedReport<ToppersQuery>
export type ToppersParams = Params<ToppersQuery>

type Group = { key: string | null; name?: string; value: number }

/** The best `TOPPERS_SIZE` of the groups, largest first (ties by name); nothing of nothing. */
const best = (groups: readonly Group[], nameOf: (group: Group) => string): TopperEntry[] =>
  groups
    .filter((group) => group.value > 0)
    .map((group) => ({ key: group.key ?? NONE, name: nameOf(group), value: group.value }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name) || a.key.localeCompare(b.key))
    .slice(0, TOPPERS_SIZE)

/** Ranks the grouped reads of billing, the treatment area and the appointments area; no table of its own. */
export class ToppersService {
  constructor(private readonly app: Application) {}

  async find(params?: ToppersParams): Promise<Toppers | TopperRows> {
    const db = dbOf(this.app, params)
    const query = params?.query as ScopedToppersQuery
    const filter = await reportFilterOf(db, query)
    if (query.$rows) return this.rows(db, filter, query)
    // The three revenue lists from one read of the invoice lines' rollup, brought up to date first (line-stats.ts).
    const revenue = lineStatsBy(db, filter, ['doctor', 'service', 'source'])
    const [doctorsByRevenue, doctorsByVisits, servicesByRevenue, servicesByCount, sourcesByNewPatients, sourcesByRevenue] = await Promise.all([
      // A line without a doctor is no doctor's: not a topper.
      revenue.then((groups) => figureOf(groups.doctor, 'revenue').filter((group) => group.key !== null)),
      visitFigureBy(db, filter, 'visits', 'doctor'),
      revenue.then((groups) => figureOf(groups.service, 'revenue')),
      doneFigure(db, filter, 'service'),
      visitFigureBy(db, filter, 'newPatients', 'source'),
      revenue.then((groups) => figureOf(groups.source, 'revenue'))
    ])
    const groups: Record<TopperList, Group[]> = { doctorsByRevenue, doctorsByVisits, servicesByRevenue, servicesByCount, sourcesByNewPatients, sourcesByRevenue }
    const keysOf = (grain: 'doctor' | 'service' | 'source') => topperLists.filter((list) => topperListOf[list].grain === grain).flatMap((list) => groups[list].flatMap((group) => (group.key ? [group.key] : [])))
    const [doctors, catalogue, sources] = await Promise.all([
      memberDisplayNames(db, filter.companyId, keysOf('doctor')),
      catalogueNames(db, filter.companyId, keysOf('service'), []),
      sourceNames(db, filter.companyId, keysOf('source'))
    ])
    const names = { doctor: doctors, service: catalogue.services, source: sources }
    const lists = Object.fromEntries(
      topperLists.map((list) => {
        const known = names[topperListOf[list].grain]
        // A service gone from the catalogue keeps the name its lines copied.
        return [list, best(groups[list], (group) => (group.key ? (known.get(group.key) ?? group.name ?? '') : ''))]
      })
    ) as Record<TopperList, TopperEntry[]>
    return {
      from: query.from,
      to: query.to,
      branchId: query.branchId ?? null,
      doctorId: filter.doctorId,
      lists,
      formulas: Object.fromEntries(topperFigures.map((figure) => [figure, `reports.toppers.formulas.${figure}`])) as Toppers['formulas']
    }
  }

  private async rows(db: Knex, filter: ReportFilter, query: ScopedToppersQuery): Promise<TopperRows> {
    const figure = query.$rows!
    const limit = query.$limit ?? REPORT_ROWS_LIMIT
    const page = { limit, skip: query.$skip }
    const head = { figure, from: query.from, to: query.to, limit }
    if (figure === 'revenue' || figure === 'done') {
      const found = await serviceRowsOf(db, filter, figure, { serviceId: query.serviceId, sourceId: query.sourceId }, page)
      const data = found.rows.map((row) => ({ ...row, label: row.invoice ? `${row.serviceName} · ${row.invoice}` : row.serviceName }))
      return { ...head, sum: found.sum, total: found.total, data: data.map(({ _id, day, branchId, customerId, customerName, doctorId, doctorName, label, value }) => ({ _id, day, branchId, customerId, customerName, doctorId, doctorName, label, value })) }
    }
    const found = await visitFigureRowsBy(db, filter, figure, query.sourceId, page)
    const [customers, staff] = await Promise.all([
      customerNames(db, filter.companyId, found.rows.map((row) => row.customerId ?? '')),
      memberDisplayNames(db, filter.companyId, found.rows.flatMap((row) => (row.doctorId ? [row.doctorId] : [])))
    ])
    return {
      ...head,
      sum: found.total,
      total: found.total,
      data: found.rows.map((row) => ({
        _id: row._id, day: row.day, branchId: row.branchId, customerId: row.customerId ?? '', customerName: customers.get(row.customerId ?? '') ?? '',
        doctorId: row.doctorId, doctorName: row.doctorId ? (staff.get(row.doctorId) ?? '') : '', label: row.label ?? '', value: row.value
      }))
    }
  }
}
