import { regexProblem } from '../../../../../server/src/services/customers/customers/customer-regex'
import { sqliteRegexp } from '../../../../../server/src/db'

describe('customer $regex patterns', () => {
  it.each(['^ali', 'karimov$', '^(ali|vali)', 'ov(a)?$', '[а-яё]+', '^\\d{3}', '^998(90|91)', 'a.*b', '\\.com$', '(?:ali){2}', 'x{1,10}'])('accepts %j', (pattern) => {
    expect(regexProblem(pattern)).toBeNull()
  })

  it.each([
    ['(', 'syntax'],
    ['[a-', 'syntax'],
    ['(a+)+$', 'repetition'],
    ['(a|aa)*', 'repetition'],
    ['(ab){1,100}', 'repetition'],
    ['a*b*c*d*', 'repetition'],
    ['(a)\\1', 'escape'],
    ['\\bali', 'escape'],
    ['(?=a)', 'group'],
    ['(?<name>a)', 'group'],
    ['(?i)ali', 'syntax']
  ])('refuses %j (%s)', (pattern, problem) => {
    expect(regexProblem(pattern)).toBe(problem)
  })

  it('runs SQLite\'s REGEXP with the embedded case-insensitive option', () => {
    expect(sqliteRegexp('^ал', 'Алишер')).toBe(0)
    expect(sqliteRegexp('(?i)^ал', 'Алишер')).toBe(1)
    expect(sqliteRegexp('^Ал', 'Алишер')).toBe(1)
    expect(sqliteRegexp('^ал', null)).toBe(0)
  })
})
