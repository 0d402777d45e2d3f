import type { AuthenticationResult } from '@feathersjs/authentication'
import { NotAuthenticated } from '@feathersjs/errors'
import { clinicError } from '../../../errors'
import type { RealTimeConnection } from '@feathersjs/feathers'
import type { Application, HookContext } from '../../../declarations'
import type { Identity } from '../../../access/identity'
import { SignInThrottle } from '../../../access/sign-in-throttle'
import { declareService } from '../../register-service'
import { publishToNoOne } from '../../../channels'
import { detachSession } from '../../../access/session-connections'
import { now } from '../../../hooks/ids'
import { sessionPath } from '../sessions/sessions.shared'
import { ClinicAuthenticationService, PasswordStrategy, SessionTokenStrategy } from './authentication.class'
import { authenticationPath, type SignInResult } from './authentication.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [authenticationPath]: ClinicAuthenticationService
  }
}

/**
 * `authentication`: create signs in (strategy `local` with email and password, or `jwt` with an
 * accessToken); remove signs out and ends the session. Open to anyone by nature; the strategies
 * themselves throttle and check.
 */
export function authentication(app: Application) {
  const config = app.get('config')
  app.set('authentication', {
    secret: config.authSecret,
    entity: 'user',
    service: 'users',
    authStrategies: ['jwt', 'local'],
    jwtOptions: { header: { typ: 'access' }, audience: 'clinic-workstation', algorithm: 'HS256', expiresIn: config.tokenLifetime },
    local: { usernameField: 'email', passwordField: 'password', errorMessage: 'Invalid login' }
  })
  const service = new ClinicAuthenticationService(app)
  service.register('jwt', new SessionTokenStrategy())
  service.register('local', new PasswordStrategy(app.get('signInThrottle') ?? SignInThrottle.inMemory(config.signInLimits)))
  app.use(authenticationPath, service)
  // A sign-in's result holds its token: its events go to no one, not even to other instances.
  publishToNoOne(app.service(authenticationPath))
  // Signing in and out are sessions: the sessions screen lists them, the activity log does not.
  declareService(authenticationPath, { methods: ['create', 'remove'], tables: [], access: {
      refuses: { update: 'signing in and out, not a record' }, methods: { create: { public: true }, remove: { public: true } } }, activity: { skip: true } })

  app.service(authenticationPath).hooks({
    before: {
      remove: [signOutOwnSessionOnly]
    },
    after: {
      create: [shapeSignInResult],
      remove: [endSignedOutSession]
    }
  })
}

/**
 * Signing out needs a signed-in socket, and an id, when given, must be that socket's own token:
 * anything else is "not signed in" (401), never a crash inside the library's remove.
 */
function signOutOwnSessionOnly(context: HookContext) {
  if (!context.params.provider) return
  const accessToken = (context.params.authentication as { accessToken?: unknown } | undefined)?.accessToken
  if (typeof accessToken !== 'string' || (context.id !== null && context.id !== accessToken)) throw clinicError(NotAuthenticated, 'not-authenticated')
}

/**
 * What the renderer needs right after sign-in, and nothing more: the token, the person, their
 * company, role and branches, and a warning when the subscription ends soon. The full identity
 * stays on the result for the `login` event (channels) but is not sent.
 */
async function shapeSignInResult(context: HookContext) {
  const result = context.result as AuthenticationResult
  const identity = result.identity as Identity
  const { user, company, role, branchIds, session } = identity
  const shaped: SignInResult = {
    accessToken: result.accessToken,
    authentication: { strategy: result.authentication.strategy, payload: result.authentication.payload },
    user,
    company: { _id: company._id, name: company.name, modules: company.modules, timezone: company.timezone, currency: company.currency, subscriptionEndsAt: company.subscriptionEndsAt },
    role,
    branchIds,
    sessionId: session._id,
    warning: expiryWarning(company.subscriptionEndsAt, context.app.get('config').expiryWarningDays)
  }
  Object.defineProperty(shaped, 'identity', { value: identity, enumerable: false })
  context.result = shaped
}

export function expiryWarning(subscriptionEndsAt: string | null, warningDays: number): SignInResult['warning'] {
  if (!subscriptionEndsAt) return null
  const msLeft = Date.parse(subscriptionEndsAt) - Date.now()
  if (msLeft > warningDays * 86_400_000) return null
  return { code: 'account-expiring', date: subscriptionEndsAt }
}

/**
 * Signing out ends the session, so the token cannot be replayed. The end goes through the
 * sessions service, whose `patched` event reaches every instance: other sockets of the same
 * session (another tab, on this instance or another) hear `session-ended` and close. This
 * socket is taken off the session first, so it stays open for the sign-out answer.
 */
async function endSignedOutSession(context: HookContext) {
  const sessionId = (context.result as AuthenticationResult)?.authentication?.payload?.sid
  if (typeof sessionId !== 'string') return
  const connection = context.params.connection as RealTimeConnection | undefined
  if (connection) detachSession(connection)
  const open = await context.app.get('db')('sessions').where({ _id: sessionId }).whereNull('endedAt').first('_id')
  if (open) await context.app.service(sessionPath).patch(sessionId, { endedAt: now() })
  const identity = (context.result as AuthenticationResult).identity as Identity | undefined
  context.result = { accessToken: (context.result as AuthenticationResult).accessToken, userId: identity?.user._id ?? null }
}
