import { AuthenticationService, JWTStrategy, type AuthenticationRequest, type AuthenticationResult } from '@feathersjs/authentication'
import { LocalStrategy } from '@feathersjs/authentication-local'
import { BadRequest, NotAuthenticated } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import { normalizeEmail } from '../../../../../domain/validation/email'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { assertMayWork, loadIdentity, type Identity } from '../../../access/identity'
import type { SignInThrottle } from '../../../access/sign-in-throttle'
import { RowCodec } from '../../row-codec'
import { newId, now } from '../../../hooks/ids'
import { dummyPasswordHash, passwordMatches } from '../../team/users/password-hash'
import { userWithEmail } from '../../team/users/user-rows'
import { companySubscriptionEnd } from '../../company/company/company-reads'

/** Who is connecting: set on every socket by server/src/channels.ts from the handshake. */
export interface ConnectionInfo {
  ip?: string
  userAgent?: string
}

/** Adds our claims to the token: `userId` (spec section 3) and `sid`, the session it belongs to. */
export class ClinicAuthenticationService extends AuthenticationService {
  override async getPayload(authResult: AuthenticationResult, params: Params) {
    const payload = await super.getPayload(authResult, params)
    const identity = authResult.identity as Identity
    return { ...payload, userId: identity.user._id, sid: identity.session._id }
  }

  override async getTokenOptions(authResult: AuthenticationResult, params: Params) {
    const options = await super.getTokenOptions(authResult, params)
    return { ...options, subject: (authResult.identity as Identity).user._id }
  }

  /**
   * Every call of a signed-in socket carries its token, and verifying it (jsonwebtoken builds a
   * key object from the secret each time) cost about half a millisecond of CPU per call. A
   * token's signature and claims never change, so a verified token is remembered until it
   * expires; whether its session still holds is checked on every call regardless.
   */
  override async verifyAccessToken(accessToken: string, optsOverride?: object, secretOverride?: string) {
    if (optsOverride || secretOverride) return super.verifyAccessToken(accessToken, optsOverride, secretOverride)
    const known = verifiedTokens.get(accessToken)
    if (known && known.expiresAtMs > Date.now()) return known.payload
    const payload = await super.verifyAccessToken(accessToken)
    if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT) verifiedTokens.clear()
    verifiedTokens.set(accessToken, { payload, expiresAtMs: typeof payload.exp === 'number' ? payload.exp * 1000 : 0 })
    return payload
  }
}

const VERIFIED_TOKENS_KEPT = 50_000
const verifiedTokens = new Map<string, { payload: Awaited<ReturnType<AuthenticationService['verifyAccessToken']>>; expiresAtMs: number }>()

/**
 * The token strategy: verifies the token, then loads the caller from the session it names,
 * so an ended session or a restricted account is refused on the very next call.
 */
export class SessionTokenStrategy extends JWTStrategy {
  override async authenticate(authentication: AuthenticationRequest, params: Params) {
    const { accessToken } = authentication
    if (!accessToken) throw clinicError(NotAuthenticated, 'not-authenticated')
    const payload = await this.authentication!.verifyAccessToken(accessToken, (params as { jwt?: object }).jwt)
    const identity = await loadIdentity(this.app!.get('db'), payload.sid, payload.userId)
    sessionActivity.touch(this.app as Application, identity.session._id)
    return { accessToken, authentication: { strategy: 'jwt', accessToken, payload }, user: identity.user, identity }
  }
}

const passwordUserCodec = new RowCodec({ json: ['branchIds'], boolean: ['allowLogin', 'archived'] })
const subscriptionCodec = new RowCodec({ instant: ['subscriptionEndsAt'] })

/** Sign-in with e-mail and password: throttled, constant-time on unknown accounts, opens a session. */
export class PasswordStrategy extends LocalStrategy {
  constructor(private readonly throttle: SignInThrottle) {
    super()
  }

  override async authenticate(data: AuthenticationRequest, params: Params) {
    const email = typeof data.email === 'string' ? normalizeEmail(data.email) : ''
    const password = typeof data.password === 'string' ? data.password : ''
    if (!email || !password) throw clinicError(BadRequest, 'missing-credentials')
    const connection = (params.connection ?? {}) as ConnectionInfo
    const address = connection.ip ?? 'internal'
    await this.throttle.assertAllowed(email, address)

    const db = (this.app as Application).get('db')
    const row = await userWithEmail<{ _id: string; password: string; companyId: string; allowLogin: unknown; archived: unknown }>(db, email, ['_id', 'password', 'companyId', 'allowLogin', 'archived'])
    // Hash something even for an unknown e-mail, so timing does not reveal which accounts exist.
    const matches = await passwordMatches(row?.password ?? (await dummyPasswordHash()), password)
    if (!row || !matches) {
      await this.throttle.recordFailure(email, address)
      throw clinicError(NotAuthenticated, 'invalid-login')
    }
    await this.throttle.recordSuccess(email, address)
    const user = passwordUserCodec.fromDb<{ _id: string; companyId: string; allowLogin: boolean; archived: boolean }>(row)
    const company = await companySubscriptionEnd(db, user.companyId)
    assertMayWork(user, subscriptionCodec.fromDb(company))

    const sessionId = await openSession(this.app as Application, user, connection)
    const identity = await loadIdentity(db, sessionId, user._id)
    return { authentication: { strategy: 'local' }, user: identity.user, identity }
  }
}

async function openSession(app: Application, user: { _id: string; companyId: string }, connection: ConnectionInfo) {
  const timestamp = now()
  const session = {
    _id: newId(),
    companyId: user.companyId,
    userId: user._id,
    userAgent: (connection.userAgent ?? '').slice(0, 500),
    ip: (connection.ip ?? '').slice(0, 64),
    lastLogin: timestamp,
    lastAction: timestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
    createdBy: user._id
  }
  await app.get('db')('sessions').insert(session)
  return session._id
}

/**
 * Keeps `lastAction` of sessions current without a write on every call: at most one write per
 * session a minute (spec section 3, Session: last action).
 */
export const sessionActivity = {
  lastWrite: new Map<string, number>(),
  intervalMs: 60_000,
  touch(app: Application, sessionId: string) {
    const nowMs = Date.now()
    if (nowMs - (this.lastWrite.get(sessionId) ?? 0) < this.intervalMs) return
    this.lastWrite.set(sessionId, nowMs)
    if (this.lastWrite.size > 100_000) this.lastWrite.clear()
    app
      .get('db')('sessions')
      .where({ _id: sessionId })
      .update({ lastAction: new Date(nowMs).toISOString() })
      .catch((error: unknown) => app.get('logger').warn({ err: error }, 'could not record session activity'))
  }
}
