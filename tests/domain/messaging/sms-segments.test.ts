import { smsEncoding, smsLength } from '../../../domain/messaging/sms-segments'

describe('SMS length and segments', () => {
  it('counts Latin text as GSM-7: 160 in one part, 153 per part beyond', () => {
    expect(smsLength('')).toMatchObject({ encoding: 'gsm7', units: 0, segments: 0 })
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1, perSegment: 160, remaining: 0 })
    expect(smsLength('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, segments: 2, perSegment: 153, remaining: 145 })
    expect(smsLength('a'.repeat(306))).toMatchObject({ segments: 2, remaining: 0 })
    expect(smsLength('a'.repeat(307))).toMatchObject({ segments: 3 })
  })

  it('counts the extension characters as two septets', () => {
    expect(smsLength('{}€')).toMatchObject({ encoding: 'gsm7', units: 6 })
    expect(smsLength('€'.repeat(80))).toMatchObject({ units: 160, segments: 1 })
    expect(smsLength('€'.repeat(81))).toMatchObject({ units: 162, segments: 2 })
  })

  it('switches the whole text to UCS-2 for one Cyrillic letter: 70 in one, 67 per part', () => {
    expect(smsEncoding('Hello Привет')).toBe('ucs2')
    expect(smsLength('я'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, segments: 1, perSegment: 70, remaining: 0 })
    expect(smsLength('я'.repeat(71))).toEqual({ encoding: 'ucs2', units: 71, segments: 2, perSegment: 67, remaining: 63 })
    expect(smsLength('a'.repeat(100) + 'ж')).toMatchObject({ encoding: 'ucs2', segments: 2 })
  })

  it('treats Uzbek Latin with the modifier apostrophe as UCS-2 and the plain apostrophe as GSM-7', () => {
    expect(smsEncoding("o'zgardi")).toBe('gsm7')
    expect(smsEncoding('o‘zgardi')).toBe('ucs2')
  })

  it('counts an emoji outside the basic plane as two UTF-16 units', () => {
    expect(smsLength('😀')).toMatchObject({ encoding: 'ucs2', units: 2 })
  })
})
