import type { HookContext } from '../../../declarations'
import { inCallTransaction } from '../../../hooks/call-transaction'
import { assertGrantWithin } from '../../../access/references'
import type { Permission } from '../../../../../domain/access/resources'
import type { Role } from './roles.schema'

/**
 * Nobody writes rights they do not hold (issue 11, item 2): a role created or edited from
 * outside grants only what the caller's own role grants, and a role that already grants more
 * (the Administrator's, for one) is beyond the caller's reach: they can neither edit nor remove
 * it. Otherwise a person allowed to edit roles could raise their own role to anything.
 */
export async function grantsWithinOwn(context: HookContext) {
  const identity = context.params.identity
  if (!context.params.provider || !identity) return
  if (context.id !== undefined && context.id !== null) {
    const current = (await context.service.get(context.id, { ...inCallTransaction(context.params), query: { companyId: identity.user.companyId } })) as Role
    assertGrantWithin(current.permissions as Permission[], identity, 'permissions')
  }
  const permissions = (context.data as { permissions?: Permission[] } | undefined)?.permissions
  if (Array.isArray(permissions)) assertGrantWithin(permissions, identity, 'permissions')
}
