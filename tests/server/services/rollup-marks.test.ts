import { inRounds, type StaleDay } from '../../../server/src/services/rollup-marks'

const daysOf = (count: number): StaleDay[] => Array.from({ length: count }, (_, index) => ({ day: `2026-01-${String(31 - index).padStart(2, '0')}`, version: index }))

describe('stale days recomputed in rounds', () => {
  it('recomputes every day once, in the period order, a week at most per round', async () => {
    const rounds: string[][] = []
    await inRounds(daysOf(31), async (round) => {
      rounds.push(round.map((entry) => entry.day))
    })
    expect(rounds.map((round) => round.length)).toEqual([7, 7, 7, 7, 3])
    expect(rounds.flat()).toEqual(daysOf(31).map((entry) => entry.day).sort())
  })

  it('lets the event loop turn between rounds (on SQLite each round holds the one thread)', async () => {
    const events: string[] = []
    await inRounds(daysOf(15), async (round) => {
      events.push(`round ${round[0].day}`)
      // Work queued behind the round as a socket's ping is: it must run before the next round.
      setImmediate(() => events.push('other call'))
    })
    expect(events).toEqual(['round 2026-01-17', 'other call', 'round 2026-01-24', 'other call', 'round 2026-01-31'])
  })
})
