import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from './declarations'
import { seededRandom } from './demo-people'
import { newId } from './hooks/ids'
import { inWriteTransaction } from './hooks/call-transaction'
import { TREATMENT_TABLE, searchNameOf, treatmentCodec } from './services/clinical/treatment/treatment-rows'
import { INVOICES_TABLE } from './services/billing/invoices/invoice-rows'
import { TRANSACTIONS_TABLE } from './services/billing/transactions/transaction-rows'
import type { InvoicesService } from './services/billing/invoices/invoices.class'
import type { TransactionsService } from './services/billing/transactions/transactions.class'
import type { PaymentMethod } from '../../domain/billing/money'
import { demoVisitsDone, type DemoAppointment } from './seed-demo-week'

const MINUTE = 60_000
/** Money is asked and paid in whole thousands of som (100 000 minor units), as at a real desk. */
const THOUSAND = 100_000
const down = (minor: number) => Math.max(THOUSAND, Math.floor(minor / THOUSAND) * THOUSAND)

export interface DemoMoneyInput {
  companyId: string
  /** The demo administrator: who took the money. */
  userId: string
  now: number
  appointments: DemoAppointment[]
}

export interface DemoMoney {
  invoices: number
  payments: number
  refunds: number
}

/**
 * The demo clinic's money (issue 19: its reports showed zeros): every visit completed before
 * the seed's moment gets its treatment lines (what was done: the booked services) and an invoice,
 * and most are paid the same day, in cash, by card or from the phone; some patients pay part and
 * owe the rest (a few pay it the next day), some owe it all, some pay from money they put on
 * their balance days before, a few top up for later, and one card payment is partly refunded
 * the next day. Deterministic (seeded random, the visits' own times).
 *
 * Invoices and payments are made by the billing services' own create (`_create`: the customer's
 * lock, the lines, the gapless number, allocations checked against what each invoice still asks,
 * the balance never below zero, the customer's balance and debt settled), all in one transaction
 * (one commit: quick on SQLite). Then, as the history they stand for, each invoice is dated its
 * visit's day and each payment its moment (the services stamp today) and the administrator is
 * their author. Old money is no news: no "payment received" notice (`history`), and nothing is
 * announced after the commit (nobody is connected to an empty database being filled).
 * Treatment lines are written as rows (the clinical area's codec), like the appointments.
 */
