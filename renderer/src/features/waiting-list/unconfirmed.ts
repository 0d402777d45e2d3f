import type { UnconfirmedStatus } from './waiting-list-types'

/**
 * What Confirm makes of an appointment that holds no slot yet: a draft the front desk wrote
 * becomes planned; an online request the customer made themselves becomes confirmed. Either
 * way it then holds its slot, so the server checks it against the doctor's other bookings.
 */
export function confirmedStatus(status: UnconfirmedStatus | string): 'planned' | 'confirmed' {
  return status === 'onlineWaiting' ? 'confirmed' : 'planned'
}
