import type { Id } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { now } from '../../../hooks/ids'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { Session, SessionPatch, SessionQuery } from './sessions.schema'

export type SessionParams = RecordParams & { query?: SessionQuery }

/**
 * Sessions are never deleted: `remove` ends one (sets endedAt and who ended it) and keeps it
 * as a record of who signed in from where. So there is nothing to move to trash (`trash:
 * false`); sessions of a team member moved to trash go with them (ON DELETE CASCADE) and do
 * not come back with a restore: they are history of a sign-in that can no longer be used.
 */
export class SessionService extends RecordService<Session, never, SessionParams, SessionPatch> {
  override async _remove(id: Id, params?: SessionParams) {
    const timestamp = now()
    return this._patch(id, { endedAt: timestamp, endedBy: params?.identity?.user._id ?? null, updatedAt: timestamp } as SessionPatch, params)
  }
}

export const sessionServiceOptions = (app: Application) => recordOptions(app, 'sessions', { trash: false })
export const sessionRowShape = { instant: ['lastLogin', 'lastAction', 'endedAt'] }
