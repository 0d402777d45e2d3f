import type { SignedIn, TestServer } from '../../support/harness'
import { signedInMember } from '../../support/fixtures'
import { addDoctor, booking, openClinic, type Clinic } from '../../support/appointment-fixtures'
import { invoicesOf } from '../billing/billing-fixtures'

/**
 * A Helsinki clinic with treatments done and invoiced on fixed days, for the services report and
 * the toppers (tests/server/services/reports/{service-reports,toppers}). Amounts in cents. Aino's
 * source is Instagram, Ольга has none and a 10 % discount. Services: Пломба (category Терапия),
 * Чистка (no category).
 *
 * | visit | day | patient | doctor (visit / lines) | branch | treatments | invoice |
 * | v1 | 12-02 | Aino | A / A | main | Пломба 100.00 ×1, Пломба 120.00 ×2 | I1: 340.00 |
 * | v2 | 12-03 | Ольга | B / B | main | Чистка 50.00, Пломба 99.99 | I2: 149.99 less 10 % → 134.99 (45.00 + 89.99) |
 * | v3 | 12-04 | Aino | A / A | North | Чистка 30.00 | I3 cancelled |
 * | v4 | 12-05 | Aino | A / A | main | Чистка 40.00 | none |
 *
 * So Пломба: done 4, billed 4, revenue 429.99; Чистка: done 3, billed 1, revenue 45.00.
 * Every visit completed: visits A 3, B 1; new patients Aino (Instagram) on v1, Ольга (none) on v2.
 */
export const PERIOD = { from: '2026-12-01', to: '2026-12-08' }

export interface ServiceClinic {
  clinic: Clinic
  finance: SignedIn & { user: { _id: string } }
  doctorB: Awaited<ReturnType<typeof addDoctor>>
  northId: string
  olga: string
  instagram: string
  filling: string
  cleaning: string
  therapy: string
}

export async function serviceClinic(server: TestServer): Promise<ServiceClinic> {
  const clinic = await openClinic(server)
  const { admin } = clinic
  const northId = (await admin.client.service('branches').create({ name: 'North' }))._id as string
  const finance = await signedInMember(server, admin, { role: 'finance', branchIds: [clinic.branchId, northId] })
  finance.client.set('currentBranchId', clinic.branchId)
  const doctorB = await addDoctor(server, clinic)
  await server.db('users').where({ _id: doctorB.user._id }).update({ first_name: 'Bea', last_name: 'Doctor' })
  await server.db('users').where({ _id: clinic.doctor.user._id }).update({ first_name: 'Anna', last_name: 'Doctor' })
  const instagram = (await admin.client.service('sources').create({ name: 'Instagram' }))._id as string
  await admin.client.service('customers').patch(clinic.customerId, { sourceId: instagram })
  const olga = (await admin.client.service('customers').create({ first_name: 'Ольга', last_name: 'Петрова', discount: 10 }))._id as string
  const therapy = (await admin.client.service('service-categories').create({ name: 'Терапия' }))._id as string
  const filling = (await admin.client.service('service').create({ name: 'Пломба', duration: 30, price: 10_000, categoryId: therapy }))._id as string
  const cleaning = (await admin.client.service('service').create({ name: 'Чистка', duration: 30, price: 5_000 }))._id as string

  const visit = async (day: string, customerId: string, lines: Array<{ serviceId: string; price: number; quantity?: number; doctorId?: string }>) => {
    const created = await admin.client.service('appointment').create(booking(clinic, day, '10:00', { customerId }))
    const ids: string[] = []
    for (const line of lines) ids.push((await admin.client.service('treatment').create({ customerId, appointmentId: created._id, ...line }))._id as string)
    await server.db('appointment').where({ _id: created._id }).update({ status: 'completed' })
    return { visitId: created._id as string, treatmentIds: ids }
  }
  const invoice = async (treatmentIds: string[], customerId: string, day: string) => {
    const made = await invoicesOf(finance).create({ customerId, treatmentIds })
    await server.db('invoices').where({ _id: made._id }).update({ issuedOn: day })
    return made._id as string
  }
  const B = doctorB.user._id
  const v1 = await visit('2026-12-02', clinic.customerId, [{ serviceId: filling, price: 10_000 }, { serviceId: filling, price: 12_000, quantity: 2 }])
  await invoice(v1.treatmentIds, clinic.customerId, '2026-12-02')
  const v2 = await visit('2026-12-03', olga, [{ serviceId: cleaning, price: 5_000, doctorId: B }, { serviceId: filling, price: 9_999, doctorId: B }])
  await server.db('appointment').where({ _id: v2.visitId }).update({ staffId: B })
  await invoice(v2.treatmentIds, olga, '2026-12-03')
  const v3 = await visit('2026-12-04', clinic.customerId, [{ serviceId: cleaning, price: 3_000 }])
  const i3 = await invoice(v3.treatmentIds, clinic.customerId, '2026-12-04')
  await invoicesOf(finance).patch(i3, { action: 'cancel', reason: 'mistake', note: 'twice' })
  await server.db('appointment').where({ _id: v3.visitId }).update({ branchId: northId })
  await server.db('treatments').whereIn('_id', v3.treatmentIds).update({ branchId: northId })
  await server.db('invoices').where({ _id: i3 }).update({ branchId: northId })
  await visit('2026-12-05', clinic.customerId, [{ serviceId: cleaning, price: 4_000 }])
  return { clinic, finance, doctorB, northId, olga, instagram, filling, cleaning, therapy }
}
