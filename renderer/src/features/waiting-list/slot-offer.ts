import { bookingUrl } from './booking-url'
import type { SlotFreedEvent, WaitingListEntry } from './waiting-list-types'

/** A freed slot offered to the front desk, with the waiting customers who fit it. */
export interface SlotOffer {
  key: string
  event: SlotFreedEvent
  candidates: WaitingListEntry[]
}

/** How many offers stay on screen at once: the newest win, older ones are let go. */
export const MAX_OFFERS = 3

export function offerKey(event: Pick<SlotFreedEvent, 'staffId' | 'start' | 'end'>): string {
  return `${event.staffId}|${event.start}|${event.end}`
}

/**
 * Whether this person is shown the offer: only the front desk, i.e. people who may create
 * appointments, and only for the branch they are working in now (the server sends the event
 * to every channel of the branch, doctors included).
 */
export function isForMe(event: SlotFreedEvent, currentBranchId: string | null, canCreateAppointments: boolean): boolean {
  return canCreateAppointments && Boolean(currentBranchId) && event.branchId === currentBranchId
}

/** Only entries still waiting can take the slot; the server's list is kept in its order. */
export function offerFrom(event: SlotFreedEvent): SlotOffer | null {
  const candidates = (event.candidates ?? []).filter((entry) => entry.status === 'waiting' || entry.status === undefined)
  if (candidates.length === 0) return null
  return { key: offerKey(event), event, candidates }
}

/** Adds an offer: the same slot freed again replaces the old one; at most MAX_OFFERS, newest first. */
export function addOffer(offers: SlotOffer[], offer: SlotOffer): SlotOffer[] {
  return [offer, ...offers.filter((item) => item.key !== offer.key)].slice(0, MAX_OFFERS)
}

/** Book a candidate into exactly the freed slot: the calendar's prefilled booking form. */
export function offerBookingUrl(event: SlotFreedEvent, entry: WaitingListEntry): string {
  const slotMinutes = Math.round((Date.parse(event.end) - Date.parse(event.start)) / 60_000)
  return bookingUrl({
    start: event.start,
    staffId: event.staffId,
    workPlaceId: event.workPlaceId,
    customerId: entry.customerId,
    // The visit the customer waits for, unless it does not fit the freed slot.
    duration: entry.duration > 0 && entry.duration <= slotMinutes ? entry.duration : slotMinutes,
    waitingListId: entry._id
  })
}
