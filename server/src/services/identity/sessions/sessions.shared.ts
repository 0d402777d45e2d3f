import { clientService } from '../../../client-service'
import type { SessionService } from './sessions.class'

export const sessionPath = 'sessions'
export const sessionMethods = ['find', 'get', 'remove'] as const
export type SessionClientService = Pick<SessionService, (typeof sessionMethods)[number]>
export type { Session, SessionQuery } from './sessions.schema'
export const sessionClient = clientService<SessionClientService>()(sessionPath, sessionMethods)
