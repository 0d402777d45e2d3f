import { minorToInput, parseMinor } from '../../renderer/src/features/billing/money-input'

describe('billing: typed money to minor units, exactly', () => {
  test('whole amounts, one or two decimals, either mark, spaces as thousands', () => {
    expect(parseMinor('1500')).toBe(150_000)
    expect(parseMinor('1 500,5')).toBe(150_050)
    expect(parseMinor('1\u00a0500.05')).toBe(150_005)
    expect(parseMinor('0,1')).toBe(10)
    expect(parseMinor('0.29')).toBe(29)
    expect(parseMinor('1234567.89')).toBe(123_456_789)
    expect(parseMinor('7,')).toBe(700)
  })

  test('a float would get these wrong: the text is read digit by digit', () => {
    // 1.15 * 100 is 114.99999999999999 and 4.35 * 100 is 434.99999999999994 in floats.
    expect(parseMinor('1.15')).toBe(115)
    expect(parseMinor('4,35')).toBe(435)
    expect(parseMinor('90071992547409,91')).toBe(Number.MAX_SAFE_INTEGER)
    expect(parseMinor('90071992547409,92')).toBeUndefined()
  })

  test('what is not an amount is refused (undefined), not guessed', () => {
    for (const bad of ['', ' ', 'abc', '1,234', '1.2.3', '-5', '+5', '1e3', '12,345,67', null, undefined]) expect(parseMinor(bad)).toBeUndefined()
  })

  test('minor units back to what the form shows, round trip', () => {
    expect(minorToInput(150_050, true)).toBe('1500,50')
    expect(minorToInput(5, false)).toBe('0.05')
    for (const minor of [0, 1, 99, 100, 123_456_789]) expect(parseMinor(minorToInput(minor, true))).toBe(minor)
  })
})
