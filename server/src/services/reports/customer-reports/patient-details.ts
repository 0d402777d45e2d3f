import type { Knex } from 'knex'
import { customerNamesAndPhones } from '../../customers/customers/customer-report-reads'
import { firstVisitsOf } from '../../appointments/appointment/patient-visit-reads'
import { sourceNames } from '../../customers/sources/source-rows'
import { memberDisplayNames } from '../../team/users/user-rows'

/** What a report's patient row shows of the patient, read once for all the rows. */
export interface PatientDetails {
  name: (customerId: string) => string
  /** null when phone protection hides phones from the caller. */
  phone: (customerId: string) => string | null
  firstVisit: (customerId: string) => { day: string; doctorName: string } | null
  staffName: (staffId: string | null) => string
  sourceName: (sourceId: string | null) => string
}

/**
 * Names, phones (unless hidden: `customer-phone` rules, customer-phone.ts `phoneHiddenFor`), first
 * visits ever, and the names of the doctors and sources the rows mention: the customers report's
 * and the funnel's drill-downs.
 */
export async function patientDetails(db: Knex, companyId: string, rows: ReadonlyArray<{ customerId: string; doctorId?: string | null; sourceId: string | null }>, phonesHidden: boolean): Promise<PatientDetails> {
  const customerIds = rows.map((row) => row.customerId)
  const [patients, firsts, sources] = await Promise.all([
    customerNamesAndPhones(db, companyId, customerIds),
    firstVisitsOf(db, companyId, customerIds),
    sourceNames(db, companyId, rows.flatMap((row) => (row.sourceId ? [row.sourceId] : [])))
  ])
  const staff = await memberDisplayNames(db, companyId, [...rows.flatMap((row) => (row.doctorId ? [row.doctorId] : [])), ...[...firsts.values()].map((first) => first.doctorId)])
  return {
    name: (id) => patients.get(id)?.name ?? '',
    phone: (id) => (phonesHidden ? null : (patients.get(id)?.phone ?? '')),
    firstVisit: (id) => {
      const first = firsts.get(id)
      return first ? { day: first.day, doctorName: staff.get(first.doctorId) ?? '' } : null
    },
    staffName: (id) => (id ? (staff.get(id) ?? '') : ''),
    sourceName: (id) => (id ? (sources.get(id) ?? '') : '')
  }
}
