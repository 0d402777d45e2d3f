/* eslint-disable @typescript-eslint/no-explicit-any */
import type { NullableId } from '@feathersjs/feathers'
import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { newId, now } from '../../../hooks/ids'
import { databaseEngine, isUniqueViolation } from '../../../db'
import { RecordService, inTransaction, recordOptions, type RecordParams } from '../../record.class'
import { RowCodec } from '../../row-codec'
import { deskKey, deskName, overShort } from '../../../../../domain/billing/cash-desk'
import { CASH_MOVEMENTS_TABLE, CASH_SHIFTS_TABLE, shiftReport } from './shift-ledger'
import type { CashShift, CashShiftData, CashShiftPatch, CashShiftQuery, ShiftMovement, ShiftReport } from './z-payments.schema'

export type { CashShift, CashShiftData, CashShiftPatch, CashShiftQuery, ShiftMovement, ShiftReport }
export type CashShiftParams = RecordParams & { query?: CashShiftQuery }
type StoredShift = Omit<CashShift, 'report' | 'movements'> & { totals?: ShiftReport | null }

/** `deskKey` and `openDesk` serve the one-open-shift-per-desk rule only; `totals` is the frozen report (answered as `report`). */
export const cashShiftRowShape = { instant: ['openedAt', 'closedAt'], json: ['totals'], hidden: ['deskKey', 'openDesk'] }
const movementCodec = new RowCodec({})
const MONEY_COLUMNS = ['openingFloat', 'countedCash', 'expectedCash', 'overShort'] as const

/**
 * The cash desk's shifts (docs/decisions/billing-cash-desk.md). Reads are the record service's,
 * each answer completed with its movements and its report: live (the X-report) while open,
 * frozen (the Z-report) once closed. Create opens a shift; patch adds a cash movement or closes
 * it. A closed shift never changes again; none is ever removed.
 */
export class ZPaymentsService extends RecordService<CashShift, CashShiftData, CashShiftParams, CashShiftPatch> {
  async present(db: Knex, rows: StoredShift[]): Promise<CashShift[]> {
    if (rows.length === 0) return []
    const companyId = rows[0].companyId
    const movements = (await db(CASH_MOVEMENTS_TABLE).where({ companyId }).whereIn('shiftId', rows.map((row) => row._id)).orderBy('_id').select('_id', 'shiftId', 'kind', 'amount', 'note', 'createdAt', 'createdBy')) as Array<ShiftMovement & { shiftId: string }>
    const answers: CashShift[] = []
    for (const stored of rows) {
      const { totals, deskKey: _key, openDesk: _open, ...row } = stored as StoredShift & { deskKey?: string; openDesk?: string | null }
      const money = Object.fromEntries(MONEY_COLUMNS.map((column) => [column, row[column] === null || row[column] === undefined ? null : Number(row[column])]))
      const openingFloat = Number(row.openingFloat)
      const report = row.status === 'closed' && totals ? totals : await shiftReport(db, companyId, { _id: row._id, openingFloat })
      answers.push({
        ...row,
        ...money,
        openingFloat,
        report,
        movements: movements.filter((move) => move.shiftId === row._id).map(({ shiftId: _shift, ...move }) => ({ ...movementCodec.fromDb<ShiftMovement>(move), amount: Number(move.amount) }))
      } as CashShift)
    }
    return answers
  }