export async function seedDemoMoney(app: Application, input: DemoMoneyInput): Promise<DemoMoney> {
  const random = seededRandom(19)
  const db = app.get('db')
  const services = new Map(
    ((await db('services').where({ companyId: input.companyId }).select('_id', 'code', 'name', 'duration', 'price')) as Array<{ _id: string; code: string | null; name: string; duration: number; price: unknown }>).map((row) => [row._id, row])
  )
  // In the plan's order (deterministic; ids are not), so the same week gets the same money.
  const done = demoVisitsDone(input.appointments, input.now)
  const invoices = app.service('invoices') as unknown as InvoicesService
  const transactions = app.service('transactions') as unknown as TransactionsService
  const counts: DemoMoney = { invoices: 0, payments: 0, refunds: 0 }
  const iso = (ms: number) => new Date(Math.min(ms, input.now)).toISOString()
  let keys = 0

  await inWriteTransaction(app, async (params: Params) => {
    const trx = (params as { transaction: { trx: Knex.Transaction } }).transaction.trx
    const dated: Array<{ table: string; _id: string; at: string; issuedOn?: string }> = []
    const pay = async (body: { customerId: string; branchId: string; amount: number; method?: PaymentMethod; refundOf?: string; allocations?: Array<{ invoiceId: string | null; amount: number }> }, atMs: number) => {
      const at = iso(atMs)
      const payment = await transactions._create({ companyId: input.companyId, clientKey: `demo-${(keys += 1)}`, date: at, ...body }, { ...params, history: true } as Params)
      dated.push({ table: TRANSACTIONS_TABLE, _id: payment._id, at })
      if (body.refundOf) counts.refunds += 1
      else counts.payments += 1
      return payment
    }
    let refunded = false
    for (const visit of done) {
      const endMs = Date.parse(visit.end)
      const customerId = visit.customerId as string
      const lines = (visit.services as Array<{ serviceId: string; quantity: number }>).flatMap((booked) => {
        const service = services.get(booked.serviceId)
        if (!service) return []
        const stamp = iso(endMs - 5 * MINUTE)
        return [{
          _id: newId(), companyId: input.companyId, createdAt: stamp, updatedAt: stamp, createdBy: visit.staffId,
          branchId: visit.branchId, customerId, appointmentId: visit._id, visitDate: visit.date, teeth: [],
          serviceId: service._id, serviceName: service.name, serviceCode: service.code, serviceDuration: Number(service.duration),
          listPrice: Number(service.price), quantity: booked.quantity ?? 1, price: Number(service.price), icdCode: null,
          doctorId: visit.staffId, assistantId: null, materials: '', invoiceId: null, planItemId: null, searchName: searchNameOf(service.name)
        }]
      })
      if (lines.length === 0) continue
      await trx(TREATMENT_TABLE).insert(lines.map((line) => treatmentCodec.toDb(line)))
      const invoice = await invoices._create({ companyId: input.companyId, customerId, appointmentId: visit._id }, params)
      dated.push({ table: INVOICES_TABLE, _id: invoice._id, at: iso(endMs), issuedOn: visit.date })
      counts.invoices += 1
      const total = invoice.total
      const where = { customerId, branchId: visit.branchId }
      const roll = random()
      const paidAt = endMs + Math.floor(2 + random() * 10) * MINUTE
      if (roll < 0.5) {
        // Paid in full at the desk; the first card payment of the week is partly refunded the next day.
        const method: PaymentMethod = random() < 0.55 ? 'cash' : random() < 0.8 ? 'card' : 'mobile'
        const payment = await pay({ ...where, method, amount: total, allocations: [{ invoiceId: invoice._id, amount: total }] }, paidAt)
        // The first one the week allows is partly refunded (the next day, or an hour later when that is still ahead).
        const refundAt = [paidAt + 24 * 60 * MINUTE, paidAt + 60 * MINUTE].find((at) => at < input.now)
        if (!refunded && method !== 'mobile' && refundAt && total > THOUSAND) {
          await pay({ ...where, refundOf: payment._id, amount: down(total / 3), allocations: [{ invoiceId: invoice._id, amount: down(total / 3) }] }, refundAt)
          refunded = true
        }
      } else if (roll < 0.65) {
        // Part now, the rest owed; some settle it the next day.
        const part = down(total / 2)
        if (part >= total) continue
        await pay({ ...where, method: 'cash', amount: part, allocations: [{ invoiceId: invoice._id, amount: part }] }, paidAt)
        const nextDay = paidAt + 24 * 60 * MINUTE + 60 * MINUTE
        if (random() < 0.4 && nextDay < input.now) await pay({ ...where, method: 'card', amount: total - part, allocations: [{ invoiceId: invoice._id, amount: total - part }] }, nextDay)
      } else if (roll < 0.8) {
        // Prepaid: money put on the balance days before (a little more than the visit), spent on it now.
        const topUp = total + down(total / 4)
        await pay({ ...where, method: random() < 0.5 ? 'cash' : 'card', amount: topUp }, Date.parse(visit.createdAt as string) + 30 * MINUTE)
        await pay({ ...where, method: 'balance', amount: total, allocations: [{ invoiceId: invoice._id, amount: total }] }, paidAt)
      } else if (roll < 0.88) {
        // Paid by card, and a top-up for the next visit.
        await pay({ ...where, method: 'card', amount: total + THOUSAND * 5, allocations: [{ invoiceId: invoice._id, amount: total }, { invoiceId: null, amount: THOUSAND * 5 }] }, paidAt)
      }
      // The rest owe the whole invoice.
    }
    for (const entry of dated) {
      await trx(entry.table).where({ _id: entry._id, companyId: input.companyId }).update({ createdAt: entry.at, updatedAt: entry.at, createdBy: input.userId, ...(entry.issuedOn ? { issuedOn: entry.issuedOn } : {}) })
    }
  }, { announce: false })
  return counts
}
