import { Type } from '@feathersjs/typebox'
import { dbOf } from '../hooks/call-transaction'
import type { HookContext } from '../declarations'

/** Highest rank a list entry takes (lists are ordered by rank, ascending). */
export const MAX_RANK = 1_000_000
export const RankSchema = Type.Integer({ minimum: 0, maximum: MAX_RANK })

/**
 * The rank that puts a new entry last among the rows of `table` matching `where` (the caller's
 * company, and branch where the list is per branch).
 */
export async function nextRank(context: HookContext, table: string, where: Record<string, unknown>): Promise<number> {
  if (Object.values(where).some((value) => value === undefined)) return 0
  const [row] = await dbOf(context.app, context.params)(table).where(where).max({ rank: 'rank' })
  const highest = row?.rank === null || row?.rank === undefined ? -1 : Number(row.rank)
  return Math.min(highest + 1, MAX_RANK)
}

/** Before find: lists come in rank order (then name, then id) unless the client sorts otherwise. */
export function sortByRank(context: HookContext) {
  const query = context.params.query ?? {}
  if (!query.$sort) context.params.query = { ...query, $sort: { rank: 1, name: 1, _id: 1 } }
}
