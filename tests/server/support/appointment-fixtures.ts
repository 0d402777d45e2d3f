import type { TestServer, SignedIn } from './harness'
import { signedInMember, type MemberOptions } from './fixtures'
import { zonedToUtc } from '../../../domain/appointments/zoned-time'
import type { AppointmentData } from '../../../server/src/services/appointments/appointment/appointment.shared'

export const ZONE = 'Europe/Helsinki'
/** A company-local time in Helsinki as the UTC instant the API speaks. */
export const at = (date: string, time: string) => zonedToUtc(date, time, ZONE)

/** Every day 08:00-20:00. */
export const FULL_WEEK = { week: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((day) => [day, [{ start: '08:00', end: '20:00' }]])), dates: {} }

export async function setSchedule(server: TestServer, userId: string, schedule: unknown) {
  await server.db('users').where({ _id: userId }).update({ schedule: JSON.stringify(schedule) })
}

export interface Clinic {
  admin: SignedIn
  branchId: string
  customerId: string
  doctor: SignedIn & { user: { _id: string } }
  chairId: string
}

/** A Helsinki clinic with a customer, a doctor working every day 08-20, and a chair. */
export async function openClinic(server: TestServer): Promise<Clinic> {
  const admin = await server.registerClinic('Appointments')
  await admin.client.service('company').patch('mine', { timezone: ZONE })
  const branchId = admin.auth.branchIds[0]
  admin.client.set('currentBranchId', branchId)
  const customer = await admin.client.service('customers').create({ first_name: 'Aino', last_name: 'Virtanen' })
  const doctor = await signedInMember(server, admin, { role: 'doctor' })
  await setSchedule(server, doctor.user._id, FULL_WEEK)
  const chair = await admin.client.service('work-place').create({ name: 'Chair 1', branchId })
  return { admin, branchId, customerId: customer._id, doctor, chairId: chair._id }
}

export async function addDoctor(server: TestServer, clinic: Clinic, options: MemberOptions = {}) {
  const doctor = await signedInMember(server, clinic.admin, { role: 'doctor', ...options })
  await setSchedule(server, doctor.user._id, FULL_WEEK)
  return doctor
}

/** Booking data: 30 minutes with the clinic's doctor at a Helsinki time. */
export function booking(clinic: Clinic, date: string, time: string, extra: Partial<AppointmentData> = {}): AppointmentData {
  return { customerId: clinic.customerId, staffId: clinic.doctor.user._id, start: at(date, time), duration: 30, ...extra } as AppointmentData
}

/**
 * The reports' two-branch clinic: `openClinic` plus a branch "North", a finance manager of both
 * branches (sees every doctor) and a second doctor (working every day 08-20) of both.
 */
export async function openTwoBranchClinic(server: TestServer) {
  const clinic = await openClinic(server)
  const northId: string = (await clinic.admin.client.service('branches').create({ name: 'North' }))._id
  const finance = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId, northId] })
  const doctorB = await addDoctor(server, clinic, { branchIds: [clinic.branchId, northId] })
  return { clinic, northId, finance, doctorB }
}
