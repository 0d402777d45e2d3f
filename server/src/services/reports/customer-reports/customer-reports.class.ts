import type { Knex } from 'knex'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { companyTimeZone } from '../../company/company/company-reads'
import { newAndReturningFigures, patientVisitFigure, patientVisitRows, type PatientVisitFilter } from '../../appointments/appointment/patient-visit-reads'
import { registeredFigure, registeredRows } from '../../customers/customers/customer-report-reads'
import { phoneHiddenFor } from '../../customers/customers/customer-phone'
import { sourceNames } from '../../customers/sources/source-rows'
import { memberDisplayNames } from '../../team/users/user-rows'
import { zonedToUtc } from '../../../../../domain/appointments/zoned-time'
import { DEFAULT_LAPSED_MONTHS, NO_SOURCE, shiftMonths } from '../../../../../domain/reports/customer-reports'
import { REPORT_ROWS_LIMIT } from '../reports-summary/reports-summary.shared'
import { periodFilter, type ScopedReport } from '../report-scope'
import type { CustomerReportsQuery } from './customer-reports.schema'
import { patientDetails } from './patient-details'
import { customerFigures, type CustomerFigure, type CustomerFigures, type CustomerReport, type CustomerReportLine, type CustomerReportRow, type CustomerReportRows } from './customer-reports.shared'

export type CustomerReportsParams = Params<CustomerReportsQuery>

const emptyFigures = (): CustomerFigures => Object.fromEntries(customerFigures.map((figure) => [figure, 0])) as CustomerFigures

/** One group of any figure: what it is counted on (a doctor only for visits, a day not for lapsed). */
interface Group {
  day: string | null
  branchId: string
  doctorId: string | null
  sourceId: string | null
  value: number
}

/**
 * The customers report: new patients, returning visits and lapsed patients are grouped reads of
 * the appointments area (`appointments/appointment/patient-visit-reads.ts`), patients registered
 * one of the customers area (`customers/customers/customer-report-reads.ts`); summed here per day,
 * doctor, source and branch. No table of its own.
 */
export class CustomerReportsService {
  constructor(private readonly app: Application) {}

  async find(params?: CustomerReportsParams): Promise<CustomerReport | CustomerReportRows> {
    const db = dbOf(this.app, params)
    const query = params?.query as ScopedReport<CustomerReportsQuery>
    const timeZone = await companyTimeZone(db, query.companyId)
    const lapsedMonths = query.lapsedMonths ?? DEFAULT_LAPSED_MONTHS
    const filter: PatientVisitFilter = {
      ...periodFilter(query, timeZone),
      sourceId: query.sourceId === undefined ? undefined : query.sourceId === NO_SOURCE ? null : query.sourceId,
      lapsedMonths,
      lapsedStarts: [zonedToUtc(shiftMonths(query.from, -lapsedMonths), '00:00', timeZone), zonedToUtc(shiftMonths(query.to, -lapsedMonths), '00:00', timeZone)]
    }
    if (query.$rows) return this.rows(db, filter, query, phoneHiddenFor(params))

    const registeredShown = filter.doctorId === null
    // New and returning from one read of the visits by source rollup; registered and lapsed each their own.
    const [visits, registered, lapsed] = await Promise.all([newAndReturningFigures(db, filter), this.groups(db, filter, 'registered'), this.groups(db, filter, 'lapsed')])
    const byFigure: Record<CustomerFigure, Group[]> = { newPatients: visits.newPatients, returning: visits.returning, registered, lapsed }
    const groups = customerFigures.map((figure) => byFigure[figure])
    const totals = emptyFigures()
    const lines = { day: new Map<string, CustomerReportLine>(), doctor: new Map<string, CustomerReportLine>(), source: new Map<string, CustomerReportLine>(), branch: new Map<string, CustomerReportLine>() }
    const add = (table: Map<string, CustomerReportLine>, key: string | null, figure: CustomerFigure, value: number) => {
      let line = table.get(key ?? '')
      if (!line) table.set(key ?? '', (line = { key, name: '', ...emptyFigures() }))
      line[figure] += value
    }
    customerFigures.forEach((figure, index) => {
      for (const group of groups[index]) {
        totals[figure] += group.value
        if (group.day) add(lines.day, group.day, figure, group.value)
        if (group.doctorId) add(lines.doctor, group.doctorId, figure, group.value)
        add(lines.source, group.sourceId, figure, group.value)
        add(lines.branch, group.branchId, figure, group.value)
      }
    })
    const [doctors, sources] = await Promise.all([
      memberDisplayNames(db, filter.companyId, [...lines.doctor.keys()]),
      sourceNames(db, filter.companyId, [...lines.source.keys()].filter(Boolean))
    ])
    for (const line of lines.doctor.values()) line.name = doctors.get(line.key!) ?? ''
    for (const line of lines.source.values()) line.name = line.key ? (sources.get(line.key) ?? '') : ''
    const byName = (a: CustomerReportLine, b: CustomerReportLine) => (a.key === null ? 1 : b.key === null ? -1 : a.name.localeCompare(b.name) || String(a.key).localeCompare(String(b.key)))
    const byKey = (a: CustomerReportLine, b: CustomerReportLine) => String(a.key).localeCompare(String(b.key))
    return {
      from: query.from,
      to: query.to,
      branchId: query.branchId ?? null,
      doctorId: filter.doctorId,
      sourceId: query.sourceId ?? null,
      lapsedMonths,
      totals,
      registeredShown,
      byDay: [...lines.day.values()].sort(byKey),
      byDoctor: [...lines.doctor.values()].sort(byName),
      bySource: [...lines.source.values()].sort(byName),
      byBranch: [...lines.branch.values()].sort(byKey),
      formulas: Object.fromEntries(customerFigures.map((figure) => [figure, `reports.customers.formulas.${figure}`])) as Record<CustomerFigure, string>
    }
  }

