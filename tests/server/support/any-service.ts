import type { Id, Params } from '@feathersjs/feathers'
import type { ClientApplication } from '../../../server/src/client'
import type { Application } from '../../../server/src/declarations'

/**
 * A service reached by a path known only at run time, for tests that run the same steps over
 * many services (every registered path, every reference field, every event of a list).
 *
 * Loosely typed on purpose: the methods and event API any Feathers service may have, with
 * unknown data and results. A method the service does not offer is undefined at run time (check
 * `getServiceOptions(service).methods` first). A literal path needs none of this: the typed
 * client and app know it (`client.service('users')`).
 */
export interface AnyService {
  find(params?: Params): Promise<unknown>
  get(id: Id, params?: Params): Promise<unknown>
  create(data: unknown, params?: Params): Promise<{ _id: string }>
  update(id: Id | null, data: unknown, params?: Params): Promise<unknown>
  patch(id: Id | null, data: unknown, params?: Params): Promise<{ _id: string }>
  remove(id: Id | null, params?: Params): Promise<{ _id: string }>
  /** Listeners name the payload they expect (`T`): nothing checks it. */
  on<T = Record<string, unknown>>(event: string, listener: (data: T, context?: unknown) => void): unknown
  once<T = Record<string, unknown>>(event: string, listener: (data: T) => void): unknown
  removeListener<T = Record<string, unknown>>(event: string, listener: (data: T) => void): unknown
  hooks(map: object): unknown
  /** Anything else on the instance (its options, publishers, internal `_find`...). */
  [key: string | symbol]: unknown
}

/**
 * The service at `path` of the typed client or the server app, as an {@link AnyService}: the one
 * place a run-time path meets the typed service registries.
 */
export function anyService(app: ClientApplication | Application, path: string): AnyService {
  return (app as unknown as { service(path: string): AnyService }).service(path)
}

interface LooseApp {
  use(path: string, service: object, options?: object): unknown
  unuse(path: string): Promise<unknown>
  service(path: string): AnyService
}

/** Registers a throwaway service (a test's probe) at a path the typed app does not declare. */
export function useAnyService(app: Application, path: string, service: object, options?: { methods?: string[]; events?: string[] }): AnyService {
  const loose = app as unknown as LooseApp
  loose.use(path, service, options)
  return loose.service(path)
}

/** Removes a probe registered with {@link useAnyService}. */
export function unuseAnyService(app: Application, path: string): Promise<unknown> {
  return (app as unknown as LooseApp).unuse(path)
}
