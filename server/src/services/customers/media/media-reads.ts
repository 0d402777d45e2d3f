import type { Knex } from 'knex'
import { MEDIA_TABLE } from './media.class'
import type { MediaOwnerType } from './media-types.shared'

/**
 * How many files each of these owners has, in one query however many owners: the expense list's
 * paperclips. For other areas, which never name media's table; the caller has already read the
 * owners through their own service (their rule is their files' rule). Kept apart from
 * media-files.ts, so a reader does not load the upload's image and type libraries.
 */
export async function countFilesOf(db: Knex, companyId: string, ownerType: MediaOwnerType, ownerIds: string[]): Promise<Map<string, number>> {
  if (ownerIds.length === 0) return new Map()
  const rows = (await db(MEDIA_TABLE).where({ companyId, ownerType }).whereIn('ownerId', ownerIds).groupBy('ownerId').select('ownerId').count({ count: '*' })) as Array<{ ownerId: string; count: unknown }>
  return new Map(rows.map((row) => [row.ownerId, Number(row.count)]))
}
