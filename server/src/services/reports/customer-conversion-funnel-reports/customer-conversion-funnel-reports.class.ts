import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { companyTimeZone } from '../../company/company/company-reads'
import type { RegisteredFilter } from '../../customers/customers/customer-report-reads'
import { phoneHiddenFor } from '../../customers/customers/customer-phone'
import { sourceNames } from '../../customers/sources/source-rows'
import { NO_SOURCE } from '../../../../../domain/reports/customer-reports'
import { REPORT_ROWS_LIMIT } from '../reports-summary/reports-summary.shared'
import { periodFilter, type ScopedReport } from '../report-scope'
import { patientDetails } from '../customer-reports/patient-details'
import type { CustomerConversionFunnelReportsQuery } from './customer-conversion-funnel-reports.schema'
import { emptyCounts, funnelGroups, funnelRows } from './funnel-steps'
import { withoutJit } from '../without-jit'
import { funnelSteps, type FunnelLine, type FunnelReport, type FunnelRows, type FunnelStep } from './customer-conversion-funnel-reports.shared'

export type CustomerConversionFunnelReportsParams = Params<CustomerConversionFunnelReportsQuery>

/**
 * The conversion funnel: the patients who entered in the period (registered then: the customers
 * area's `registeredIn`, the customers report's "registered"), then at each step those of the
 * step before who reached it, up to now: an appointment booked and a visit (appointments area),
 * a plan presented and accepted (clinical), a payment (billing). A step counts only the patients
 * who passed the one before, so the percentages never pass 100. With a doctor, the patients booked
 * with that doctor, and every step theirs. The counts are one grouped statement in which the
 * database asks each step of each patient (funnel-steps.ts); the rows are the same statement's.
 * PostgreSQL reads them without JIT compilation (without-jit.ts: at a year of a large chain it
 * would cost more than the statement).
 */
export class CustomerConversionFunnelReportsService {
  constructor(private readonly app: Application) {}

  async find(params?: CustomerConversionFunnelReportsParams): Promise<FunnelReport | FunnelRows> {
    const db = dbOf(this.app, params)
    const query = params?.query as ScopedReport<CustomerConversionFunnelReportsQuery>
    const timeZone = await companyTimeZone(db, query.companyId)
    const { doctorId: _everyDoctor, ...period } = periodFilter(query, timeZone)
    const filter: RegisteredFilter = {
      ...period,
      sourceId: query.sourceId === undefined ? undefined : query.sourceId === NO_SOURCE ? null : query.sourceId
    }
    const doctorId = query.doctorId ?? null
    if (query.$rows) {
      const step = query.$rows
      const limit = query.$limit ?? REPORT_ROWS_LIMIT
      const { total, rows: shown } = await withoutJit(db, (reader) => funnelRows(reader, filter, doctorId, funnelSteps.indexOf(step), { limit, skip: query.$skip ?? 0 }))
      const details = await patientDetails(db, filter.companyId, shown.map((patient) => ({ customerId: patient._id, sourceId: patient.sourceId })), phoneHiddenFor(params))
      return {
        step, from: query.from, to: query.to, sum: total, total, limit,
        data: shown.map((patient) => {
          const first = details.firstVisit(patient._id)
          return {
            _id: patient._id, customerName: details.name(patient._id), phone: details.phone(patient._id), phoneHidden: details.phone(patient._id) === null,
            day: patient.day, branchId: patient.branchId, sourceId: patient.sourceId, sourceName: details.sourceName(patient.sourceId),
            firstVisit: first?.day ?? null, firstVisitDoctorName: first?.doctorName ?? '', value: 1
          }
        })
      }
    }
    const totals = emptyCounts()
    const bySource = new Map<string, FunnelLine>()
    const byBranch = new Map<string, FunnelLine>()
    const lineOf = (table: Map<string, FunnelLine>, key: string | null) => {
      let line = table.get(key ?? '')
      if (!line) table.set(key ?? '', (line = { key, name: '', ...emptyCounts() }))
      return line
    }
    for (const group of await withoutJit(db, (reader) => funnelGroups(reader, filter, doctorId))) {
      for (const [index, step] of funnelSteps.entries()) {
        if (index > group.last) break
        totals[step] += group.value
        lineOf(bySource, group.sourceId)[step] += group.value
        lineOf(byBranch, group.branchId)[step] += group.value
      }
    }
    const names = await sourceNames(db, filter.companyId, [...bySource.keys()].filter(Boolean))
    for (const line of bySource.values()) line.name = line.key ? (names.get(line.key) ?? '') : ''
    return {
      from: query.from,
      to: query.to,
      branchId: query.branchId ?? null,
      doctorId: query.doctorId ?? null,
      sourceId: query.sourceId ?? null,
      totals,
      bySource: [...bySource.values()].sort((a, b) => b.entered - a.entered || (a.key === null ? 1 : b.key === null ? -1 : a.name.localeCompare(b.name))),
      byBranch: [...byBranch.values()].sort((a, b) => String(a.key).localeCompare(String(b.key))),
      formulas: Object.fromEntries(funnelSteps.map((step) => [step, `reports.funnel.formulas.${step}`])) as Record<FunnelStep, string>
    }
  }
}
