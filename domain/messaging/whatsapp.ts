import type { AppointmentEvent, TemplateVariable } from './templates'

/**
 * WhatsApp Cloud API rules the clinic's settings and the outbox share (docs/decisions/whatsapp.md).
 *
 * Free-form text may go to a number only within 24 hours of its last message to the clinic (the
 * customer-service window); outside it only a template approved by Meta. A clinic names, per
 * event, its approved template; the template's body placeholders {{1}}, {{2}}, ... are filled
 * with these variables in this order, and the templates of visit messages (booking, move,
 * reminder) carry two quick-reply buttons, Confirm then Cancel.
 */
export const WHATSAPP_WINDOW_MS = 24 * 3_600_000
/** Free-form is not tried in the window's last minutes (clocks, the queue's delay). */
export const WHATSAPP_WINDOW_MARGIN_MS = 10 * 60_000

export const whatsappTemplateParameters: Record<AppointmentEvent, readonly TemplateVariable[]> = {
  bookingMade: ['patient', 'date', 'time', 'doctor', 'branch', 'address'],
  bookingMoved: ['patient', 'date', 'time', 'doctor'],
  bookingCancelled: ['patient', 'date', 'time', 'phone'],
  reminder: ['patient', 'date', 'time', 'doctor']
}

/** Events whose messages carry Confirm / Cancel (quick replies in a template, reply buttons in free-form). */
export const whatsappButtonEvents: readonly AppointmentEvent[] = ['bookingMade', 'bookingMoved', 'reminder']

/** A Meta template name: lower-case letters, digits and underscores. */
export const WHATSAPP_TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/

/** Whether free-form text may go at `atMs` to a number that last wrote at `lastInboundMs`. */
export function insideWindow(lastInboundMs: number | null, atMs: number): boolean {
  return lastInboundMs !== null && atMs < lastInboundMs + WHATSAPP_WINDOW_MS - WHATSAPP_WINDOW_MARGIN_MS
}
