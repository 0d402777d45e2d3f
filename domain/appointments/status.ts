/**
 * Appointment statuses (spec section 4) and the state machine over them. The spec lists the
 * states but not how one leads to another; these transitions are our decision, documented in
 * docs/appointment-states.md (generated from this file by scripts/appointment-states-doc.ts).
 */
export const appointmentStatuses = [
  'planned',
  'arrived',
  'confirmed',
  'notConfirmed',
  'late',
  'started',
  'completed',
  'cancelled',
  'noShow',
  'draft',
  'onlineWaiting'
] as const
export type AppointmentStatus = (typeof appointmentStatuses)[number]

/** Statuses in which the appointment occupies its doctor and chair (double booking counts them). */
export const slotHoldingStatuses: readonly AppointmentStatus[] = ['planned', 'arrived', 'confirmed', 'notConfirmed', 'late', 'started', 'completed']

/** Statuses a new appointment may start in (a walk-in is created as arrived). */
export const initialStatuses: readonly AppointmentStatus[] = ['planned', 'confirmed', 'notConfirmed', 'arrived', 'draft', 'onlineWaiting']

/**
 * Where each status may go next. The ideas behind it:
 * - before the visit (planned, confirmed, notConfirmed, late) the front desk may confirm or
 *   un-confirm, mark late, check in (arrived), start at once, cancel or mark a no-show;
 * - drafts and online requests hold no slot until they are planned or confirmed (or cancelled);
 * - arrived may be undone to planned (checked in by mistake); it cannot become a no-show;
 * - started may only finish, or go back to arrived (started by mistake);
 * - completed is final: a finished visit is billed and charted, never reopened;
 * - cancelled and noShow may be restored to planned (the slot is checked again).
 */
const transitions: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  draft: ['planned', 'confirmed', 'notConfirmed', 'onlineWaiting', 'cancelled'],
  onlineWaiting: ['planned', 'confirmed', 'cancelled'],
  planned: ['confirmed', 'notConfirmed', 'arrived', 'late', 'started', 'cancelled', 'noShow'],
  notConfirmed: ['planned', 'confirmed', 'arrived', 'late', 'started', 'cancelled', 'noShow'],
  confirmed: ['planned', 'notConfirmed', 'arrived', 'late', 'started', 'cancelled', 'noShow'],
  late: ['planned', 'confirmed', 'arrived', 'started', 'cancelled', 'noShow'],
  arrived: ['planned', 'started', 'cancelled'],
  started: ['arrived', 'completed'],
  completed: [],
  cancelled: ['planned'],
  noShow: ['planned']
}

export function isAppointmentStatus(value: unknown): value is AppointmentStatus {
  return typeof value === 'string' && (appointmentStatuses as readonly string[]).includes(value)
}

/** The statuses `from` may change to (empty for a final status or an unknown one). */
export function allowedNextStatuses(from: AppointmentStatus): readonly AppointmentStatus[] {
  return transitions[from] ?? []
}

/** Whether `from` may change to `to`. Staying in the same status is not a transition. */
export function canTransition(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return allowedNextStatuses(from).includes(to)
}

/** Whether an appointment in `status` occupies its doctor's and chair's time. */
export function holdsSlot(status: AppointmentStatus): boolean {
  return slotHoldingStatuses.includes(status)
}

/** Statuses no transition leads out of. */
export function isFinalStatus(status: AppointmentStatus): boolean {
  return allowedNextStatuses(status).length === 0
}
