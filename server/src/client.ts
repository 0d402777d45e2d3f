import { feathers, type Application, type HookContext, type TransportConnection } from '@feathersjs/feathers'
import authenticationClient, { type AuthenticationClientOptions } from '@feathersjs/authentication-client'
import { clientServices, type ClientServiceTypes } from './client-services'

export type { ClientServiceTypes as ServiceTypes }

export interface ClientSettings {
  connection: TransportConnection<ClientServiceTypes>
  /** The branch the person works in now (spec: stored under `currentBrachCompanyId`). */
  currentBranchId?: string | null
}

export type ClientApplication = Application<ClientServiceTypes, ClientSettings>

/**
 * The typed client: the renderer's (and tests') only door to the server. Pass a socket.io
 * connection: `createClient(socketio(io(url, { transports: ['websocket'] })))`.
 */
export function createClient(connection: TransportConnection<ClientServiceTypes>, authenticationOptions: Partial<AuthenticationClientOptions> = {}) {
  const client: ClientApplication = feathers()
  client.configure(connection)
  client.configure(authenticationClient(authenticationOptions))
  client.set('connection', connection)
  for (const { path, methods } of clientServices) {
    client.use(path, connection.service(path) as never, { methods: [...methods] as never })
  }
  client.hooks({ before: { create: [fillCurrentBranch] } })
  return client
}

/** Spec section 7: before every create, branchId is filled with the current branch if missing. */
function fillCurrentBranch(context: HookContext<ClientApplication>) {
  const branchId = context.app.get('currentBranchId')
  if (!branchId || !context.data || typeof context.data !== 'object') return
  const fill = (item: Record<string, unknown>) => (item.branchId === undefined && branchScoped.has(context.path) ? { ...item, branchId } : item)
  context.data = Array.isArray(context.data) ? context.data.map(fill) : fill(context.data)
}

/** Services whose records belong to a branch, as each declares in its `.shared.ts`. */
const branchScoped = new Set<string>(clientServices.filter((declared) => declared.branchScoped).map((declared) => declared.path))
