import type { Params } from '@feathersjs/feathers'
import { inCallTransaction } from '../hooks/call-transaction'

/**
 * Params for calling another service on behalf of the same caller: the call keeps the
 * caller's provider and identity, so that service's access, tenancy and visibility rules
 * (branches, phone protection) apply exactly as if the caller had made it. The caller is
 * already authenticated, so the token is not checked again. It joins the caller's transaction.
 */
export function asCaller(params: Params): Params {
  if (!params.provider) return inCallTransaction(params)
  return { ...inCallTransaction(params), provider: params.provider, identity: params.identity, authentication: params.authentication, authenticated: true }
}
