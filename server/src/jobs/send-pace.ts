import type { RedisClientType } from 'redis'

declare module '../declarations' {
  interface AppSettings {
    /** The sends' pace shared by every instance (instances.ts, with REDIS_URL). */
    paceSlots?: PaceSlots
  }
}

/**
 * Where the pace of sends to a provider is kept (docs/decisions/messaging.md, "Dispatch"): each
 * send reserves the next free start, `intervalMs` (1 s / the provider's rate) after the one
 * before, and waits for it. In one process a map does; with several instances the reservations
 * are in Redis, so N instances together keep to the rate instead of N times it.
 */
export interface PaceSlots {
  /** Reserves the next free start of `key`; how many milliseconds from now it is. */
  reserve(key: string, intervalMs: number): Promise<number>
}

/** The pace of this process alone. */
export class LocalPaceSlots implements PaceSlots {
  private readonly next = new Map<string, number>()

  constructor(private readonly now: () => number = Date.now) {}

  async reserve(key: string, intervalMs: number): Promise<number> {
    const now = this.now()
    const at = Math.max(now, this.next.get(key) ?? 0)
    this.next.set(key, at + intervalMs)
    return at - now
  }
}

/**
 * One atomic reservation on Redis's own clock (instances' clocks may differ): the start is the
 * later of now and the key's next free start; the key moves one interval on, and expires a
 * minute after it is reached (an idle provider leaves nothing behind).
 */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local at = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
local next = at + tonumber(ARGV[1])
redis.call('SET', KEYS[1], string.format('%.3f', next), 'PX', math.ceil(next - now) + 60000)
return math.ceil(at - now)
`

/** The pace every instance shares. While Redis cannot be reached, this process keeps its own. */
export class RedisPaceSlots implements PaceSlots {
  private readonly local = new LocalPaceSlots()
  /** When the outage was last told (once a minute: a broadcast would otherwise log every send). */
  private toldAt = 0

  constructor(
    private readonly client: RedisClientType,
    private readonly prefix: string,
    private readonly onError: (error: Error) => void = () => undefined
  ) {}

  async reserve(key: string, intervalMs: number): Promise<number> {
    try {
      return Number(await this.client.eval(RESERVE, { keys: [`${this.prefix}:pace:${key}`], arguments: [String(intervalMs)] }))
    } catch (error) {
      if (Date.now() - this.toldAt > 60_000) {
        this.toldAt = Date.now()
        this.onError(error as Error)
      }
      return this.local.reserve(key, intervalMs)
    }
  }
}
