import { BadRequest } from '@feathersjs/errors'
import type { HookContext } from '../declarations'
import { clinicError } from '../errors'

type Condition = string | Record<string, unknown> | undefined

/**
 * Whether branch `id` satisfies a client's own `branchId` condition (equality or operators).
 * Scopes (record-scope.ts) use it for any id column, a record's owner too.
 */
export function satisfiesBranchCondition(id: string, condition: Condition): boolean {
  if (condition === undefined) return true
  if (typeof condition !== 'object' || condition === null) return id === condition
  return Object.entries(condition).every(([operator, value]) => {
    switch (operator) {
      case '$in': return (value as string[]).includes(id)
      case '$nin': return !(value as string[]).includes(id)
      case '$ne': return id !== value
      case '$lt': return id < (value as string)
      case '$lte': return id <= (value as string)
      case '$gt': return id > (value as string)
      case '$gte': return id >= (value as string)
      default: return false
    }
  })
}

/**
 * Before create/patch of a per-branch record: its branch is one the caller works in. On create
 * a missing branch is the caller's first (the client normally fills its current one: client.ts).
 */
export function branchCheck(context: HookContext) {
  const identity = context.params.identity
  const data = context.data as { branchId?: string } | undefined
  if (!context.params.provider || !identity || !data || Array.isArray(data)) return
  if (context.method === 'create' && data.branchId === undefined) {
    if (!identity.branchIds[0]) throw clinicError(BadRequest, 'branch-not-allowed', 'branchId')
    context.data = { ...data, branchId: identity.branchIds[0] }
    return
  }
  if (data.branchId !== undefined) assertWorksIn(identity, data.branchId)
}

/** A branch named in a caller's data is one they work in (else branch-not-allowed, at `branchId`). */
export function assertWorksIn(identity: { branchIds: readonly string[] }, branchId: string): void {
  if (!identity.branchIds.includes(branchId)) throw clinicError(BadRequest, 'branch-not-allowed', 'branchId')
}
