import type { HookContext } from '../declarations'

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
