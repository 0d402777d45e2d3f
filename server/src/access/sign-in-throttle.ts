import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { RedisClientType } from 'redis'
import { TooManyRequests } from '@feathersjs/errors'
import { clinicError } from '../errors'

export interface SignInLimits {
  perAccount: number
  perAddress: number
  windowSeconds: number
}

/**
 * Counts failed sign-ins per account (e-mail) and per network address over a window. While
 * either count is at its limit, sign-in answers 429 "Too many attempts, try again later"
 * before the password is even checked, so guessing stays slow. A success clears the account's
 * count. The stores are in memory by default; with Redis they are shared by every instance.
 */
export class SignInThrottle {
  constructor(
    private readonly perAccount: RateLimiterAbstract,
    private readonly perAddress: RateLimiterAbstract
  ) {}

  static inMemory(limits: SignInLimits) {
    return new SignInThrottle(
      new RateLimiterMemory({ keyPrefix: 'signin-account', points: limits.perAccount, duration: limits.windowSeconds }),
      new RateLimiterMemory({ keyPrefix: 'signin-address', points: limits.perAddress, duration: limits.windowSeconds })
    )
  }

  /**
   * Counters in Redis, shared by every instance, under `<prefix>:signin-account:<e-mail>` and
   * `<prefix>:signin-address:<address>`; they expire with the window. While Redis cannot be
   * reached each instance counts in its own memory instead (the insurance limiter), so
   * sign-in keeps working and stays throttled.
   */
  static inRedis(client: RedisClientType, limits: SignInLimits, prefix: string) {
    const limiter = (kind: string, points: number) =>
      new RateLimiterRedis({
        storeClient: client,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        keyPrefix: `${prefix}:signin-${kind}`,
        points,
        duration: limits.windowSeconds,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `signin-${kind}`, points, duration: limits.windowSeconds })
      })
    return new SignInThrottle(limiter('account', limits.perAccount), limiter('address', limits.perAddress))
  }

  async assertAllowed(account: string, address: string): Promise<void> {
    const [byAccount, byAddress] = await Promise.all([this.perAccount.get(account), this.perAddress.get(address)])
    const accountSpent = (byAccount?.consumedPoints ?? 0) >= this.perAccount.points
    const addressSpent = (byAddress?.consumedPoints ?? 0) >= this.perAddress.points
    if (accountSpent || addressSpent) {
      const waitMs = Math.max(accountSpent ? byAccount!.msBeforeNext : 0, addressSpent ? byAddress!.msBeforeNext : 0)
      throw clinicError(TooManyRequests, 'too-many-attempts', undefined, { retryAfterSeconds: Math.ceil(waitMs / 1000) })
    }
  }

  async recordFailure(account: string, address: string): Promise<void> {
    // penalty() adds points without rejecting, so the count keeps growing past the limit.
    await Promise.all([this.perAccount.penalty(account, 1), this.perAddress.penalty(address, 1)])
  }

  async recordSuccess(account: string): Promise<void> {
    await this.perAccount.delete(account)
  }
}