  /** Open a shift of a desk: refused while that desk has one open (`shift-already-open` at `desk`, Conflict), even when two open at once. */
  override async _create(input: any, params?: CashShiftParams): Promise<any> {
    const data = input as CashShiftData & { companyId?: string }
    const companyId = params?.identity?.user.companyId ?? data.companyId ?? ''
    const desk = deskName(data.desk)
    const stamp = now()
    const by = params?.identity?.user._id ?? null
    const row = {
      _id: newId(), companyId, createdAt: stamp, updatedAt: stamp, createdBy: by,
      branchId: data.branchId ?? '', desk, deskKey: deskKey(desk), openDesk: deskKey(desk), status: 'open' as const,
      openingFloat: data.openingFloat, openedAt: stamp, openedBy: by, closedAt: null, closedBy: null,
      countedCash: null, expectedCash: null, overShort: null, totals: null, closeNote: null
    }
    return inTransaction(this.Model, params, async (trx) => {
      const open = await trx(CASH_SHIFTS_TABLE).where({ companyId, branchId: row.branchId, openDesk: row.openDesk }).first('_id')
      if (open) throw clinicError(Conflict, 'shift-already-open', 'desk', { shiftId: open._id })
      try {
        await trx(CASH_SHIFTS_TABLE).insert(this.codec.toDb(row))
      } catch (error) {
        // Another open of the same desk committed meanwhile: the unique index (companyId, branchId, openDesk) refused this one.
        if (isUniqueViolation(error)) throw clinicError(Conflict, 'shift-already-open', 'desk')
        throw error
      }
      return (await this.present(trx, [this.codec.fromDb<StoredShift>(row)]))[0]
    })
  }

  /**
   * A cash movement (`cash-in`, `cash-out`: never more than the drawer should hold) or the close:
   * the report is computed from the ledger under the shift's lock and frozen into the row with
   * the counted cash and over/short. A closed shift refuses both (`shift-closed`).
   */
  override async _patch(id: NullableId, input: any, params?: CashShiftParams): Promise<any> {
    const data = input as CashShiftPatch
    return inTransaction(this.Model, params, async (trx, inTrx) => {
      const visible = (await super._get(id ?? '', { ...inTrx, query: params?.query } as CashShiftParams)) as unknown as StoredShift
      const locked = trx(CASH_SHIFTS_TABLE).where({ _id: visible._id, companyId: visible.companyId }).first()
      const found = await (databaseEngine(trx) === 'postgres' ? locked.forUpdate() : locked)
      if (!found) throw new NotFound(`No record found for id '${id}'`)
      const current = this.codec.fromDb<StoredShift>(found, { keepHidden: true })
      if (params?.activity && params.activity.path === this.path && params.activity.before === undefined) params.activity.before = (await this.present(trx, [current]))[0]
      if (current.status !== 'open') throw clinicError(Conflict, 'shift-closed')
      const report = await shiftReport(trx, current.companyId, { _id: current._id, openingFloat: Number(current.openingFloat) })
      const stamp = now()
      const by = params?.identity?.user._id ?? null
      if (data.action === 'close') {
        const note = data.note?.trim() ?? ''
        const changes = {
          status: 'closed' as const, openDesk: null, closedAt: stamp, closedBy: by, countedCash: data.countedCash,
          expectedCash: report.expectedCash, overShort: overShort(data.countedCash, report.expectedCash), totals: report, closeNote: note || null, updatedAt: stamp
        }
        await trx(CASH_SHIFTS_TABLE).where({ _id: current._id, companyId: current.companyId }).update(this.codec.toDb(changes))
        return (await this.present(trx, [{ ...current, ...changes }]))[0]
      }
      const note = data.note.trim()
      if (!note) throw clinicError(BadRequest, 'field-required', 'note')
      const kind = data.action === 'cash-in' ? 'in' : 'out'
      if (kind === 'out' && data.amount > report.expectedCash) throw clinicError(Conflict, 'cash-out-exceeds-drawer', 'amount', { expectedCash: report.expectedCash })
      await trx(CASH_MOVEMENTS_TABLE).insert({ _id: newId(), companyId: current.companyId, createdAt: stamp, updatedAt: stamp, createdBy: by, branchId: current.branchId, shiftId: current._id, kind, amount: data.amount, note })
      await trx(CASH_SHIFTS_TABLE).where({ _id: current._id, companyId: current.companyId }).update({ updatedAt: stamp })
      return (await this.present(trx, [{ ...current, updatedAt: stamp }]))[0]
    })
  }
}

export const zPaymentsServiceOptions = (app: Application) => recordOptions(app, CASH_SHIFTS_TABLE, { trash: false })