  /** A figure's groups; registered patients only without a doctor (a customer has none). */
  private async groups(db: Knex, filter: PatientVisitFilter, figure: CustomerFigure): Promise<Group[]> {
    if (figure === 'registered') return filter.doctorId === null ? (await registeredFigure(db, filter)).map((group) => ({ ...group, doctorId: null })) : []
    // Lapsed has no day of the period: read without one (a year of every branch's last visits is far fewer groups so).
    const groups = await patientVisitFigure(db, filter, figure, false)
    return groups.map((group) => ({ ...group, day: figure === 'lapsed' ? null : group.day }))
  }

  private async rows(db: Knex, filter: PatientVisitFilter, query: ScopedReport<CustomerReportsQuery>, phonesHidden: boolean): Promise<CustomerReportRows> {
    const figure = query.$rows!
    const limit = query.$limit ?? REPORT_ROWS_LIMIT
    const page = { limit, skip: query.$skip }
    const [found, groups] = await Promise.all([
      figure === 'registered'
        ? registeredRows(db, filter, query.day, page).then(({ total, rows }) => ({ total, rows: rows.map((row) => ({ ...row, customerId: row._id, time: null, doctorId: null })) }))
        : patientVisitRows(db, filter, figure, { day: query.day }, page),
      this.groups(db, filter, figure)
    ])
    const details = await patientDetails(db, filter.companyId, found.rows, phonesHidden)
    const data = found.rows.map((row): CustomerReportRow => {
      const first = details.firstVisit(row.customerId)
      return {
        _id: row._id,
        customerId: row.customerId,
        customerName: details.name(row.customerId),
        phone: details.phone(row.customerId),
        phoneHidden: phonesHidden,
        day: row.day,
        time: row.time,
        branchId: row.branchId,
        doctorId: row.doctorId,
        doctorName: details.staffName(row.doctorId),
        sourceId: row.sourceId,
        sourceName: details.sourceName(row.sourceId),
        firstVisit: first?.day ?? null,
        firstVisitDoctorName: first?.doctorName ?? '',
        value: row.value
      }
    })
    const sum = groups.filter((group) => !query.day || group.day === query.day).reduce((total, group) => total + group.value, 0)
    return { figure, from: query.from, to: query.to, sum, total: found.total, limit, data }
  }
}
