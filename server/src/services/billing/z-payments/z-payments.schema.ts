import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, InstantSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordProperties } from '../../../schema/record'
import { MAX_MONEY, paymentMethods } from '../../../../../domain/billing/money'
import { MAX_DESK_NAME } from '../../../../../domain/billing/cash-desk'
import { MAX_CLOSE_NOTE, MAX_MOVEMENT_NOTE, Z_PAYMENTS_MAX_PAGE, movementKinds, shiftStatuses } from './z-payments.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) => Type.Union([schema, Type.Null()])
const Money = Type.Integer({ minimum: -MAX_MONEY, maximum: MAX_MONEY })
const Count = Type.Integer({ minimum: 0 })

/** One payment method's part of a report: payments taken and refunds given, counts and sums (refunds positive). */
export const methodTotalsSchema = Type.Object(
  { method: literals(paymentMethods), payments: Count, paid: Money, refunds: Count, refunded: Money },
  { additionalProperties: false }
)

/**
 * The X-report (an open shift, computed on every read) or the Z-report (a closed one, frozen at
 * the close): from the ledger (payments and refunds of the shift, cancelled ones left out) and
 * the shift's own cash movements. `expectedCash` = float + cash paid − cash refunded + cash in − cash out.
 */
export const shiftReportSchema = Type.Object(
  {
    payments: Count,
    refunds: Count,
    paid: Money,
    refunded: Money,
    byMethod: Type.Array(methodTotalsSchema),
    cashPaid: Money,
    cashRefunded: Money,
    cashIn: Money,
    cashOut: Money,
    expectedCash: Money
  },
  { additionalProperties: false }
)
export type ShiftReport = Static<typeof shiftReportSchema>

/** Cash put into or taken out of the drawer (change brought from the bank, cash handed to the safe): not patient money. */
export const movementSchema = Type.Object(
  { _id: IdSchema, kind: literals(movementKinds), amount: Money, note: Type.String(), createdAt: InstantSchema, createdBy: nullable(IdSchema) },
  { additionalProperties: false }
)
export type ShiftMovement = Static<typeof movementSchema>

// Main (docs/decisions/billing-cash-desk.md): one shift of one desk of a branch.
export const cashShiftSchema = Type.Object(
  {
    ...recordProperties,
    branchId: ref('branches'),
    /** The desk's name; '' is the branch's main desk. */
    desk: Type.String({ maxLength: MAX_DESK_NAME }),
    status: literals(shiftStatuses),
    openingFloat: Money,
    openedAt: InstantSchema,
    openedBy: nullable(IdSchema),
    closedAt: nullable(InstantSchema),
    closedBy: nullable(IdSchema),
    /** What the cashier counted at the close. */
    countedCash: nullable(Money),
    /** Frozen at the close (while open, `report.expectedCash` says it). */
    expectedCash: nullable(Money),
    /** countedCash − expectedCash: over when positive, short when negative. */
    overShort: nullable(Money),
    closeNote: nullable(Type.String()),
    report: shiftReportSchema,
    movements: Type.Array(movementSchema)
  },
  { $id: 'CashShift', additionalProperties: false }
)
export type CashShift = Static<typeof cashShiftSchema>

/** Open a shift: the branch (the client fills the current one), the desk (none: the main desk), the float in the drawer. */
export const cashShiftDataSchema = Type.Object(
  {
    branchId: Type.Optional(ref('branches')),
    desk: Type.Optional(Type.String({ maxLength: MAX_DESK_NAME })),
    openingFloat: Type.Integer({ minimum: 0, maximum: MAX_MONEY })
  },
  { $id: 'CashShiftData', additionalProperties: false }
)
export type CashShiftData = Static<typeof cashShiftDataSchema>
export const cashShiftDataValidator = getValidator(cashShiftDataSchema, dataValidator)

const movementPatch = Type.Object(
  {
    action: Type.Union([Type.Literal('cash-in'), Type.Literal('cash-out')]),
    amount: Type.Integer({ minimum: 1, maximum: MAX_MONEY }),
    note: Type.String({ minLength: 1, maxLength: MAX_MOVEMENT_NOTE })
  },
  { additionalProperties: false }
)
const closePatch = Type.Object(
  {
    action: Type.Literal('close'),
    countedCash: Type.Integer({ minimum: 0, maximum: MAX_MONEY }),
    note: Type.Optional(Type.String({ maxLength: MAX_CLOSE_NOTE }))
  },
  { additionalProperties: false }
)
/** Patch: a cash movement (`cash-in`/`cash-out` with amount and note) or the close (the counted cash). */
export const cashShiftPatchSchema = Type.Union([movementPatch, closePatch], { $id: 'CashShiftPatch' })
export type CashShiftPatch = Static<typeof cashShiftPatchSchema>
export const cashShiftPatchValidator = getValidator(cashShiftPatchSchema, dataValidator)

export const cashShiftQueryProperties = Type.Pick(cashShiftSchema, ['_id', 'companyId', 'branchId', 'desk', 'status', 'openedAt', 'closedAt', 'createdAt'])
export const cashShiftQuerySchema = strictQuery(cashShiftQueryProperties, {}, {}, Z_PAYMENTS_MAX_PAGE, Type.Omit(cashShiftSchema, ['report', 'movements']))
export type CashShiftQuery = Static<typeof cashShiftQuerySchema>
export const cashShiftQueryValidator = getValidator(cashShiftQuerySchema, queryValidator)
