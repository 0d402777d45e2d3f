import type { Params } from '@feathersjs/feathers'
import { BadRequest } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { clinicError } from '../../../errors'
import { companyTimeZone } from '../../company/company/company-reads'
import { activeBranchIds } from '../../company/branches/branch-reads'
import { debtFigure, debtRows, prepaidRows, type DebtFilter } from '../../billing/debt-report-reads'
import { refreshDebtSpans } from '../../billing/debt-spans'
import { customerNames } from '../../customers/customers/customer-contact'
import { memberDisplayNames } from '../../team/users/user-rows'
import { REPORT_ROWS_LIMIT } from '../reports-summary/reports-summary.shared'
import { isLocalDay } from '../../../../../domain/reports/periods'
import { addLocalDays, daysBetween, localDate, zonedToUtc } from '../../../../../domain/appointments/zoned-time'
import type { ReportReach } from '../report-scope'
import type { BalanceReportsQuery } from './balance-reports.schema'
import type { AgedDebt, BalanceReport, BalanceReportRows, DebtByBranch, DebtByPatient } from './balance-reports.shared'

/** The query once the hooks have checked it: the company, the branches and doctor allowed. */
export type ScopedBalanceQuery = BalanceReportsQuery & { companyId: string } & ReportReach
export type BalanceReportsParams = Params<BalanceReportsQuery>

const empty = (): AgedDebt => ({ d0_30: 0, d31_60: 0, d61_90: 0, d90: 0, debt: 0, invoices: 0 })

/** Sums billing's debt reads as of a day (its spans, debt-spans.ts); no table of its own. */
export class BalanceReportsService {
  constructor(private readonly app: Application) {}

  async find(params?: BalanceReportsParams): Promise<BalanceReport | BalanceReportRows> {
    const db = dbOf(this.app, params)
    const query = params?.query as ScopedBalanceQuery
    const timeZone = await companyTimeZone(db, query.companyId)
    const today = localDate(new Date(), timeZone)
    const asOf = query.asOf ?? today
    if (!isLocalDay(asOf) || asOf > today) throw clinicError(BadRequest, 'invalid-request', 'asOf')
    const filter: DebtFilter = {
      companyId: query.companyId,
      asOf,
      asOfEnd: zonedToUtc(addLocalDays(asOf, 1), '00:00', timeZone),
      branchIds: query.branchId ? [query.branchId] : query.branchIds,
      doctorId: query.doctorId ?? null
    }
    // Money on a balance belongs to the patient, not to a branch or a doctor: shown for a
    // report of every branch (a caller who works in every branch in use) and every doctor.
    const everyBranch = !query.branchId && (query.branchIds === null || (await activeBranchIds(db, query.companyId)).every((id) => query.branchIds!.includes(id)))
    const prepaidShown = everyBranch && filter.doctorId === null
    // The invoices' and balances' spans a write marked since, recomputed before they are read.
    await refreshDebtSpans(db, query.companyId)
    const limit = query.$limit ?? REPORT_ROWS_LIMIT
    if (query.$rows === 'debt') {
      const found = await debtRows(db, filter, { bucket: query.bucket, branchId: query.branchId, customerId: query.customerId }, { limit, skip: query.$skip })
      const [customers, doctors] = await Promise.all([
        customerNames(db, filter.companyId, found.rows.map((row) => row.customerId)),
        memberDisplayNames(db, filter.companyId, found.rows.flatMap((row) => (row.doctorId ? [row.doctorId] : [])))
      ])
      return {
        figure: 'debt', asOf, sum: found.sum, total: found.total, limit,
        data: found.rows.map((row) => ({ ...row, age: daysBetween(row.issuedOn, asOf), customerName: customers.get(row.customerId) ?? '', doctorName: row.doctorId ? (doctors.get(row.doctorId) ?? '') : '' }))
      }
    }
    if (query.$rows === 'prepaid') {
      const found = prepaidShown ? await prepaidRows(db, filter, limit, query.customerId, query.$skip) : { total: 0, sum: 0, rows: [] }
      const customers = await customerNames(db, filter.companyId, found.rows.map((row) => row.customerId))
      return {
        figure: 'prepaid', asOf, sum: found.sum, total: found.total, limit,
        data: found.rows.map((row) => ({ _id: row.customerId, customerId: row.customerId, customerName: customers.get(row.customerId) ?? '', lastMovement: localDate(row.lastMovement, timeZone), value: row.value }))
      }
    }
    const [groups, prepaid] = await Promise.all([debtFigure(db, filter), prepaidShown ? prepaidRows(db, filter, 0).then((found) => ({ sum: found.sum, patients: found.total })) : Promise.resolve(null)])
    const totals = { ...empty(), patients: 0 }
    const branches = new Map<string, DebtByBranch>()
    const patients = new Map<string, DebtByPatient>()
    for (const group of groups) {
      let branch = branches.get(group.branchId)
      if (!branch) branches.set(group.branchId, (branch = { branchId: group.branchId, ...empty() }))
      let patient = patients.get(group.customerId)
      if (!patient) patients.set(group.customerId, (patient = { customerId: group.customerId, name: '', ...empty() }))
      for (const entry of [totals, branch, patient]) {
        entry[group.bucket] += group.value
        entry.debt += group.value
        entry.invoices += group.invoices
      }
    }
    totals.patients = patients.size
    const ranked = [...patients.values()].sort((a, b) => b.debt - a.debt || a.customerId.localeCompare(b.customerId)).slice(0, REPORT_ROWS_LIMIT)
    const names = await customerNames(db, filter.companyId, ranked.map((patient) => patient.customerId))
    return {
      asOf,
      branchId: query.branchId ?? null,
      doctorId: filter.doctorId,
      totals,
      byBranch: [...branches.values()].sort((a, b) => b.debt - a.debt || a.branchId.localeCompare(b.branchId)),
      patients: ranked.map((patient) => ({ ...patient, name: names.get(patient.customerId) ?? '' })),
      patientsTotal: patients.size,
      prepaid,
      formulas: { debt: 'reports.debtors.formulas.debt', age: 'reports.debtors.formulas.age', prepaid: 'reports.debtors.formulas.prepaid' }
    }
  }
}
