import { canTransition, type AppointmentStatus } from '../../../../domain/appointments/status'

/**
 * What Confirm makes of an appointment that holds no slot yet: a draft the front desk wrote
 * becomes planned; an online request the customer made themselves becomes confirmed. Either
 * way it then holds its slot, so the server checks it against the doctor's other bookings.
 * Null when the state machine allows neither (the appointment changed meanwhile).
 */
export function confirmedStatus(status: AppointmentStatus): 'planned' | 'confirmed' | null {
  const wanted = status === 'onlineWaiting' ? 'confirmed' : 'planned'
  if (canTransition(status, wanted)) return wanted
  return canTransition(status, 'planned') ? 'planned' : null
}

/** Cancel is offered only where the state machine allows it. */
export const canCancel = (status: AppointmentStatus) => canTransition(status, 'cancelled')
