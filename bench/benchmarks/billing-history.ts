/**
 * Ten years of a patient's money for the billing tab's benchmark (billing-tab.ts): about two
 * visits a month, each invoiced with 2 or 3 lines, most paid (some in two payments, some by card,
 * some through a top-up of the prepaid balance and a payment from it), a few invoices cancelled
 * with a reason, a few payments cancelled, a few refunds.
 *
 * Written in bulk, not through the services: the services stamp an invoice with today's date
 * (`issuedOn`, `createdAt`) and make its lines from treatments done in a visit, so ten years of
 * history cannot come through them. The rows carry the same columns the services write (the
 * invoice's totals from the domain's `invoiceTotals`, numbers taken from the branch's counter as
 * `nextInvoiceNumber` does, allocations of every payment and refund, balance payments with their
 * `debiting-from-balance` status); the lines name no treatment or plan item (the tab does not read
 * them). The ledger is then checked and the patient's balance and debt settled by a real top-up
 * through `transactions.create` (its `settleCustomer` refuses an over-allocated invoice, a
 * refund beyond its payment and a balance below zero), so the stored columns are the ledger's.
 */
import type { Knex } from 'knex'
import type { ClientApplication } from '../../server/src/client'
import { newId } from '../../server/src/hooks/ids'
import { databaseEngine } from '../../server/src/db'
import { invoiceTotals, lineAmount } from '../../domain/billing/money'
import { DEFAULT_INVOICE_PREFIX } from '../../domain/billing/invoice-prefix'
import { toZoned } from '../../domain/appointments/zoned-time'
import type { BenchDataset } from '../dataset'
import { progressBar } from '../progress'

export const YEARS = 10
/** Two visits a month for ten years, each with its invoice. */
export const INVOICES = YEARS * 24
/** The top-up through the service that settles the patient (clientKey per patient: made once). */
const SETTLING_TOP_UP = 10_000_00

const DAY = 24 * 60 * 60 * 1000

interface Rows {
  invoices: Record<string, unknown>[]
  lines: Record<string, unknown>[]
  payments: Record<string, unknown>[]
  allocations: Record<string, unknown>[]
}

interface Payer {
  companyId: string
  branchId: string
  customerId: string
  adminId: string
}

/** One payment (or refund) row with its allocations, as `transactions.create` writes them. */
function payment(rows: Rows, payer: Payer, at: number, key: string, fields: { kind?: 'payment' | 'refund'; method: string; amount: number; refundOf?: string; cancelled?: boolean }, targets: Array<{ invoiceId: string | null; amount: number }>): string {
  const _id = newId()
  const stamp = new Date(at).toISOString()
  const status = fields.cancelled ? 'cancelled' : fields.method === 'balance' ? 'debiting-from-balance' : 'success'
  rows.payments.push({
    _id, companyId: payer.companyId, createdAt: stamp, updatedAt: stamp, createdBy: payer.adminId, branchId: payer.branchId, customerId: payer.customerId,
    receiver: '', shiftId: null, kind: fields.kind ?? 'payment', method: fields.method, amount: fields.amount, status, transactionId: '', date: stamp,
    refundOf: fields.refundOf ?? null, clientKey: `bench-billing-${payer.customerId}-${key}`, bodyHash: '0'.repeat(64), notes: '',
    cancelledAt: fields.cancelled ? new Date(at + DAY).toISOString() : null, cancelledBy: fields.cancelled ? payer.adminId : null,
    cancelReason: fields.cancelled ? 'mistake' : null, cancelNote: fields.cancelled ? 'Taken twice by mistake' : null
  })
  for (const target of targets) rows.allocations.push({ _id: newId(), companyId: payer.companyId, paymentId: _id, customerId: payer.customerId, invoiceId: target.invoiceId, amount: target.amount })
  return _id
}

