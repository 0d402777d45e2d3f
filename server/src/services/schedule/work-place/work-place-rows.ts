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

export interface WorkPlaceEntry {
  _id: string
  branchId: string
  name: string
  active: boolean
}

/**
 * Every work place of the company's branches (`branchIds`: only those; `workPlaceId`: one),
 * active or not, in the calendar's order: the chairs of the load report. A removed one is in the
 * trash, not here.
 */
export async function workPlacesOf(db: Knex, companyId: string, branchIds: readonly string[] | null, workPlaceId?: string): Promise<WorkPlaceEntry[]> {
  const query = db('work_places').select('_id', 'branchId', 'name', 'active').where({ companyId }).orderBy([{ column: 'branchId' }, { column: 'rank' }, { column: '_id' }])
  if (branchIds) query.whereIn('branchId', [...branchIds])
  if (workPlaceId) query.andWhere({ _id: workPlaceId })
  const rows = (await query) as Array<Record<string, unknown>>
  return rows.map((row) => ({ _id: String(row._id), branchId: String(row.branchId), name: String(row.name), active: Boolean(row.active) }))
}
