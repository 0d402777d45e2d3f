import { defaultQuietHours, nextSendingTime, quietHoursProblem } from '../../../domain/messaging/quiet-hours'

const at = (iso: string) => new Date(iso).getTime()
const iso = (ms: number) => new Date(ms).toISOString()

describe('quiet hours', () => {
  // Tashkent is UTC+5 all year.
  const zone = 'Asia/Tashkent'

  it('lets a message inside the window go at its time', () => {
    expect(iso(nextSendingTime(at('2031-05-06T05:00:00Z'), zone))).toBe('2031-05-06T05:00:00.000Z') // 10:00 local
    expect(iso(nextSendingTime(at('2031-05-06T04:00:00Z'), zone))).toBe('2031-05-06T04:00:00.000Z') // 09:00 opens
  })

  it('keeps 19:55 inside and holds 20:00 and later to the next morning 09:00', () => {
    expect(iso(nextSendingTime(at('2031-05-06T14:55:00Z'), zone))).toBe('2031-05-06T14:55:00.000Z') // 19:55 still open
    expect(iso(nextSendingTime(at('2031-05-06T15:00:00Z'), zone))).toBe('2031-05-07T04:00:00.000Z') // 20:00 closed
    expect(iso(nextSendingTime(at('2031-05-06T22:30:00Z'), zone))).toBe('2031-05-07T04:00:00.000Z') // 03:30 next day
  })

  it('holds a message due before opening to the same morning', () => {
    expect(iso(nextSendingTime(at('2031-05-06T02:00:00Z'), zone))).toBe('2031-05-06T04:00:00.000Z') // 07:00 local
  })

  it('follows a zone with daylight saving (Helsinki)', () => {
    // 23:00 local on 29 March 2031 (UTC+2) waits until 09:00 on 30 March, after the switch to UTC+3.
    expect(iso(nextSendingTime(at('2031-03-29T21:00:00Z'), 'Europe/Helsinki'))).toBe('2031-03-30T06:00:00.000Z')
  })

  it('uses a clinic window and refuses a window that closes before it opens', () => {
    expect(iso(nextSendingTime(at('2031-05-06T03:30:00Z'), zone, { start: '08:00', end: '21:00' }))).toBe('2031-05-06T03:30:00.000Z')
    expect(quietHoursProblem(defaultQuietHours)).toBeNull()
    expect(quietHoursProblem({ start: '20:00', end: '09:00' })).toBe('end-before-start')
    expect(quietHoursProblem({ start: '9:00', end: '20:00' })).toBe('invalid-time')
  })
})
