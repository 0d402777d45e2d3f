import type { Knex } from 'knex'

/** The schedule's reads for other areas (the work-place service owns `work_places`), with the caller's database handle. */

/** Whether the chair is one of the branch's (of the company). */
export async function workPlaceInBranch(db: Knex, companyId: string, branchId: string, workPlaceId: string): Promise<boolean> {
  return Boolean(await db('work_places').where({ _id: workPlaceId, companyId, branchId }).first('_id'))
}

/** workPlaceInBranch as one column of another area's statement: the chair's id when it is the branch's, else null. */
export function workPlaceInBranchColumn(db: Knex, companyId: string, branchId: string, workPlaceId: string): { query: Knex.QueryBuilder; read: (value: unknown) => boolean } {
  return { query: db('work_places').where({ _id: workPlaceId, companyId, branchId }).select('_id'), read: (value) => value !== null && value !== undefined }
}

/**
 * The active work places of a kind in the company's branches (`branchIds`: only those), in the
 * calendar's order (rank, then id): the places the slot search may propose.
 */
export async function activeWorkPlaces(db: Knex, companyId: string, kind: string, branchIds: readonly string[] | null): Promise<Array<{ _id: string; branchId: string }>> {
  const query = db('work_places').select('_id', 'branchId').where({ companyId, kind, active: true }).orderBy([{ column: 'branchId' }, { column: 'rank' }, { column: '_id' }])
  if (branchIds) query.whereIn('branchId', [...branchIds])
  return query
}
