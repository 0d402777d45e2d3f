import type { Knex } from 'knex'

/**
 * The sessions' reads for other areas (the sessions service owns `sessions`), with the caller's
 * database handle: a member restricted or given a new password has their open sessions ended.
 */

/** The ids of a member's sessions that have not ended, but `keepSessionId`'s. */
export async function openSessionIds(db: Knex, userId: string, keepSessionId?: string): Promise<string[]> {
  const open = db('sessions').where({ userId }).whereNull('endedAt').select('_id')
  if (keepSessionId) open.whereNot({ _id: keepSessionId })
  return ((await open) as Array<{ _id: string }>).map((session) => session._id)
}
