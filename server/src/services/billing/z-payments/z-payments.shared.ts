import { clientService } from '../../../client-service'
import type { CashShift, CashShiftData, CashShiftPatch, CashShiftQuery, ShiftReport, ShiftMovement, ZPaymentsService } from './z-payments.class'

export type { CashShift, CashShiftData, CashShiftPatch, CashShiftQuery, ShiftReport, ShiftMovement }

/**
 * The spec's route `/company/z-payments` (section 2): the cash desk's shifts with their X- and
 * Z-reports. Permission resource `payments` (spec section 6). No update and no remove: a shift is
 * changed only by its movements and its close, and a closed Z-report is never changed or deleted.
 */
export const zPaymentsPath = 'z-payments'
export const zPaymentsMethods = ['find', 'get', 'create', 'patch'] as const
export type ZPaymentsClientService = Pick<ZPaymentsService, (typeof zPaymentsMethods)[number]>

export const shiftStatuses = ['open', 'closed'] as const
export type ShiftStatus = (typeof shiftStatuses)[number]
export const movementKinds = ['in', 'out'] as const
export type MovementKind = (typeof movementKinds)[number]

export const MAX_MOVEMENT_NOTE = 500
export const MAX_CLOSE_NOTE = 2000
export const Z_PAYMENTS_MAX_PAGE = 100

export const zPaymentsClient = clientService<ZPaymentsClientService>()(zPaymentsPath, zPaymentsMethods, { branchScoped: true })
