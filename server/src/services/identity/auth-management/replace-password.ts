import type { Knex } from 'knex'
import type { Params } from '@feathersjs/feathers'
import { afterCommit, dbOf } from '../../../hooks/call-transaction'
import { BadRequest, NotFound } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { assertNoProblem, clinicError } from '../../../errors'
import { now } from '../../../hooks/ids'
import { passwordProblem } from '../../../../../domain/validation/password'
import { hashPassword, passwordMatches } from '../../team/users/password-hash'
import { replacePasswordHash, userPasswordHashes } from '../../team/users/user-rows'
import { openSessionIds } from '../sessions/session-rows'

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

export async function storedPassword(app: Application, userId: string, params?: Params): Promise<StoredPassword> {
  const user = await userPasswordHashes(dbOf(app, params), userId)
  if (!user) throw clinicError(NotFound, 'not-found')
  return user
}

export interface PasswordChange {
  /** Whose password changes. */
  userId: string
  /** The new password as typed. */
  password: string
  /** Who makes the change: recorded as who ended the sessions. */
  changedBy: string
  /** The caller's current session, kept open when a person changes their own password. */
  keepSessionId?: string
  /** Checks that need the stored hashes (the current password); they run before the reuse rule. */
  authorize?: (stored: StoredPassword) => Promise<void>
  /** Writes that commit with the password or not at all (the reset link used, the rest of a team-member patch). */
  within?: (trx: Knex.Transaction) => Promise<void>
  /** The call's params: its transaction, when it runs in one, holds the change too. */
  params?: Params
}

/**
 * The one path of every password change after the first (reset link, own change, an
 * administrator setting a member's): the shape rules, not the current nor the previous
 * password, then replacePassword. Hashing happens before replacePassword's transaction opens, so
 * no write lock is held while argon2 works (unless the call already holds one: a member's patch).
 */
export async function changePassword(app: Application, change: PasswordChange): Promise<void> {
  assertNoProblem(passwordProblem(change.password), 'password')
  const stored = await storedPassword(app, change.userId, change.params)
  if (change.authorize) await change.authorize(stored)
  if (await reusesPassword(stored, change.password)) throw clinicError(BadRequest, 'password-same-as-previous', 'password')
  const newHash = await hashPassword(change.password)
  await replacePassword(app, { user: stored, newHash, keepSessionId: change.keepSessionId, endedBy: change.changedBy, before: change.within, params: change.params })
}

interface Replacement {
  user: StoredPassword
  newHash: string
  keepSessionId?: string
  endedBy: string
  before?: (trx: Knex.Transaction) => Promise<void>
  params?: Params
}

/**
 * Stores the new hash and keeps the old one as `previousPassword`, spends every outstanding
 * reset link of the person and ends their sessions (all but `keepSessionId`), all in one
 * transaction: a failure at any step leaves nothing written. After the commit the ended
 * sessions go through the sessions service once more (same `endedAt`, so nothing changes) for
 * its `patched` event, which closes their open sockets on every instance; sockets never close
 * for a change that was then rolled back. Each later call re-checks the session anyway.
 */
async function replacePassword(app: Application, { user, newHash, keepSessionId, endedBy, before, params }: Replacement): Promise<void> {
  const endedAt = now()
  // Within the call's transaction when it has one (a savepoint), else its own.
  const ended = await dbOf(app, params).transaction(async (trx) => {
    if (before) await before(trx)
    await replacePasswordHash(trx, user._id, { password: newHash, previousPassword: user.password, updatedAt: endedAt })
    await trx('password_resets').where({ userId: user._id }).whereNull('usedAt').update({ usedAt: endedAt, updatedAt: endedAt })
    const ids = await openSessionIds(trx, user._id, keepSessionId)
    if (ids.length > 0) await trx('sessions').whereIn('_id', ids).update({ endedAt, endedBy, updatedAt: endedAt })
    return ids
  })
  await afterCommit(params, async () => {
    const sessions = app.service('sessions')
    for (const id of ended) await sessions.patch(id, { endedAt, endedBy })
  })
}
