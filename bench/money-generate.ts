/**
 * The money of the bench clinic's visits, for the reports' benchmark (issue 19, item 4): every
 * completed visit of the last `days` days gets its invoice (one line: the visit's service, the
 * visit's doctor, issued on the visit's day) and most are paid the way a clinic is paid: at the
 * visit in cash or by card, some in two parts a week apart, some through a top-up of the prepaid
 * balance and a payment from it, some partly refunded, a few left unpaid (the debtors), a few
 * invoices cancelled, a payment taken twice and cancelled now and then.
 *
 * Written in bulk like the appointments (the services stamp today's date on an invoice), with the
 * columns the services write: the invoice's totals from the domain's `invoiceTotals`, numbers from
 * a counter per branch (the branches' `invoice_counters` set to the last one), every payment's
 * allocations, balance payments with their `debiting-from-balance` status. Not written: the
 * patients' stored balance and debt columns (no report reads them; the reports compute money from
 * the ledger's rows) and the visits' treatments (the reports read invoice lines).
 *
 * Read back day by day from the appointments already written, through `appointment(companyId,
 * start)`; SQLite writes through one prepared statement per table, PostgreSQL through COPY.
 */
import type { Knex } from 'knex'
import { databaseEngine } from '../server/src/db'
import { newId } from '../server/src/hooks/ids'
import { seededRandom } from '../server/src/demo-people'
import { invoiceTotals, lineAmount } from '../domain/billing/money'
import { DEFAULT_INVOICE_PREFIX } from '../domain/billing/invoice-prefix'
import { addLocalDays, zonedToUtcMs } from '../domain/appointments/zoned-time'
import { copyRows } from './pg-copy'

export interface MoneyLayout {
  companyId: string
  timeZone: string
  /** Visits before this company-local day are the past ones that were paid (or not). */
  today: string
  /** How many days back from today the visits get their money. */
  days: number
  /** Who took the payments (the bench's administrator). */
  adminId: string
}

export interface GeneratedMoney {
  /** The first day with money (company-local); the last is the day before today. */
  fromDay: string
  invoices: number
  payments: number
}

const INVOICE_COLUMNS = [
  '_id', 'companyId', 'createdAt', 'updatedAt', 'createdBy', 'branchId', 'customerId', 'doctorId', 'appointmentId', 'prefix', 'counter', 'issuedOn', 'notes',
  'vatPercent', 'discountPercent', 'subtotal', 'discountAmount', 'total', 'vatAmount', 'dueDate', 'cancelledAt', 'cancelledBy', 'cancelReason', 'cancelNote',
  'closedAt', 'closedBy', 'closeReason', 'closeNote'
] as const
const LINE_COLUMNS = ['_id', 'companyId', 'invoiceId', 'position', 'treatmentId', 'planItemId', 'serviceId', 'serviceName', 'serviceCode', 'teeth', 'doctorId', 'price', 'quantity', 'discountPercent', 'amount'] as const
const PAYMENT_COLUMNS = [
  '_id', 'companyId', 'createdAt', 'updatedAt', 'createdBy', 'branchId', 'customerId', 'receiver', 'shiftId', 'kind', 'method', 'amount', 'status', 'transactionId',
  'date', 'refundOf', 'clientKey', 'bodyHash', 'notes', 'cancelledAt', 'cancelledBy', 'cancelReason', 'cancelNote'
] as const
const ALLOCATION_COLUMNS = ['_id', 'companyId', 'paymentId', 'customerId', 'invoiceId', 'amount'] as const

type Row<C extends readonly string[]> = Record<C[number], unknown>

interface DayRows {
  invoices: unknown[][]
  lines: unknown[][]
  payments: unknown[][]
  allocations: unknown[][]
}

interface Visit {
  _id: string
  branchId: string
  customerId: string
  staffId: string
  /** An ISO string on SQLite, a Date from PostgreSQL. */
  start: string | Date
  /** JSON text on SQLite; PostgreSQL may answer it parsed. */
  services: string | Array<{ serviceId: string; name: string; price: number; quantity: number }>
}

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

interface SqliteHandle {
  prepare: (sql: string) => { run: (...values: unknown[]) => unknown; all: (...values: unknown[]) => unknown[] }
  transaction: (fn: (rows: DayRows) => void) => (rows: DayRows) => void
}

