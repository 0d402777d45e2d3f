import type { Knex } from 'knex'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { companyTimeZone } from '../../company/company/company-reads'
import { registeredRows, type RegisteredFilter, type RegisteredRow } from '../../customers/customers/customer-report-reads'
import { phoneHiddenFor } from '../../customers/customers/customer-phone'
import { sourceNames } from '../../customers/sources/source-rows'
import { BOOKED_STATUSES, patientsWithAppointments } from '../../appointments/appointment/patient-visit-reads'
import { VISIT_STATUSES } from '../../appointments/appointment/visit-reads'
import { ACCEPTED_PLAN_STATUSES, PRESENTED_PLAN_STATUSES, patientsWithPlans } from '../../clinical/treatment-plan/plan-report-reads'
import { patientsWhoPaid } from '../../billing/customer-payment-reads'
import { NO_SOURCE } from '../../../../../domain/reports/customer-reports'
import { REPORT_ROWS_LIMIT } from '../reports-summary/reports-summary.shared'
import { periodFilter, type ScopedReport } from '../report-scope'
import { patientDetails } from '../customer-reports/patient-details'
import type { CustomerConversionFunnelReportsQuery } from './customer-conversion-funnel-reports.schema'
import { funnelSteps, type FunnelCounts, type FunnelLine, type FunnelReport, type FunnelRows, type FunnelStep } from './customer-conversion-funnel-reports.shared'

export type CustomerConversionFunnelReportsParams = Params<CustomerConversionFunnelReportsQuery>

const emptyCounts = (): FunnelCounts => Object.fromEntries(funnelSteps.map((step) => [step, 0])) as FunnelCounts

/**
 * The conversion funnel: the patients who entered in the period (registered then: the customers
 * area's `registeredRows`, the customers report's "registered"), then at each step those of the
 * step before who reached it, up to now: an appointment booked and a visit (appointments area),
 * a plan presented and accepted (clinical), a payment (billing). Each step is read only for the
 * patients of the step before, so a step is always a part of the one before and the percentages
 * never pass 100. With a doctor, the patients booked with that doctor, and every step theirs.
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
    const { patients, reached } = await this.steps(db, filter, query.doctorId ?? null)
    if (query.$rows) {
      const step = query.$rows
      const at = patients.filter((patient) => reached.get(patient._id)! >= funnelSteps.indexOf(step))
      const limit = query.$limit ?? REPORT_ROWS_LIMIT
      const skip = query.$skip ?? 0
      const shown = at.slice(skip, skip + limit)
      const details = await patientDetails(db, filter.companyId, shown.map((patient) => ({ customerId: patient._id, sourceId: patient.sourceId })), phoneHiddenFor(params))
      return {
        step, from: query.from, to: query.to, sum: at.length, total: at.length, limit,
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
    for (const patient of patients) {
      const last = reached.get(patient._id)!
      for (const [index, step] of funnelSteps.entries()) {
        if (index > last) break
        totals[step] += 1
        lineOf(bySource, patient.sourceId)[step] += 1
        lineOf(byBranch, patient.branchId)[step] += 1
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

  /**
   * The patients who entered (with a doctor: those booked with them) and the index of the last
   * step each reached, each step read for the patients of the one before.
   */
  private async steps(db: Knex, filter: RegisteredFilter, doctorId: string | null): Promise<{ patients: RegisteredRow[]; reached: Map<string, number> }> {
    const { rows } = await registeredRows(db, filter, undefined)
    const reached = new Map(rows.map((row) => [row._id, 0]))
    const reads: Array<(ids: string[]) => Promise<Set<string>>> = [
      (ids) => patientsWithAppointments(db, filter.companyId, ids, BOOKED_STATUSES, doctorId),
      (ids) => patientsWithAppointments(db, filter.companyId, ids, VISIT_STATUSES, doctorId),
      (ids) => patientsWithPlans(db, filter.companyId, ids, PRESENTED_PLAN_STATUSES, doctorId),
      (ids) => patientsWithPlans(db, filter.companyId, ids, ACCEPTED_PLAN_STATUSES, doctorId),
      (ids) => patientsWhoPaid(db, filter.companyId, ids, doctorId)
    ]
    let current = rows.map((row) => row._id)
    for (const [index, read] of reads.entries()) {
      if (current.length === 0) break
      const next = await read(current)
      current = current.filter((id) => next.has(id))
      for (const id of current) reached.set(id, index + 1)
    }
    // With a doctor, the funnel is of the patients booked with them: entering is booking.
    const patients = doctorId ? rows.filter((row) => reached.get(row._id)! >= 1) : rows
    return { patients, reached }
  }
}
