import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { TooManyRequests } from '@feathersjs/errors'
import { clinicError } from '../../../errors'

const HOUR = 3600

/**
 * Limits the public, mail-sending and account-probing actions: at most 5 reset mails an hour
 * per e-mail address (asked for, whether it exists or not, so the limit reveals nothing) and
 * 30 per network address; e-mail uniqueness checks at most 100 an hour per address; and 5
 * wrong current passwords per person in 15 minutes on a password change, so a stolen session
 * cannot guess the password. Memory stores are per instance, which is enough to keep one
 * caller from flooding a mailbox.
 */
export class ResetThrottle {
  private readonly perEmail = new RateLimiterMemory({ keyPrefix: 'reset-email', points: 5, duration: HOUR })
  private readonly perAddress = new RateLimiterMemory({ keyPrefix: 'reset-address', points: 30, duration: HOUR })
  private readonly uniquePerAddress = new RateLimiterMemory({ keyPrefix: 'unique-address', points: 100, duration: HOUR })
  private readonly wrongCurrentPassword = new RateLimiterMemory({ keyPrefix: 'change-user', points: 5, duration: 15 * 60 })

  async resetRequested(email: string, address: string): Promise<void> {
    await Promise.all([consume(this.perEmail, email), consume(this.perAddress, address)])
  }

  async uniqueChecked(address: string): Promise<void> {
    await consume(this.uniquePerAddress, address)
  }

  /** Refuses while the person has used up their wrong current-password tries. */
  async assertMayChange(userId: string): Promise<void> {
    const spent = await this.wrongCurrentPassword.get(userId)
    if (spent && spent.consumedPoints >= this.wrongCurrentPassword.points) {
      throw clinicError(TooManyRequests, 'too-many-attempts', undefined, { retryAfterSeconds: Math.ceil(spent.msBeforeNext / 1000) })
    }
  }

  async currentPasswordWrong(userId: string): Promise<void> {
    await this.wrongCurrentPassword.penalty(userId, 1)
  }
}

async function consume(limiter: RateLimiterMemory, key: string) {
  try {
    await limiter.consume(key)
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection
    throw clinicError(TooManyRequests, 'too-many-attempts', undefined, { retryAfterSeconds: Math.ceil(rejection.msBeforeNext / 1000) })
  }
}
