import { singleFlight } from '../../server/src/single-flight'

/** A read that settles when told, counting how often it started. */
function controlledRead<T>() {
  let starts = 0
  const pending: Array<{ resolve: (value: T) => void; reject: (error: Error) => void }> = []
  const read = () => {
    starts += 1
    return new Promise<T>((resolve, reject) => pending.push({ resolve, reject }))
  }
  return { read, starts: () => starts, settle: (value: T) => pending.shift()!.resolve(value), fail: (error: Error) => pending.shift()!.reject(error) }
}

describe('singleFlight', () => {
  it('shares one running read among the calls for the same scope and key, and reads afresh once it has settled', async () => {
    const shared = singleFlight<number>()
    const scope = {}
    const reads = controlledRead<number>()
    const first = shared(scope, 'a', reads.read)
    const second = shared(scope, 'a', reads.read)
    expect(reads.starts()).toBe(1)
    reads.settle(7)
    expect(await Promise.all([first, second])).toEqual([7, 7])
    const third = shared(scope, 'a', reads.read)
    expect(reads.starts()).toBe(2)
    reads.settle(8)
    expect(await third).toBe(8)
  })

  it('keeps other keys and other scopes apart', async () => {
    const shared = singleFlight<string>()
    const [one, two] = [{}, {}]
    const reads = controlledRead<string>()
    const answers = [shared(one, 'a', reads.read), shared(one, 'b', reads.read), shared(two, 'a', reads.read)]
    expect(reads.starts()).toBe(3)
    for (const value of ['one a', 'one b', 'two a']) reads.settle(value)
    expect(await Promise.all(answers)).toEqual(['one a', 'one b', 'two a'])
  })

  it('gives a failure to every call that shared the read, and keeps nothing of it', async () => {
    const shared = singleFlight<number>()
    const scope = {}
    const reads = controlledRead<number>()
    const first = shared(scope, 'a', reads.read)
    const second = shared(scope, 'a', reads.read)
    reads.fail(new Error('gone'))
    await expect(first).rejects.toThrow('gone')
    await expect(second).rejects.toThrow('gone')
    const again = shared(scope, 'a', reads.read)
    expect(reads.starts()).toBe(2)
    reads.settle(1)
    expect(await again).toBe(1)
  })
})
