import { acceptsNewCall, callInProgress, callReducer, formatTalkTime, idleCall, talkSeconds, type CallEvent, type CallState } from '../../renderer/src/features/softphone/call-state'

/** Issue 20 item 3: the softphone's call as a state machine (renderer/src/features/softphone/call-state.ts). */
const run = (events: CallEvent[], from: CallState = idleCall) => events.reduce(callReducer, from)
const incoming: CallEvent = { type: 'incoming', remote: '998901234567', remoteName: 'Aziza' }

describe('an incoming call', () => {
  test('rings, is answered, connects and is talked on until it ends', () => {
    const ringing = run([incoming])
    expect(ringing).toMatchObject({ serial: 1, phase: 'ringing', direction: 'incoming', remote: '998901234567', remoteName: 'Aziza', answeredAt: null })
    const connecting = callReducer(ringing, { type: 'answer' })
    expect(connecting.phase).toBe('connecting')
    const active = callReducer(connecting, { type: 'established', at: 1_000 })
    expect(active).toMatchObject({ phase: 'active', answeredAt: 1_000 })
    const ended = run([{ type: 'hangup' }, { type: 'ended', at: 66_500 }], active)
    expect(ended).toMatchObject({ phase: 'ended', outcome: 'finished', endedAt: 66_500 })
    expect(talkSeconds(ended, 999_999)).toBe(65)
  })

  test('the caller giving up before an answer is a missed call; declining it is declined', () => {
    expect(run([incoming, { type: 'ended', at: 5 }]).outcome).toBe('missed')
    expect(run([incoming, { type: 'hangup' }, { type: 'ended', at: 5 }]).outcome).toBe('declined')
  })

  test('the far end hanging up after the answer is a finished call, not a missed one', () => {
    expect(run([incoming, { type: 'answer' }, { type: 'established', at: 1 }, { type: 'ended', at: 2_000 }]).outcome).toBe('finished')
  })

  test('a second call while one is under way changes nothing (the engine answers it busy)', () => {
    const active = run([incoming, { type: 'answer' }, { type: 'established', at: 1 }])
    expect(acceptsNewCall(active)).toBe(false)
    expect(callReducer(active, { type: 'incoming', remote: '111', remoteName: null })).toBe(active)
    expect(callReducer(active, { type: 'dial', remote: '222' })).toBe(active)
  })
})

describe('an outgoing call', () => {
  test('dials, is answered, and its outcome tells cancelled from unanswered', () => {
    const dialing = run([{ type: 'dial', remote: '+998901234567' }])
    expect(dialing).toMatchObject({ phase: 'dialing', direction: 'outgoing', remote: '+998901234567' })
    expect(callReducer(dialing, { type: 'established', at: 10 }).phase).toBe('active')
    expect(run([{ type: 'hangup' }, { type: 'ended', at: 3 }], dialing).outcome).toBe('cancelled')
    expect(run([{ type: 'ended', at: 3 }], dialing).outcome).toBe('unanswered')
  })

  test('a refused microphone ends the call with its own outcome; another failure says so', () => {
    expect(run([{ type: 'dial', remote: '101' }, { type: 'failed', at: 1, microphone: true }]).outcome).toBe('microphone')
    expect(run([incoming, { type: 'answer' }, { type: 'failed', at: 1, microphone: false }]).outcome).toBe('failed')
  })
})

describe('during a call', () => {
  const active = run([incoming, { type: 'answer' }, { type: 'established', at: 0 }])

  test('mute and hold apply to a conversation only, and are cleared when it ends', () => {
    const muted = run([{ type: 'mute', muted: true }, { type: 'hold', held: true }], active)
    expect(muted).toMatchObject({ muted: true, held: true })
    expect(run([{ type: 'mute', muted: true }, { type: 'hold', held: true }])).toBe(idleCall)
    expect(run([incoming, { type: 'mute', muted: true }]).muted).toBe(false)
    expect(callReducer(muted, { type: 'ended', at: 1 })).toMatchObject({ muted: false, held: false })
  })

  test('an answer or an established event out of turn changes nothing', () => {
    expect(callReducer(idleCall, { type: 'answer' })).toBe(idleCall)
    expect(callReducer(idleCall, { type: 'established', at: 1 })).toBe(idleCall)
    expect(callReducer(active, { type: 'answer' })).toBe(active)
    expect(callReducer(idleCall, { type: 'ended', at: 1 })).toBe(idleCall)
    expect(callReducer(idleCall, { type: 'hangup' })).toBe(idleCall)
  })

  test('after the outcome is shown the phone is idle again, and a new call may start meanwhile', () => {
    const ended = callReducer(active, { type: 'ended', at: 1 })
    expect(callInProgress(ended)).toBe(false)
    expect(callReducer(ended, { type: 'reset' })).toEqual({ ...idleCall, serial: 1 })
    expect(callReducer(active, { type: 'reset' })).toBe(active)
    expect(callReducer(ended, incoming)).toMatchObject({ phase: 'ringing', serial: 2, answeredAt: null, outcome: null })
  })
})

test('the timer counts whole seconds from the answer and reads as a phone shows it', () => {
  expect(talkSeconds(idleCall, 5_000)).toBe(0)
  const active = run([incoming, { type: 'answer' }, { type: 'established', at: 10_000 }])
  expect(talkSeconds(active, 17_999)).toBe(7)
  expect(talkSeconds(active, 9_000)).toBe(0)
  expect([0, 7, 65, 754, 3723, 36_000].map(formatTalkTime)).toEqual(['0:00', '0:07', '1:05', '12:34', '1:02:03', '10:00:00'])
})
