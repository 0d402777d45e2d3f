import { BadRequest } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application, HookContext } from '../../../declarations'
import { registerService } from '../../register-service'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { branchCheck } from '../../../access/branch-scope'
import { scopeRecords, type RecordScope } from '../../../access/record-scope'
import { checkId } from '../../../hooks/check-id'
import { publishToBranchWhoMay } from '../../../channels'
import { clinicError } from '../../../errors'
import { presentReads, selectAlso } from '../present-reads'
import { MAX_MONEY } from '../../../../../domain/billing/money'
import { ZPaymentsService, cashShiftRowShape, zPaymentsServiceOptions, type CashShift, type CashShiftPatch } from './z-payments.class'
import { cashShiftDataSchema, cashShiftDataValidator, cashShiftPatchSchema, cashShiftPatchValidator, cashShiftQueryValidator } from './z-payments.schema'
import { CASH_MOVEMENTS_TABLE, CASH_SHIFTS_TABLE } from './shift-ledger'
import { zPaymentsMethods, zPaymentsPath } from './z-payments.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [zPaymentsPath]: ZPaymentsService
  }
}

/** Shifts belong to their branch: people see those of the branches they work in (every branch with `payments` seeAll). */
const shiftScope: RecordScope = { branch: {} }
const scoped = scopeRecords(shiftScope)

/** The money fields a form sends, and the least each may be. */
const moneyFields: Array<[string, number]> = [['openingFloat', 0], ['countedCash', 0], ['amount', 1]]

/**
 * Before the schema: an amount a person can act on. The schema alone would answer "the request
 * is not valid" for a negative float or a fraction; this says which field, in words.
 */
function checkAmounts(context: HookContext) {
  const data = context.data as Record<string, unknown> | undefined
  if (!data || typeof data !== 'object' || Array.isArray(data)) return
  for (const [field, least] of moneyFields) {
    const value = data[field]
    if (value !== undefined && !(Number.isSafeInteger(value) && (value as number) >= least && (value as number) <= MAX_MONEY)) throw clinicError(BadRequest, 'cash-amount-invalid', field)
  }
}

/** Lists come newest first unless the caller sorts. */
function newestFirst(context: HookContext) {
  if (!context.params.query?.$sort) context.params.query = { ...context.params.query, $sort: { openedAt: -1, _id: -1 } }
}

/**
 * What the activity log keeps of a shift's writes: the opening (desk, float), each movement
 * (cash in or out, its note) and the close (counted, expected, over/short). Money in minor units.
 */
function shiftChanges(context: HookContext, result: Record<string, unknown>): Record<string, unknown> {
  const shift = result as unknown as CashShift
  if (context.method === 'create') return { branchId: shift.branchId, desk: shift.desk, openingFloat: shift.openingFloat }
  const data = context.data as CashShiftPatch
  const set = (value: unknown) => ({ from: null, to: value })
  if (data.action === 'close') return { countedCash: set(shift.countedCash), expectedCash: set(shift.expectedCash), overShort: set(shift.overShort) }
  return { [data.action === 'cash-in' ? 'cashIn' : 'cashOut']: set(data.amount), note: set(data.note.trim()) }
}

const { update: _update, remove: _remove, ...shiftAccess } = standardAccess('payments')

/**
 * `z-payments` (issue 16, item 4; docs/decisions/billing-cash-desk.md): the cash desk's shifts.
 * Open with a float (create), cash in and out and the close with the counted cash (patch), the
 * X-report on any read of an open shift and the frozen Z-report of a closed one. Permission
 * `payments`; module billing; events to the shift's branch among those who may view payments.
 */
export function zPayments(app: Application) {
  registerService(app, zPaymentsPath, new ZPaymentsService({ ...zPaymentsServiceOptions(app), scope: shiftScope }, cashShiftRowShape), {
    methods: [...zPaymentsMethods],
    tables: [CASH_SHIFTS_TABLE, CASH_MOVEMENTS_TABLE],
    access: {
      data: { create: cashShiftDataSchema, patch: cashShiftPatchSchema },
      methods: shiftAccess,
      refuses: {
        update: 'a shift changes only by its cash movements and its close (patch with an action)',
        remove: 'a shift and its Z-report are never deleted: the report is the record of the cash handed over'
      },
      module: 'billing'
    },
    activity: { changes: shiftChanges },
    hooks: {
      before: {
        all: [checkId(), schemaHooks.validateQuery(cashShiftQueryValidator), companyScope],
        find: [scoped, newestFirst, selectAlso(['_id', 'companyId', 'status', 'openingFloat', 'totals'])],
        get: [scoped, selectAlso(['_id', 'companyId', 'status', 'openingFloat', 'totals'])],
        create: [checkAmounts, schemaHooks.validateData(cashShiftDataValidator), branchCheck],
        patch: [scoped, checkAmounts, schemaHooks.validateData(cashShiftPatchValidator)]
      },
      after: {
        find: [presentReads],
        get: [presentReads]
      }
    },
    publish: publishToBranchWhoMay(app, 'payments')
  })
}
