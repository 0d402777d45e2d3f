import { Forbidden } from '@feathersjs/errors'
import type { HookContext } from '../declarations'
import { clinicError } from '../errors'

/**
 * Confines an external call to the caller's company: the query (used by find, and by get,
 * patch and remove by id) always carries the caller's companyId, overriding whatever the client
 * sent, so a record of another company is simply not found, `$or` or not. Created records get
 * the company from the data resolvers (schema/record.ts), never from the client.
 */
export async function companyScope(context: HookContext) {
  const identity = context.params.identity
  if (!context.params.provider || !identity) return
  context.params.query = { ...(context.params.query ?? {}), companyId: identity.user.companyId }
}

/**
 * For records that belong to a branch: reads are confined to the caller's branches; asking for
 * a branch outside them is refused. (Writes are checked by branchIdResolver in schema/record.ts.)
 */
export async function branchScope(context: HookContext) {
  const identity = context.params.identity
  if (!context.params.provider || !identity) return
  const allowed = identity.branchIds
  const query = { ...(context.params.query ?? {}) }
  const asked = query.branchId
  if (asked === undefined) query.branchId = { $in: allowed }
  else if (typeof asked === 'string') assertBranch(allowed, asked)
  else if (typeof asked === 'object' && asked !== null && Array.isArray((asked as { $in?: unknown }).$in)) {
    for (const branchId of (asked as { $in: string[] }).$in) assertBranch(allowed, branchId)
  } else query.branchId = { $in: allowed }
  context.params.query = query
}

function assertBranch(allowed: string[], branchId: unknown) {
  if (typeof branchId !== 'string' || !allowed.includes(branchId)) throw clinicError(Forbidden, 'forbidden', 'branchId')
}
