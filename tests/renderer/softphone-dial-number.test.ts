import { callerDigits, dialTarget, isDtmfKey, normaliseDialNumber } from '../../renderer/src/features/softphone/dial-number'

/** Issue 20 item 3: numbers the softphone dials and callers it looks up (renderer/src/features/softphone/dial-number.ts). */
test('a typed number loses the signs people write numbers with and keeps a leading +', () => {
  expect(normaliseDialNumber(' +998 (90) 123-45-67 ')).toBe('+998901234567')
  expect(normaliseDialNumber('90.123.45.67')).toBe('901234567')
  expect(normaliseDialNumber('101')).toBe('101')
  expect(normaliseDialNumber('*21#')).toBe('*21#')
})

test('what is not a number is not dialled', () => {
  for (const typed of ['', '   ', '+', 'abc', '101a', 'sip:101@pbx', '++998', '9+98', '+*21', '1'.repeat(33)]) {
    expect(normaliseDialNumber(typed)).toBeNull()
  }
  expect(normaliseDialNumber('1'.repeat(32))).toBe('1'.repeat(32))
})

test('the SIP address is on the account\'s domain', () => {
  expect(dialTarget('+998901234567', 'pbx.clinic.uz')).toBe('sip:+998901234567@pbx.clinic.uz')
})

test('a caller\'s number becomes digits for the phone search; extensions and anonymous callers do not', () => {
  expect(callerDigits('998901234567')).toBe('998901234567')
  expect(callerDigits('+998 90 123-45-67')).toBe('998901234567')
  expect(callerDigits('101')).toBeNull()
  expect(callerDigits('anonymous')).toBeNull()
  expect(callerDigits('')).toBeNull()
  expect(callerDigits(null)).toBeNull()
  expect(callerDigits('1234567890123456')).toBeNull()
})

test('the keypad sends only DTMF keys', () => {
  expect(['0', '9', '*', '#'].every(isDtmfKey)).toBe(true)
  expect(['A', '10', '', '+'].some(isDtmfKey)).toBe(false)
})
