import type { IdentityUser } from '../../../access/identity'
import type { Permission } from '../../../../../domain/access/resources'

export const authenticationPath = 'authentication'

/** Token payload claims (spec section 3: userId and exp in seconds). */
export interface TokenPayload {
  userId: string
  sid: string
  sub: string
  exp: number
  iat: number
}

/** The answer to a successful sign-in. */
export interface SignInResult {
  accessToken: string
  authentication: { strategy: string; payload: TokenPayload }
  user: IdentityUser
  company: { _id: string; name: string; modules: Partial<Record<string, boolean>>; timezone: string; currency: string; subscriptionEndsAt: string | null }
  role: { _id: string; name: string; key: string | null; permissions: Permission[] }
  branchIds: string[]
  sessionId: string
  /** Set when the company's subscription ends within the warning period. */
  warning: { code: 'account-expiring'; date: string } | null
}
