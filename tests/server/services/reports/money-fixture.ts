import type { SignedIn, TestServer } from '../../support/harness'
import { signedInMember } from '../../support/fixtures'
import { addDoctor, at, openClinic, type Clinic } from '../../support/appointment-fixtures'
import { invoicesOf, key, paymentsOf, visitWithTreatments } from '../billing/billing-fixtures'

/**
 * A Helsinki clinic with crafted invoices and payments on fixed days, for the payments and the
 * debtors reports (tests/server/services/reports/{payment,balance}-reports). Amounts in cents:
 *
 * | invoice | patient | branch | doctor | issued | total | money |
 * | A | Aino | main | none | 2026-10-31 | 100.00 | 20.00 from the balance 10-20, 30.00 cash 10-31 |
 * | B | Aino | main | A | 2026-10-01 | 200.00 | 10.00 card 10-25, cancelled |
 * | C | Aino | main | A | 2026-09-30 | 300.00 | 100.00 card 10-05, 40.00 of it refunded 10-06 |
 * | D | Aino | main | B | 2026-08-02 | 400.00 | 400.00 card 11-05 (after the report's day) |
 * | E | Ольга | North | A | 2026-08-01 | 500.00 | 500.00 cash 09-01, cancelled |
 * | F | Aino | main | A | 2026-10-10 | 600.00 | closed (written off) today |
 * | G | Aino | main | A | 2026-10-12 | 700.00 | closed on 10-15 |
 * | H | Aino | main | A | 2026-10-12 | 800.00 | cancelled |
 * | I | Aino | main | A | 2026-11-10 | 900.00 | nothing |
 *
 * Top-ups: Aino 50.00 cash 10-15 taken by the administrator; Ольга 70.00 mobile 11-02 in North,
 * taken by no one (an online payment). Every other payment is taken by `finance`.
 */
export interface MoneyClinic {
  clinic: Clinic
  finance: SignedIn & { user: { _id: string } }
  doctorB: Awaited<ReturnType<typeof addDoctor>>
  northId: string
  olga: string
  invoices: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I', string>
}

export async function moneyClinic(server: TestServer): Promise<MoneyClinic> {
  const clinic = await openClinic(server)
  const northId = (await clinic.admin.client.service('branches').create({ name: 'North' }))._id as string
  const finance = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId, northId] })
  finance.client.set('currentBranchId', clinic.branchId)
  const doctorB = await addDoctor(server, clinic)
  await server.db('users').where({ _id: finance.user._id }).update({ first_name: 'Kassa', last_name: 'Finance' })
  await server.db('users').where({ _id: doctorB.user._id }).update({ first_name: 'Bea', last_name: 'Doctor' })
  const olga = (await clinic.admin.client.service('customers').create({ first_name: 'Ольга', last_name: 'Петрова' }))._id as string
  const serviceId = (await clinic.admin.client.service('service').create({ name: 'Пломба', duration: 30, price: 1 }))._id
  const make = async (price: number, customerId = clinic.customerId) => (await invoicesOf(finance).create({ customerId, treatmentIds: (await visitWithTreatments(clinic, serviceId, [price], customerId)).treatmentIds }))._id as string
  const invoices = {
    A: await make(10_000), B: await make(20_000), C: await make(30_000), D: await make(40_000), E: await make(50_000, olga),
    F: await make(60_000), G: await make(70_000), H: await make(80_000), I: await make(90_000)
  }
  const issued: Record<keyof typeof invoices, string> = { A: '2026-10-31', B: '2026-10-01', C: '2026-09-30', D: '2026-08-02', E: '2026-08-01', F: '2026-10-10', G: '2026-10-12', H: '2026-10-12', I: '2026-11-10' }
  for (const [name, day] of Object.entries(issued)) await server.db('invoices').where({ _id: invoices[name as keyof typeof invoices] }).update({ issuedOn: day })
  await server.db('invoices').where({ _id: invoices.A }).update({ doctorId: null })
  await server.db('invoices').where({ _id: invoices.D }).update({ doctorId: doctorB.user._id })
  await server.db('invoices').where({ _id: invoices.E }).update({ branchId: northId })

  const pay = (who: SignedIn, body: Record<string, unknown>) => paymentsOf(who).create({ clientKey: key(), customerId: clinic.customerId, ...body } as Parameters<ReturnType<typeof paymentsOf>['create']>[0])
  const cancel = (id: string) => paymentsOf(finance).patch(id, { action: 'cancel', reason: 'mistake', note: 'wrong patient' })
  const card = await pay(finance, { amount: 10_000, method: 'card', date: at('2026-10-05', '10:00'), allocations: [{ invoiceId: invoices.C, amount: 10_000 }] })
  await pay(finance, { refundOf: card._id, amount: 4_000, date: at('2026-10-06', '10:00') })
  await cancel((await pay(clinic.admin, { customerId: olga, amount: 50_000, method: 'cash', date: at('2026-09-01', '10:00'), allocations: [{ invoiceId: invoices.E, amount: 50_000 }] }))._id)
  await pay(clinic.admin, { amount: 5_000, method: 'cash', date: at('2026-10-15', '10:00') })
  await pay(finance, { amount: 2_000, method: 'balance', date: at('2026-10-20', '10:00'), allocations: [{ invoiceId: invoices.A, amount: 2_000 }] })
  await pay(finance, { amount: 3_000, method: 'cash', date: at('2026-10-31', '10:00'), allocations: [{ invoiceId: invoices.A, amount: 3_000 }] })
  await pay(finance, { amount: 40_000, method: 'card', date: at('2026-11-05', '10:00'), allocations: [{ invoiceId: invoices.D, amount: 40_000 }] })
  const online = await pay(finance, { customerId: olga, branchId: northId, amount: 7_000, method: 'mobile', date: at('2026-11-02', '10:00') })
  await server.db('transactions').where({ _id: online._id }).update({ createdBy: null })
  await cancel((await pay(finance, { amount: 1_000, method: 'card', date: at('2026-10-25', '10:00'), allocations: [{ invoiceId: invoices.B, amount: 1_000 }] }))._id)

  await invoicesOf(finance).patch(invoices.F, { action: 'close', reason: 'other', note: 'written off' })
  await invoicesOf(finance).patch(invoices.G, { action: 'close', reason: 'other', note: 'written off' })
  await server.db('invoices').where({ _id: invoices.G }).update({ closedAt: at('2026-10-15', '12:00') })
  await invoicesOf(finance).patch(invoices.H, { action: 'cancel', reason: 'mistake', note: 'twice' })
  return { clinic, finance, doctorB, northId, olga, invoices }
}