const insertSql = (table: string, columns: readonly string[]) => `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`
const visitsSql = 'select "_id", "branchId", "customerId", "staffId", "start", "services" from appointment where "companyId" = ? and "start" >= ? and "start" < ? and "status" = \'completed\' order by "start", "staffId"'

/** Writes the money of the completed visits of the last `layout.days` days. */
export async function generateMoney(db: Knex, layout: MoneyLayout, onProgress: (daysDone: number) => void): Promise<GeneratedMoney> {
  const random = seededRandom(20261204)
  const sqlite = databaseEngine(db) === 'sqlite'
  const counters = new Map<string, number>()
  const nowMs = Date.now()
  let invoices = 0
  let payments = 0

  const daysRows = (visits: Visit[], day: string): DayRows => {
    const rows: DayRows = { invoices: [], lines: [], payments: [], allocations: [] }
    const pay = (visit: Visit, at: number, fields: { kind?: 'payment' | 'refund'; method: string; amount: number; refundOf?: string; cancelled?: boolean }, invoiceId: string | null): string => {
      const _id = newId()
      const stamp = new Date(at).toISOString()
      const payment: Row<typeof PAYMENT_COLUMNS> = {
        _id, companyId: layout.companyId, createdAt: stamp, updatedAt: stamp, createdBy: layout.adminId, branchId: visit.branchId, customerId: visit.customerId,
        receiver: '', shiftId: null, kind: fields.kind ?? 'payment', method: fields.method, amount: fields.amount,
        status: fields.cancelled ? 'cancelled' : fields.method === 'balance' ? 'debiting-from-balance' : 'success', transactionId: '', date: stamp,
        refundOf: fields.refundOf ?? null, clientKey: `bench-money-${_id}`, bodyHash: '0'.repeat(64), notes: '',
        cancelledAt: fields.cancelled ? new Date(at + 10 * MINUTE).toISOString() : null, cancelledBy: fields.cancelled ? layout.adminId : null,
        cancelReason: fields.cancelled ? 'mistake' : null, cancelNote: fields.cancelled ? 'Taken twice by mistake' : null
      }
      rows.payments.push(PAYMENT_COLUMNS.map((column) => payment[column]))
      const allocation: Row<typeof ALLOCATION_COLUMNS> = { _id: newId(), companyId: layout.companyId, paymentId: _id, customerId: visit.customerId, invoiceId, amount: fields.amount }
      rows.allocations.push(ALLOCATION_COLUMNS.map((column) => allocation[column]))
      payments += 1
      return _id
    }
    for (const visit of visits) {
      const [service] = typeof visit.services === 'string' ? (JSON.parse(visit.services) as Exclude<Visit['services'], string>) : visit.services
      const startMs = new Date(visit.start).getTime()
      const invoiceId = newId()
      const counter = (counters.get(visit.branchId) ?? 0) + 1
      counters.set(visit.branchId, counter)
      const amount = lineAmount({ price: service.price, quantity: service.quantity, discountPercent: 0 })
      const totals = invoiceTotals([amount], 0, 0)
      const issuedAt = new Date(startMs + 40 * MINUTE).toISOString()
      const roll = random()
      const cancelled = roll < 0.01
      const invoice: Row<typeof INVOICE_COLUMNS> = {
        _id: invoiceId, companyId: layout.companyId, createdAt: issuedAt, updatedAt: issuedAt, createdBy: layout.adminId, branchId: visit.branchId,
        customerId: visit.customerId, doctorId: visit.staffId, appointmentId: visit._id, prefix: DEFAULT_INVOICE_PREFIX, counter, issuedOn: day, notes: '',
        vatPercent: 0, discountPercent: 0, ...totals, dueDate: null,
        cancelledAt: cancelled ? new Date(startMs + DAY).toISOString() : null, cancelledBy: cancelled ? layout.adminId : null,
        cancelReason: cancelled ? 'patient-refused' : null, cancelNote: cancelled ? 'Treatment postponed' : null,
        closedAt: null, closedBy: null, closeReason: null, closeNote: null
      }
      rows.invoices.push(INVOICE_COLUMNS.map((column) => invoice[column]))
      const line: Row<typeof LINE_COLUMNS> = {
        _id: newId(), companyId: layout.companyId, invoiceId, position: 0, treatmentId: null, planItemId: null, serviceId: service.serviceId, serviceName: service.name,
        serviceCode: null, teeth: '[]', doctorId: visit.staffId, price: service.price, quantity: service.quantity, discountPercent: 0, amount
      }
      rows.lines.push(LINE_COLUMNS.map((column) => line[column]))
      invoices += 1
      if (cancelled) continue
      const total = totals.total
      const paidAt = startMs + 45 * MINUTE
      if (roll < 0.06) continue // left unpaid: a debt
      if (roll < 0.13) {
        // Half at the visit, the rest a week later (if that day has come).
        const half = Math.floor(total / 2)
        pay(visit, paidAt, { method: 'cash', amount: half }, invoiceId)
        if (paidAt + 7 * DAY < nowMs) pay(visit, paidAt + 7 * DAY, { method: 'card', amount: total - half }, invoiceId)
      } else if (roll < 0.17) {
        // A top-up of the prepaid balance (a little more than the visit), then paid from it.
        pay(visit, paidAt - 5 * MINUTE, { method: 'bank', amount: total + 50_000_00 }, null)
        pay(visit, paidAt, { method: 'balance', amount: total }, invoiceId)
      } else if (roll < 0.2) {
        // Paid by card, part of it given back two days later.
        const paid = pay(visit, paidAt, { method: 'card', amount: total }, invoiceId)
        const back = Math.floor(total * 0.3)
        if (paidAt + 2 * DAY < nowMs) pay(visit, paidAt + 2 * DAY, { kind: 'refund', method: 'card', amount: -back, refundOf: paid }, invoiceId)
      } else {
        if (roll > 0.995) pay(visit, paidAt - MINUTE, { method: 'cash', amount: total, cancelled: true }, invoiceId)
        pay(visit, paidAt, { method: roll < 0.6 ? 'cash' : 'card', amount: total }, invoiceId)
      }
    }
    return rows
  }

  let connection: SqliteHandle | undefined
  let readDay: (from: string, to: string) => Promise<Visit[]>
  let writeDay: (rows: DayRows) => Promise<void>
  if (sqlite) {
    const handle = (await db.client.acquireConnection()) as SqliteHandle
    connection = handle
    const select = handle.prepare(visitsSql)
    const inserts = {
      invoices: handle.prepare(insertSql('invoices', INVOICE_COLUMNS)),
      lines: handle.prepare(insertSql('invoice_lines', LINE_COLUMNS)),
      payments: handle.prepare(insertSql('transactions', PAYMENT_COLUMNS)),
      allocations: handle.prepare(insertSql('allocations', ALLOCATION_COLUMNS))
    }
    const write = handle.transaction((rows: DayRows) => {
      for (const key of ['invoices', 'lines', 'payments', 'allocations'] as const) for (const values of rows[key]) inserts[key].run(...values)
    })
    readDay = async (from, to) => select.all(layout.companyId, from, to) as Visit[]
    writeDay = async (rows) => write(rows)
  } else {
    readDay = async (from, to) => (await db.raw(visitsSql, [layout.companyId, from, to])).rows as Visit[]
    writeDay = async (rows) => {
      await copyRows(db, 'invoices', INVOICE_COLUMNS, rows.invoices)
      await copyRows(db, 'invoice_lines', LINE_COLUMNS, rows.lines)
      if (rows.payments.length > 0) await copyRows(db, 'transactions', PAYMENT_COLUMNS, rows.payments)
      if (rows.allocations.length > 0) await copyRows(db, 'allocations', ALLOCATION_COLUMNS, rows.allocations)
    }
  }
  const fromDay = addLocalDays(layout.today, -layout.days)
  try {
    for (let index = 0; index < layout.days; index += 1) {
      const day = addLocalDays(fromDay, index)
      const from = new Date(zonedToUtcMs(day, '00:00', layout.timeZone)).toISOString()
      const to = new Date(zonedToUtcMs(addLocalDays(day, 1), '00:00', layout.timeZone)).toISOString()
      const visits = await readDay(from, to)
      if (visits.length > 0) await writeDay(daysRows(visits, day))
      onProgress(index + 1)
    }
  } finally {
    if (connection) await db.client.releaseConnection(connection)
  }
  const counterRows = [...counters].map(([branchId, last]) => ({ companyId: layout.companyId, branchId, prefix: DEFAULT_INVOICE_PREFIX, last }))
  await db.batchInsert('invoice_counters', counterRows, 200)
  return { fromDay, invoices, payments }
}
