import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { Application, HookContext } from '../../../declarations'
import { callerMay } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { clinicError } from '../../../errors'
import { publishToUser } from '../../../channels'
import { closeSessionSockets } from '../../../access/session-connections'
import { SessionService, sessionRowShape, sessionServiceOptions } from './sessions.class'
import { sessionExternalResolver, sessionPatchResolver, sessionPatchValidator, sessionQueryValidator, sessionResolver, type Session } from './sessions.schema'
import { sessionMethods, sessionPath } from './sessions.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [sessionPath]: SessionService
  }
}

/** A person sees their own sessions; with seeAll on `sessions`, the whole team's. */
async function ownSessionsUnlessSeeAll(context: HookContext) {
  const identity = context.params.identity
  if (!context.params.provider || !identity || callerMay(context, 'sessions', 'seeAll')) return
  context.params.query = { ...(context.params.query ?? {}), userId: identity.user._id }
}

/**
 * Ending someone else's session needs the delete permission; ending the one in use is signing
 * out, which the authentication service does (it answers before the socket closes).
 */
async function mayEndSession(context: HookContext) {
  const identity = context.params.identity
  if (!context.params.provider || !identity) return
  if (context.id === identity.session._id) throw clinicError(BadRequest, 'invalid-request', '_id')
  const session = await context.service.get(context.id!, { ...context.params, provider: undefined })
  if (session.userId !== identity.user._id && !callerMay(context, 'sessions', 'delete')) throw clinicError(Forbidden, 'forbidden')
}

/** `sessions`: who is signed in where; ending one signs that device out at once. */
export function sessions(app: Application) {
  registerService(app, sessionPath, new SessionService(sessionServiceOptions(app), sessionRowShape), {
    methods: [...sessionMethods],
    tables: ['sessions'],
    // Ending a session is bookkeeping kept on the session itself (endedAt, endedBy): no log entry.
    activity: { skip: true },
    access: {
      refuses: { update: 'a session is opened by signing in and only ever ended' },
      methods: {
        find: { resource: 'sessions', flag: 'view' },
        get: { resource: 'sessions', flag: 'view' },
        remove: { resource: 'sessions', flag: 'view' }
      }
    },
    hooks: {
      around: {
        all: [
          resolveExternal(sessionExternalResolver),
          resolveResult(sessionResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(sessionQueryValidator), companyScope, ownSessionsUnlessSeeAll],
        patch: [schemaHooks.validateData(sessionPatchValidator), schemaHooks.resolveData(sessionPatchResolver)],
        remove: [mayEndSession]
      }
    },
    publish: publishToUser(app)
  })

  // However a session ends (here, a restricted account, an emergency logout, another
  // instance through Redis), the sockets that use it on this instance are closed.
  const closeIfEnded = (session: Session) => {
    if (session.endedAt) closeSessionSockets(app, session._id)
  }
  app.service(sessionPath).on('patched', closeIfEnded)
  app.service(sessionPath).on('removed', closeIfEnded)
}
