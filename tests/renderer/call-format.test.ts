import { callDuration } from '../../renderer/src/features/calls/call-format'
import { nextCallState, onpbxDomain } from '../../domain/telephony/onlinepbx'

describe('calls', () => {
  it('shows a call length as a phone does', () => {
    expect(callDuration(0)).toBe('0:00')
    expect(callDuration(65)).toBe('1:05')
    expect(callDuration(3725)).toBe('1:02:05')
    expect(callDuration(-3)).toBe('0:00')
  })

  it('takes only <name>.onpbx.ru as a PBX domain', () => {
    expect(onpbxDomain(' Clinic.ONPBX.ru ')).toBe('clinic.onpbx.ru')
    for (const bad of ['onpbx.ru', 'clinic.onpbx.ru.evil.net', 'a.b.onpbx.ru', 'clinic.onpbx.ru/x', 'http://clinic.onpbx.ru', '-x.onpbx.ru', '']) expect(onpbxDomain(bad)).toBeNull()
  })

  it('moves a call on and never back (spec states: waiting to accept, not accepted, call started)', () => {
    expect(nextCallState(null, 'call_start', false)).toBe('waiting')
    expect(nextCallState('waiting', 'call_answered', false)).toBe('started')
    expect(nextCallState('waiting', 'call_end', false)).toBe('not-accepted')
    expect(nextCallState('waiting', 'call_end', true)).toBe('started')
    expect(nextCallState('started', 'call_start', true)).toBe('started')
    expect(nextCallState('started', 'call_missed', true)).toBe('started')
    expect(nextCallState(null, 'call_missed', false)).toBe('not-accepted')
  })
})
