/**
 * OnlinePBX rules shared by the server and the settings form (docs/decisions/telephony-onlinepbx.md).
 * The spec: "Online telephony domain must end in .onpbx.ru". A domain is the clinic's PBX name
 * (`clinic.onpbx.ru`): one DNS label in front, nothing else, so the server never calls another host.
 */
export const ONPBX_DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.onpbx\.ru$/

/** The domain as typed, trimmed and lower-cased; null when it is not `<name>.onpbx.ru`. */
export function onpbxDomain(typed: string): string | null {
  const domain = typed.trim().toLowerCase()
  return ONPBX_DOMAIN.test(domain) ? domain : null
}

/** The spec's call states (section 5 "Call: waiting to accept, not accepted, call started"). */
export const callStates = ['waiting', 'not-accepted', 'started'] as const
export type CallState = (typeof callStates)[number]
export const callDirections = ['inbound', 'outbound'] as const
export type CallDirection = (typeof callDirections)[number]

/** OnlinePBX webhook events (Profile → Webhooks) and what each one makes of a call. */
export const onpbxEvents = ['call_start', 'call_answered', 'call_end', 'call_missed'] as const
export type OnpbxEvent = (typeof onpbxEvents)[number]

/** A number as the PBX sends it, reduced to its digits (at most 20). Extensions are short numbers too. */
export const phoneDigits = (value: unknown): string => String(value ?? '').replace(/\D/g, '').slice(0, 20)

/**
 * The state a call reaches after an event, given the state it had: an answer starts it, an end
 * without an answer makes it "not accepted"; nothing goes back (a late `call_start` after the
 * answer, or a replayed one, changes nothing).
 */
export function nextCallState(current: CallState | null, event: OnpbxEvent, answered: boolean): CallState {
  if (event === 'call_answered' || current === 'started') return 'started'
  if (event === 'call_missed') return 'not-accepted'
  if (event === 'call_end') return answered ? 'started' : 'not-accepted'
  return current ?? 'waiting'
}
