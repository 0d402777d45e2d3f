/**
 * One call's life on the softphone as a pure state machine (unit-tested in
 * tests/renderer/softphone-call-state.test.ts). The SIP engine (sip-engine.ts) turns sip.js's
 * callbacks into these events; the screen draws the state. One call at a time: a call arriving
 * during another is refused busy by the engine (`acceptsNewCall`).
 */
export type CallDirection = 'incoming' | 'outgoing'
/**
 * idle: no call. ringing: someone calls us. dialing: we call, the far end has not answered.
 * connecting: we answered, the media are being set up. active: talking (held or not).
 * ended: just finished, shown for a moment with its outcome.
 */
export type CallPhase = 'idle' | 'ringing' | 'dialing' | 'connecting' | 'active' | 'ended'
/** How a call finished: talked, or why no conversation took place. */
export type CallOutcome = 'finished' | 'missed' | 'declined' | 'cancelled' | 'unanswered' | 'failed' | 'microphone'

export interface CallState {
  /** Counts the calls: each new one gets the next number (the panel starts afresh for it). */
  serial: number
  phase: CallPhase
  direction: CallDirection | null
  /** The other side's number or SIP user, as the server gave it. */
  remote: string | null
  /** The other side's display name, when the server sent one. */
  remoteName: string | null
  /** When the conversation began (ms since the epoch): the timer counts from here. */
  answeredAt: number | null
  /** When it ended: the timer stops here. */
  endedAt: number | null
  muted: boolean
  held: boolean
  /** This side asked to end it (decline, cancel, hang up): tells a declined call from a missed one. */
  endedHere: boolean
  outcome: CallOutcome | null
}

export type CallEvent =
  | { type: 'incoming'; remote: string; remoteName: string | null }
  | { type: 'dial'; remote: string }
  | { type: 'answer' }
  | { type: 'established'; at: number }
  | { type: 'mute'; muted: boolean }
  | { type: 'hold'; held: boolean }
  | { type: 'hangup' }
  | { type: 'ended'; at: number }
  | { type: 'failed'; at: number; microphone: boolean }
  | { type: 'reset' }

export const idleCall: CallState = {
  serial: 0,
  phase: 'idle',
  direction: null,
  remote: null,
  remoteName: null,
  answeredAt: null,
  endedAt: null,
  muted: false,
  held: false,
  endedHere: false,
  outcome: null
}

/** Whether a new call (in or out) may start: none is in progress. */
export const acceptsNewCall = (state: CallState) => state.phase === 'idle' || state.phase === 'ended'
/** Whether a call is under way (the dock stays open, the page warns before closing). */
export const callInProgress = (state: CallState) => !acceptsNewCall(state)

function outcomeOf(state: CallState): CallOutcome {
  if (state.answeredAt !== null) return 'finished'
  if (state.direction === 'incoming') return state.endedHere ? 'declined' : 'missed'
  return state.endedHere ? 'cancelled' : 'unanswered'
}

export function callReducer(state: CallState, event: CallEvent): CallState {
  switch (event.type) {
    case 'incoming':
      if (!acceptsNewCall(state)) return state
      return { ...idleCall, serial: state.serial + 1, phase: 'ringing', direction: 'incoming', remote: event.remote, remoteName: event.remoteName }
    case 'dial':
      if (!acceptsNewCall(state)) return state
      return { ...idleCall, serial: state.serial + 1, phase: 'dialing', direction: 'outgoing', remote: event.remote }
    case 'answer':
      return state.phase === 'ringing' ? { ...state, phase: 'connecting' } : state
    case 'established':
      if (state.phase !== 'dialing' && state.phase !== 'connecting' && state.phase !== 'ringing') return state
      return { ...state, phase: 'active', answeredAt: event.at }
    case 'mute':
      return state.phase === 'active' ? { ...state, muted: event.muted } : state
    case 'hold':
      return state.phase === 'active' ? { ...state, held: event.held } : state
    case 'hangup':
      return callInProgress(state) ? { ...state, endedHere: true } : state
    case 'ended':
      if (!callInProgress(state)) return state
      return { ...state, phase: 'ended', endedAt: event.at, outcome: outcomeOf(state), muted: false, held: false }
    case 'failed':
      if (!callInProgress(state)) return state
      return { ...state, phase: 'ended', endedAt: event.at, outcome: event.microphone ? 'microphone' : 'failed', muted: false, held: false }
    case 'reset':
      return state.phase === 'ended' ? { ...idleCall, serial: state.serial } : state
  }
}

/** Whole seconds talked so far (or in all, once ended). */
export function talkSeconds(state: CallState, now: number): number {
  if (state.answeredAt === null) return 0
  return Math.max(0, Math.floor(((state.endedAt ?? now) - state.answeredAt) / 1000))
}

/** "0:07", "12:34", "1:02:03": a call's length as phones show it. */
export function formatTalkTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const hours = Math.floor(s / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  const rest = String(s % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`
}

/** The SIP registration as the dock shows it. */
export type RegistrationState = 'connecting' | 'registered' | 'unregistered' | 'failed'