/** The rows of one patient's ten years; `counter` is the first invoice number reserved for them. */
function historyOf(dataset: BenchDataset, payer: Payer, counter: number, doctorIds: string[], end: number): Rows {
  const rows: Rows = { invoices: [], lines: [], payments: [], allocations: [] }
  const span = YEARS * 365 * DAY
  for (let visit = 0; visit < INVOICES; visit += 1) {
    // Evenly spread over ten years, ending a week ago; a visit at 10:00 local time or so.
    const at = end - 7 * DAY - span + Math.round((visit * span) / INVOICES)
    const stamp = new Date(at).toISOString()
    const invoiceId = newId()
    const doctorId = doctorIds[visit % doctorIds.length]
    const count = 2 + (visit % 2)
    const amounts: number[] = []
    for (let position = 0; position < count; position += 1) {
      const service = dataset.services[(visit + position * 3) % dataset.services.length]
      const amount = lineAmount({ price: service.price, quantity: 1, discountPercent: 0 })
      amounts.push(amount)
      rows.lines.push({
        _id: newId(), companyId: payer.companyId, invoiceId, position, treatmentId: null, planItemId: null, serviceId: service._id, serviceName: service.name,
        serviceCode: null, teeth: JSON.stringify([{ tooth: 36, surfaces: ['O'] }]), doctorId, price: service.price, quantity: 1, discountPercent: 0, amount
      })
    }
    const totals = invoiceTotals(amounts, 0, 0)
    const cancelled = visit % 40 === 13
    rows.invoices.push({
      _id: invoiceId, companyId: payer.companyId, createdAt: stamp, updatedAt: stamp, createdBy: payer.adminId, branchId: payer.branchId, customerId: payer.customerId,
      doctorId, appointmentId: null, prefix: DEFAULT_INVOICE_PREFIX, counter: counter + visit, issuedOn: toZoned(at, 'Asia/Tashkent').date, notes: '',
      vatPercent: 0, discountPercent: 0, ...totals, dueDate: null,
      cancelledAt: cancelled ? new Date(at + DAY).toISOString() : null, cancelledBy: cancelled ? payer.adminId : null,
      cancelReason: cancelled ? 'patient-refused' : null, cancelNote: cancelled ? 'Treatment postponed' : null,
      closedAt: null, closedBy: null, closeReason: null, closeNote: null
    })
    if (cancelled) continue
    const total = totals.total
    const paidAt = at + 20 * 60 * 1000
    const key = (suffix: string) => `${visit}-${suffix}`
    switch (visit % 10) {
      case 6: {
        // Half at the visit, the rest a week later.
        const half = Math.floor(total / 2)
        payment(rows, payer, paidAt, key('a'), { method: 'cash', amount: half }, [{ invoiceId, amount: half }])
        payment(rows, payer, paidAt + 7 * DAY, key('b'), { method: 'card', amount: total - half }, [{ invoiceId, amount: total - half }])
        break
      }
      case 7: {
        // A top-up of the prepaid balance (a little more than the invoice), then paid from it.
        payment(rows, payer, paidAt - 5 * 60 * 1000, key('top-up'), { method: 'bank', amount: total + 50_000_00 }, [{ invoiceId: null, amount: total + 50_000_00 }])
        payment(rows, payer, paidAt, key('balance'), { method: 'balance', amount: total }, [{ invoiceId, amount: total }])
        break
      }
      case 8: {
        const original = payment(rows, payer, paidAt, key('paid'), { method: 'card', amount: total }, [{ invoiceId, amount: total }])
        // Every other such visit, part of it given back: the invoice asks for it again (a debt).
        if (visit % 20 === 8) {
          const back = Math.floor(total * 0.3)
          payment(rows, payer, paidAt + 2 * DAY, key('refund'), { kind: 'refund', method: 'card', amount: -back, refundOf: original }, [{ invoiceId, amount: -back }])
        }
        break
      }
      case 9:
        // One visit in twenty is left unpaid (the patient's debt).
        if (visit % 20 === 19) break
        payment(rows, payer, paidAt, key('paid'), { method: 'cash', amount: total }, [{ invoiceId, amount: total }])
        break
      default:
        // A payment taken twice by mistake, cancelled, once in fifty visits.
        if (visit % 50 === 25) payment(rows, payer, paidAt - 60 * 1000, key('twice'), { method: 'cash', amount: total, cancelled: true }, [{ invoiceId, amount: total }])
        payment(rows, payer, paidAt, key('paid'), { method: visit % 3 === 0 ? 'card' : 'cash', amount: total }, [{ invoiceId, amount: total }])
    }
  }
  return rows
}

