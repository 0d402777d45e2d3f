import type { Knex } from 'knex'
import type { Application } from '../../declarations'
import { now } from '../../hooks/ids'
import { passwordMatches } from '../users/password-hash'

export interface StoredPassword {
  _id: string
  password: string
  previousPassword: string | null
}

/** Spec section 5: a new password must differ from the one in use and the one before it. */
export async function reusesPassword(user: StoredPassword, password: string): Promise<boolean> {
  const [current, previous] = await Promise.all([passwordMatches(user.password, password), passwordMatches(user.previousPassword, password)])
  return current || previous
}

export interface Replacement {
  user: StoredPassword
  newHash: string
  /** The session to keep open (a signed-in change keeps the device in use). */
  keepSessionId?: string
  /** A step that must succeed in the same transaction, such as spending the reset token. */
  before?: (trx: Knex.Transaction) => Promise<void>
}

/**
 * Stores the new hash and keeps the old one as `previousPassword`, spends every other
 * outstanding reset link of the person and ends their other sessions, all in one transaction:
 * a failure at any step leaves nothing written. After the commit the ended sessions go through
 * the sessions service once more (same `endedAt`, so nothing changes) for its `patched` event,
 * which closes their open sockets on every instance; sockets never close for a change that
 * was then rolled back. Each later call re-checks the session anyway.
 */
export async function replacePassword(app: Application, { user, newHash, keepSessionId, before }: Replacement): Promise<void> {
  const endedAt = now()
  const ended = await app.get('db').transaction(async (trx) => {
    if (before) await before(trx)
    await trx('users').where({ _id: user._id }).update({ password: newHash, previousPassword: user.password, updatedAt: endedAt })
    await trx('password_resets').where({ userId: user._id }).whereNull('usedAt').update({ usedAt: endedAt, updatedAt: endedAt })
    const open = trx('sessions').where({ userId: user._id }).whereNull('endedAt').select('_id')
    if (keepSessionId) open.whereNot({ _id: keepSessionId })
    const ids = ((await open) as Array<{ _id: string }>).map((session) => session._id)
    if (ids.length > 0) await trx('sessions').whereIn('_id', ids).update({ endedAt, endedBy: user._id, updatedAt: endedAt })
    return ids
  })
  const sessions = app.service('sessions')
  for (const id of ended) await sessions.patch(id, { endedAt, endedBy: user._id })
}
