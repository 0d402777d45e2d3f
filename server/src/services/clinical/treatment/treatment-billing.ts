import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { afterCommit, dbOf } from '../../../hooks/call-transaction'
import { now } from '../../../hooks/ids'
import { databaseEngine } from '../../../db'
import { TREATMENT_TABLE, treatmentCodec } from './treatment-rows'
import type { TreatmentLine } from './treatment.schema'
import { treatmentPath } from './treatment.shared'

/**
 * What billing does with treatment lines, inside the caller's transaction (nothing else of
 * billing names the treatments table): invoicing locks lines with the invoice's id, cancelling
 * the invoice frees them. The lines' `patched` events leave after the commit.
 */

export interface BillingSelection {
  companyId: string
  customerId: string
  /** The lines named; or, with `appointmentId`, every line of the visit not billed yet. */
  treatmentIds?: readonly string[]
  appointmentId?: string
}

function announce(app: Application, params: Params | undefined, lines: TreatmentLine[]) {
  return afterCommit(params, () => {
    for (const line of lines) app.service(treatmentPath).emit('patched', line)
  })
}

/**
 * Marks the lines as invoiced by `invoiceId` and answers them as stored (the invoice copies
 * their snapshot). Read locked on PostgreSQL, so two invoices of one line cannot both win;
 * SQLite's writer lock serialises anyway. A line unknown or another patient's is BadRequest
 * `invoice-treatment-unknown` at `treatmentIds.<i>`; one already invoiced is Conflict
 * `treatment-billed` there; a visit with nothing left to invoice is `invoice-empty`.
 */
export async function invoiceTreatments(app: Application, params: Params | undefined, selection: BillingSelection, invoiceId: string): Promise<TreatmentLine[]> {
  const db = dbOf(app, params)
  const query = db(TREATMENT_TABLE).where({ companyId: selection.companyId })
  if (selection.treatmentIds) query.whereIn('_id', [...selection.treatmentIds])
  else query.where({ appointmentId: selection.appointmentId ?? '', customerId: selection.customerId }).whereNull('invoiceId')
  query.orderBy([{ column: 'createdAt' }, { column: '_id' }])
  if (databaseEngine(db) === 'postgres' && db.isTransaction) query.forUpdate()
  const rows = ((await query) as Record<string, unknown>[]).map((row) => treatmentCodec.fromDb<TreatmentLine>(row))
  const byId = new Map(rows.map((line) => [line._id, line]))
  const ordered = selection.treatmentIds ? selection.treatmentIds.map((id) => byId.get(id)) : rows
  ordered.forEach((line, index) => {
    const path = selection.treatmentIds ? `treatmentIds.${index}` : 'appointmentId'
    if (!line || line.customerId !== selection.customerId) throw clinicError(BadRequest, 'invoice-treatment-unknown', path)
    if (line.invoiceId) throw clinicError(Conflict, 'treatment-billed', path)
  })
  if (ordered.length === 0) throw clinicError(BadRequest, 'invoice-empty', selection.treatmentIds ? 'treatmentIds' : 'appointmentId')
  const lines = ordered as TreatmentLine[]
  const updatedAt = now()
  await db(TREATMENT_TABLE).where({ companyId: selection.companyId }).whereIn('_id', lines.map((line) => line._id)).update({ invoiceId, updatedAt })
  const billed = lines.map((line) => ({ ...line, invoiceId, updatedAt }))
  await announce(app, params, billed)
  return billed
}

/** An invoice cancelled: its lines are free to be corrected and invoiced again. */
export async function releaseTreatments(app: Application, params: Params | undefined, companyId: string, invoiceId: string): Promise<void> {
  const db = dbOf(app, params)
  const rows = ((await db(TREATMENT_TABLE).where({ companyId, invoiceId })) as Record<string, unknown>[]).map((row) => treatmentCodec.fromDb<TreatmentLine>(row))
  if (rows.length === 0) return
  const updatedAt = now()
  await db(TREATMENT_TABLE).where({ companyId, invoiceId }).update({ invoiceId: null, updatedAt })
  await announce(app, params, rows.map((line) => ({ ...line, invoiceId: null, updatedAt })))
}

/** A treatment line as the cash desk needs it: what was done, for how much, and whether it is on an invoice. */
export interface BillableLine {
  _id: string
  branchId: string
  customerId: string
  appointmentId: string
  visitDate: string
  serviceName: string
  teeth: TreatmentLine['teeth']
  doctorId: string
  price: number
  quantity: number
  invoiceId: string | null
  planItemId: string | null
}

/**
 * The lines of some visits, some lines, or a patient's lines (not invoiced only, with `unbilledOnly`),
 * in one read, oldest first: the cash desk's list and cart (billing/pos-cart, billing/cart).
 */
export async function linesForCashDesk(db: Knex, companyId: string, where: { appointmentIds?: readonly string[]; treatmentIds?: readonly string[]; customerId?: string; branchIds?: readonly string[] | null; unbilledOnly?: boolean }): Promise<BillableLine[]> {
  if ((where.appointmentIds && where.appointmentIds.length === 0) || (where.treatmentIds && where.treatmentIds.length === 0)) return []
  const query = db(TREATMENT_TABLE).where({ companyId })
  if (where.appointmentIds) query.whereIn('appointmentId', [...where.appointmentIds])
  if (where.treatmentIds) query.whereIn('_id', [...where.treatmentIds])
  if (where.customerId) query.where({ customerId: where.customerId })
  if (where.branchIds) query.whereIn('branchId', [...where.branchIds])
  if (where.unbilledOnly) query.whereNull('invoiceId')
  const rows = (await query.orderBy([{ column: 'createdAt' }, { column: '_id' }])
    .select('_id', 'branchId', 'customerId', 'appointmentId', 'visitDate', 'serviceName', 'teeth', 'doctorId', 'price', 'quantity', 'invoiceId', 'planItemId')) as Record<string, unknown>[]
  return rows.map((row) => {
    const line = treatmentCodec.fromDb<BillableLine>(row)
    return { ...line, price: Number(line.price), quantity: Number(line.quantity) }
  })
}
