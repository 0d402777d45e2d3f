import type { Knex } from 'knex'

/** The schedule's reads for other areas (the work-place service owns `work_places`), with the caller's database handle. */

/** Whether the chair is one of the branch's (of the company). */
export async function workPlaceInBranch(db: Knex, companyId: string, branchId: string, workPlaceId: string): Promise<boolean> {
  return Boolean(await db('work_places').where({ _id: workPlaceId, companyId, branchId }).first('_id'))
}
