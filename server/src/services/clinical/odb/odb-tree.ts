import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { HookContext } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { clinicError } from '../../../errors'
import { MAX_ODB_DEPTH } from './odb.shared'

const TABLE = 'odb_entries'

/** The ids from `id` up to its top-level part, `id` first (bounded: a tree is never deeper). */
async function lineage(db: Knex, companyId: string, id: string): Promise<string[]> {
  const ids: string[] = []
  let current: string | null = id
  while (current && ids.length <= MAX_ODB_DEPTH) {
    ids.push(current)
    const row = (await db(TABLE).where({ _id: current, companyId }).first('parentId')) as { parentId: string | null } | undefined
    current = row?.parentId ?? null
  }
  return ids
}

/** How many levels an entry and its descendants take (1 for a leaf). */
async function height(db: Knex, companyId: string, id: string): Promise<number> {
  let level = [id]
  let levels = 0
  while (level.length > 0 && levels <= MAX_ODB_DEPTH) {
    levels += 1
    const rows = (await db(TABLE).where({ companyId }).whereIn('parentId', level).select('_id')) as Array<{ _id: string }>
    level = rows.map((row) => row._id)
  }
  return levels
}

/**
 * Before create and patch: the parent is not the entry itself nor one of its descendants, and
 * the tree stays within MAX_ODB_DEPTH levels (part, finding). That the parent exists in
 * the company is the reference check's (access.ts).
 */
export async function checkOdbParent(context: HookContext) {
  const data = context.data as { parentId?: string | null } | undefined
  const companyId = context.params.identity?.user.companyId
  if (!data?.parentId || !companyId) return
  const db = dbOf(context.app, context.params)
  const above = await lineage(db, companyId, data.parentId)
  const moving = typeof context.id === 'string' ? context.id : null
  if (moving && above.includes(moving)) throw clinicError(BadRequest, 'odb-parent-invalid', 'parentId')
  const below = moving ? await height(db, companyId, moving) : 1
  if (above.length + below > MAX_ODB_DEPTH) throw clinicError(BadRequest, 'odb-parent-invalid', 'parentId')
}

/** Before remove: a part that still holds entries is not removed (move or remove them first). */
export async function refuseRemovingParent(context: HookContext) {
  const companyId = context.params.identity?.user.companyId
  if (!context.params.provider || typeof context.id !== 'string' || !companyId) return
  const child = await dbOf(context.app, context.params)(TABLE).where({ companyId, parentId: context.id }).first('_id')
  if (child) throw clinicError(BadRequest, 'odb-has-children')
}
