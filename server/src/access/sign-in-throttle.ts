import { createHash } from 'node:crypto'
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible'
import type { RedisClientType } from 'redis'
import { TooManyRequests } from '@feathersjs/errors'
import { clinicError } from '../errors'

export interface SignInLimits {
  /** Failures of one address on one account before that address is refused for that account. */
  perAccount: number
  /** Failures of one address, on any accounts, before that address is refused for all of them. */
  perAddress: number
  /** Failures on one account from all addresses before every address that failed on it is refused. */
  perAccountTotal: number
  windowSeconds: number
}

/** The three counters of failed sign-ins; each forgets a key one window after its first failure. */
interface FailureCounters {
  pair: RateLimiterAbstract
  address: RateLimiterAbstract
  account: RateLimiterAbstract
}

type CounterKind = keyof FailureCounters

/**
 * Names an account in counter keys without its e-mail in clear (Redis keys are listed by anyone
 * who can reach Redis). The e-mail arrives normalised, so one account has one key.
 */
export function accountKey(email: string): string {
  return createHash('sha256').update(email).digest('base64url')
}

/** The account key is of fixed length, so the address after it (IPv6 has colons) is unambiguous. */
export const pairKey = (email: string, address: string) => `${accountKey(email)}:${address}`

/**
 * Counts failed sign-ins over a window so that guessing stays slow, without letting a stranger
 * who knows a colleague's e-mail sign that colleague out (security audit item 9). While a rule
 * below refuses, sign-in answers 429 "Too many attempts, try again later" (with
 * `retryAfterSeconds`) before the password is even checked:
 *
 * - pair: an address that failed `perAccount` times on an account is refused for that account;
 *   other addresses are not, so the right password still works from the colleague's own desk;
 * - address: an address that failed `perAddress` times, on any accounts, is refused for all;
 * - account: a guess spread over many addresses, each under its pair limit, is caught by the
 *   account's total. Once `perAccountTotal` failures are counted on the account, every address
 *   that has failed on it at all is refused for it, while addresses that never failed still get
 *   through. A new address thus gets one guess until the window ends; refusing every address
 *   instead would hand the stranger the lock-out back.
 *
 * A success clears only its own pair's count: the address's and the account's totals stay, so a
 * guesser cannot reset them by signing in to an account of their own.
 *
 * The counters are in memory by default; with Redis they are shared by every instance.
 */
export class SignInThrottle {
  constructor(private readonly counters: FailureCounters) {}

  static inMemory(limits: SignInLimits) {
    return new SignInThrottle(
      countersFor(limits, (kind, points) => new RateLimiterMemory({ keyPrefix: `signin-${kind}`, points, duration: limits.windowSeconds }))
    )
  }

  /**
   * Counters in Redis, shared by every instance, under `<prefix>:signin-pair:<account key>:<address>`,
   * `<prefix>:signin-address:<address>` and `<prefix>:signin-account:<account key>` (see
   * `accountKey`); they expire with the window. While Redis cannot be reached each instance
   * counts in its own memory instead (the insurance limiter), so sign-in keeps working and
   * stays throttled.
   */
  static inRedis(client: RedisClientType, limits: SignInLimits, prefix: string) {
    return new SignInThrottle(
      countersFor(
        limits,
        (kind, points) =>
          new RateLimiterRedis({
            storeClient: client,
            useRedisPackage: true,
            rejectIfRedisNotReady: true,
            keyPrefix: `${prefix}:signin-${kind}`,
            points,
            duration: limits.windowSeconds,
            insuranceLimiter: new RateLimiterMemory({ keyPrefix: `signin-${kind}`, points, duration: limits.windowSeconds })
          })
      )
    )
  }

  async assertAllowed(email: string, address: string): Promise<void> {
    const { pair, address: byAddress, account } = this.counters
    const [pairCount, addressCount, accountCount] = await Promise.all([
      pair.get(pairKey(email, address)),
      byAddress.get(address),
      account.get(accountKey(email))
    ])
    const waitsMs: number[] = []
    if (spent(pairCount, pair)) waitsMs.push(pairCount!.msBeforeNext)
    if (spent(addressCount, byAddress)) waitsMs.push(addressCount!.msBeforeNext)
    // Lifts as soon as either count is gone: the pair's (no failure left) or the account's.
    if (spent(accountCount, account) && (pairCount?.consumedPoints ?? 0) > 0) waitsMs.push(Math.min(pairCount!.msBeforeNext, accountCount!.msBeforeNext))
    if (waitsMs.length > 0) {
      throw clinicError(TooManyRequests, 'too-many-attempts', undefined, { retryAfterSeconds: Math.ceil(Math.max(...waitsMs) / 1000) })
    }
  }

  async recordFailure(email: string, address: string): Promise<void> {
    // penalty() adds points without rejecting, so a count keeps growing past its limit.
    const { pair, address: byAddress, account } = this.counters
    await Promise.all([pair.penalty(pairKey(email, address), 1), byAddress.penalty(address, 1), account.penalty(accountKey(email), 1)])
  }

  async recordSuccess(email: string, address: string): Promise<void> {
    await this.counters.pair.delete(pairKey(email, address))
  }
}

function countersFor(limits: SignInLimits, counter: (kind: CounterKind, points: number) => RateLimiterAbstract): FailureCounters {
  return {
    pair: counter('pair', limits.perAccount),
    address: counter('address', limits.perAddress),
    account: counter('account', limits.perAccountTotal)
  }
}

function spent(count: RateLimiterRes | null, counter: RateLimiterAbstract): boolean {
  return (count?.consumedPoints ?? 0) >= counter.points
}
