import type { Knex } from 'knex'
import { APPOINTMENT_TABLE } from './appointment-booking'

/**
 * The appointments area's questions of one patient for the conversion funnel's grouped read
 * (issue 19, docs/decisions/reports.md "customer-conversion-funnel-reports"), asked by the database
 * inside the customers area's statement; `patientsWithAppointments` (patient-visit-reads.ts) is the
 * same question over a list of ids. Index: appointment (companyId, customerId, start, status).
 */

/**
 * `exists` over this subquery is true when the patient whose id is the outer column
 * `customerColumn` has an appointment in one of `statuses` (with `doctorId` when given), whenever:
 * the funnel's "booked" and "arrived". One probe of appointment (companyId, customerId, start,
 * status) per patient, answered from the index alone (without a doctor) and stopping at the first match.
 */
export function appointmentOfPatient(db: Knex, companyId: string, customerColumn: string, statuses: readonly string[], doctorId: string | null): Knex.QueryBuilder {
  const query = db(`${APPOINTMENT_TABLE} as pa`).select(db.raw('1')).where('pa.companyId', companyId).where('pa.customerId', db.ref(customerColumn)).whereIn('pa.status', [...statuses])
  if (doctorId) query.where('pa.staffId', doctorId)
  return query
}

/**
 * The ids of the patients with an appointment with `doctorId` in one of `statuses`, whenever, as a
 * subquery (`whereIn`): the funnel's entry with a doctor, read through the doctor's appointments
 * (companyId, staffId, start) rather than probing every registered patient.
 */
export function patientsOfDoctor(db: Knex, companyId: string, doctorId: string, statuses: readonly string[]): Knex.QueryBuilder {
  return db(`${APPOINTMENT_TABLE} as pd`).select('pd.customerId').where('pd.companyId', companyId).where('pd.staffId', doctorId).whereIn('pd.status', [...statuses])
}