/** Takes `count` numbers of the branch's invoice counter at once (as nextInvoiceNumber takes one), answering the first. */
async function reserveNumbers(trx: Knex, companyId: string, branchId: string, count: number): Promise<number> {
  await trx('invoice_counters').insert({ companyId, branchId, prefix: DEFAULT_INVOICE_PREFIX, last: 0 }).onConflict(['companyId', 'branchId']).ignore()
  await trx('invoice_counters').where({ companyId, branchId }).update({ last: trx.raw('?? + ?', ['last', count]) })
  const row = await trx('invoice_counters').where({ companyId, branchId }).first('last')
  return Number(row.last) - count + 1
}

/**
 * Gives each of `patients` ten years of invoices and payments, once: a patient who already has
 * them is left as is (the dataset is kept between runs). Answers how many were written now.
 */
export async function billingHistoryFor(db: Knex, dataset: BenchDataset, admin: ClientApplication, patients: string[]): Promise<number> {
  const branchId = dataset.branchIds[0]
  const doctorIds = dataset.doctors.filter((doctor) => doctor.branchId === branchId).map((doctor) => doctor._id)
  const adminRow = (await db('users').where({ companyId: dataset.companyId, email: 'admin@bench.clinic' }).first('_id')) as { _id: string }
  let written = 0
  const bar = progressBar('billing', patients.length)
  for (const [done, customerId] of patients.entries()) {
    bar.update(done)
    const [{ count }] = (await db('invoices').where({ companyId: dataset.companyId, customerId }).count({ count: '*' })) as Array<{ count: number | string }>
    if (Number(count) >= INVOICES) continue
    if (Number(count) > 0) throw new Error(`patient ${customerId} has ${count} invoices, not the bench's ${INVOICES}: regenerate the dataset (--fresh)`)
    const payer = { companyId: dataset.companyId, branchId, customerId, adminId: adminRow._id }
    await db.transaction(async (trx) => {
      const first = await reserveNumbers(trx, dataset.companyId, branchId, INVOICES)
      const rows = historyOf(dataset, payer, first, doctorIds, Date.now())
      await db.batchInsert('invoices', rows.invoices, 200).transacting(trx)
      await db.batchInsert('invoice_lines', rows.lines, 200).transacting(trx)
      await db.batchInsert('transactions', rows.payments, 200).transacting(trx)
      await db.batchInsert('allocations', rows.allocations, 300).transacting(trx)
    })
    // Through the product: checks the ledger just written and stores the balance and debt it gives.
    await admin.service('transactions').create({ clientKey: `bench-billing-settle-${customerId}`, customerId, branchId, method: 'cash', amount: SETTLING_TOP_UP })
    written += 1
  }
  bar.stop()
  await refreshStatistics(db)
  return written
}

/**
 * The planner statistics of the money tables after the bulk write, as a running server keeps
 * them (db.ts keepStatisticsFresh: SQLite analyzes tables without statistics at start and stale
 * ones hourly; PostgreSQL's autovacuum analyzes a table that grew). The bench server does not run
 * that upkeep (so this runs every time; it does nothing while they hold), and the dataset's statistics were taken while these tables were empty: without
 * this, SQLite reads a whole company's index for `companyId = ? and _id in (...)` and PostgreSQL
 * plans for empty tables.
 */
async function refreshStatistics(db: Knex) {
  if (databaseEngine(db) === 'sqlite') {
    await db.raw('pragma analysis_limit = 1000')
    await db.raw('pragma optimize = 0x10002')
  } else await db.raw('analyze invoices, invoice_lines, transactions, allocations, invoice_counters')
}
