import { pushTo } from '../../domain/multimap'

describe('pushTo', () => {
  it('keeps one list per key and adds to it in place, in order', () => {
    const map = new Map<string, number[]>()
    pushTo(map, 'a', 1)
    const list = map.get('a')
    pushTo(map, 'b', 2)
    pushTo(map, 'a', 3)
    expect(map.get('a')).toBe(list)
    expect(Object.fromEntries(map)).toEqual({ a: [1, 3], b: [2] })
  })
})
