import { useCallback, useEffect } from 'react'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { Id } from '@feathersjs/feathers'
import type { ServiceTypes } from '../../../server/src/client'
import { client } from './client'
import { queryClient } from './query-client'
import type { Paginated } from './types'

/** A path of the typed client; every helper below is checked against that service's own types. */
export type ServicePath = keyof ServiceTypes
type PathWith<M extends string> = { [P in ServicePath]: ServiceTypes[P] extends Record<M, unknown> ? P : never }[ServicePath]
export type FindPath = PathWith<'find'> & PathWith<'get'>
export type GetPath = PathWith<'get'>
export type CreatePath = PathWith<'create'>
export type PatchPath = PathWith<'patch'>
export type RemovePath = PathWith<'remove'>

/** A service's record: what its `get` resolves to (or, for a create-only service, its `create`). */
export type RecordOf<P extends ServicePath> = ServiceTypes[P] extends { get(id: Id, params?: infer _P): Promise<infer R> }
  ? R
  : ServiceTypes[P] extends { create(data: infer _D, params?: infer _P): Promise<infer R> }
    ? R
    : never
/** The params a service's methods take (their last overload's, the widest). */
export type ParamsOf<P extends ServicePath> = ServiceTypes[P] extends { find(params?: infer Q): unknown }
  ? NonNullable<Q>
  : ServiceTypes[P] extends { get(id: Id, params?: infer Q): unknown }
    ? NonNullable<Q>
    : ServiceTypes[P] extends { create(data: never, params?: infer Q): unknown }
      ? NonNullable<Q>
      : never
/**
 * A service's query. `$sort` takes the schema's numbers (1 or -1 at run time): the adapter's
 * `1 | -1` would otherwise refuse every sort written in a variable, where `1` widens to number.
 */
export type QueryOf<P extends ServicePath> = ParamsOf<P> extends { query?: infer Q } ? WithSort<NonNullable<Q>> : never
type WithSort<Q> = { [K in keyof Q as K extends '$sort' ? never : K]: Q[K] } & {
  $sort?: { [K in keyof NonNullable<Q extends { $sort?: infer S } ? S : never>]?: number }
}
/** What `create` takes for one record (a list is not a write the screens make). */
export type DataOf<P extends CreatePath> = ServiceTypes[P] extends { create(data: infer D, params?: infer _Q): Promise<unknown> } ? Exclude<D, unknown[]> : never
export type PatchOf<P extends PatchPath> = ServiceTypes[P] extends { patch(id: infer _I, data: infer D, params?: infer _Q): Promise<unknown> } ? D : never

type CreateArgs<P extends CreatePath> = [data: DataOf<P>, params?: ParamsOf<P>]
type PatchArgs<P extends PatchPath> = [id: Id, data: PatchOf<P>, params?: ParamsOf<P>]
type RemoveArgs<P extends RemovePath> = [id: Id, params?: ParamsOf<P>]
type FindPage<P extends FindPath> = (params: { query?: QueryOf<P> }) => Promise<Paginated<RecordOf<P>>>
type GetOne<P extends GetPath> = (id: Id, params?: ParamsOf<P>) => Promise<RecordOf<P>>
type CreateOne<P extends CreatePath> = (...args: CreateArgs<P>) => Promise<RecordOf<P>>
type PatchOne<P extends PatchPath> = (...args: PatchArgs<P>) => Promise<RecordOf<P>>
type RemoveOne<P extends RemovePath> = (...args: RemoveArgs<P>) => Promise<RecordOf<P>>

type View<P extends ServicePath> = {
  find: FindPage<FindPath & P>
  get: GetOne<GetPath & P>
  create: CreateOne<CreatePath & P>
  patch: PatchOne<PatchPath & P>
  remove: RemoveOne<RemovePath & P>
}

/**
 * The typed client's service for a path, seen through the single-record overloads the screens
 * use. The method types are the service's own (its `*.shared.ts`); TypeScript cannot pick an
 * overload on a generic path, so this one declaration states the view for every path.
 */
function view<P extends ServicePath>(path: P): View<P>
function view(path: ServicePath): unknown {
  return client.service(path)
}

const serviceEvents = ['created', 'updated', 'patched', 'removed'] as const
const subscribers = new Map<ServicePath, number>()
const detachers = new Map<ServicePath, () => void>()

const idOf = (record: unknown): Id | undefined => {
  const id = typeof record === 'object' && record !== null && '_id' in record ? record._id : undefined
  return typeof id === 'string' || typeof id === 'number' ? id : undefined
}

/**
 * The event a write of this tab will cause: the write already put its result in the cache and
 * invalidated the finds once, so the matching event must not refetch them a second time.
 */
const ownWrites = new Map<string, ReturnType<typeof setTimeout>>()
const OWN_WRITE_TTL_MS = 10_000
const writeKey = (path: ServicePath, event: string, record: unknown) => `${path}\u0000${event}\u0000${JSON.stringify(record)}`

function expectEvent(path: ServicePath, event: (typeof serviceEvents)[number], record: unknown) {
  const key = writeKey(path, event, record)
  clearTimeout(ownWrites.get(key))
  ownWrites.set(key, setTimeout(() => ownWrites.delete(key), OWN_WRITE_TTL_MS))
}

function isOwnWrite(path: ServicePath, event: string, record: unknown) {
  const key = writeKey(path, event, record)
  const timer = ownWrites.get(key)
  if (timer === undefined) return false
  clearTimeout(timer)
  ownWrites.delete(key)
  return true
}

/** The one refresh policy: a changed record replaces its cached get; the service's finds refetch. */
function recordChanged(path: ServicePath, record: unknown) {
  const id = idOf(record)
  if (id !== undefined) queryClient.setQueryData([path, 'get', id], record)
  return queryClient.invalidateQueries({ queryKey: [path, 'find'] })
}

function recordRemoved(path: ServicePath, record: unknown) {
  const id = idOf(record)
  if (id !== undefined) queryClient.removeQueries({ queryKey: [path, 'get', id] })
  return queryClient.invalidateQueries({ queryKey: [path, 'find'] })
}

/**
 * Architecture: react-query caches are filled by find/get and kept current by the service
 * events. One set of listeners per service, however many screens show it.
 */
function attach(path: ServicePath): () => void {
  const count = subscribers.get(path) ?? 0
  subscribers.set(path, count + 1)
  if (count === 0) {
    const remote = client.service(path)
    const listeners = serviceEvents.map((event) => {
      const listener = (record: unknown) => {
        changesSeen.set(path, (changesSeen.get(path) ?? 0) + 1)
        if (isOwnWrite(path, event, record)) return
        void (event === 'removed' ? recordRemoved(path, record) : recordChanged(path, record))
      }
      remote.on(event, listener)
      return [event, listener] as const
    })
    detachers.set(path, () => {
      for (const [event, listener] of listeners) remote.off(event, listener)
    })
  }
  return () => {
    const left = (subscribers.get(path) ?? 1) - 1
    subscribers.set(path, left)
    if (left === 0) {
      detachers.get(path)?.()
      detachers.delete(path)
      // Unheard from now on: what is cached is refetched when a screen shows it again.
      void queryClient.invalidateQueries({ queryKey: [path], refetchType: 'none' })
    }
  }
}

/** A path the typed client serves (a trash item names the service it came from as a string). */
export function isServicePath(path: string): path is ServicePath {
  return Object.prototype.hasOwnProperty.call(client.services, path)
}

export function useLive(path: ServicePath) {
  useEffect(() => attach(path), [path])
}

/** useLive for a list of services (the same list on every render, in any order). */
export function useLiveAll(paths: readonly ServicePath[]) {
  const key = [...paths].sort().join()
  useEffect(() => {
    const detach = key.split(',').filter(isServicePath).map(attach)
    return () => detach.forEach((done) => done())
  }, [key])
}

/** Service events heard per path while a screen listens: a read that started before one may be older. */
const changesSeen = new Map<ServicePath, number>()
export const changesHeard = (path: ServicePath) => changesSeen.get(path) ?? 0

export function useFind<P extends FindPath>(path: P, query?: NoInfer<QueryOf<P>>, enabled = true): UseQueryResult<Paginated<RecordOf<P>>> {
  useLive(path)
  return useQuery({
    queryKey: [path, 'find', query ?? {}],
    queryFn: () => view(path).find({ query }),
    enabled
  })
}

export function useGet<P extends GetPath>(path: P, id: Id | null | undefined): UseQueryResult<RecordOf<P>> {
  useLive(path)
  return useQuery({
    queryKey: [path, 'get', id],
    queryFn: () => view(path).get(id as Id),
    enabled: id !== null && id !== undefined && id !== ''
  })
}

/**
 * Refetch what another service's write changed on the server (a removal fills the trash, a
 * merge moves notes): its event may not reach this connection.
 */
export function refreshService(path: ServicePath) {
  return queryClient.invalidateQueries({ queryKey: [path] })
}

export interface WriteOptions {
  /** Other services the write changes on the server (e.g. `trash` for a removal); refreshed after it. */
  also?: readonly ServicePath[]
}

async function refreshAlso(options: WriteOptions) {
  await Promise.all((options.also ?? []).map(refreshService))
}

/**
 * The writes, one per kind. The write's result goes into the cache (the record's get) and the
 * service's finds are invalidated once; the service event this write causes is then skipped,
 * so a save refetches a list once, not twice. Other tabs' writes still arrive as events.
 * Screens use them through the hooks below; these are for helpers outside a component.
 */
export async function createRecord<P extends CreatePath>(path: P, args: CreateArgs<P>, options: WriteOptions = {}): Promise<RecordOf<P>> {
  const saved = await view(path).create(...args)
  expectEvent(path, 'created', saved)
  await Promise.all([recordChanged(path, saved), refreshAlso(options)])
  return saved
}

export async function patchRecord<P extends PatchPath>(path: P, args: PatchArgs<P>, options: WriteOptions = {}): Promise<RecordOf<P>> {
  const saved = await view(path).patch(...args)
  expectEvent(path, 'patched', saved)
  // A record reached by an alias ('me', 'mine') is cached under the alias too.
  const [id] = args
  if (id !== idOf(saved)) queryClient.setQueryData([path, 'get', id], saved)
  await Promise.all([recordChanged(path, saved), refreshAlso(options)])
  return saved
}

export async function removeRecord<P extends RemovePath>(path: P, args: RemoveArgs<P>, options: WriteOptions = {}): Promise<RecordOf<P>> {
  const removed = await view(path).remove(...args)
  expectEvent(path, 'removed', removed)
  await Promise.all([recordRemoved(path, removed), refreshAlso(options)])
  return removed
}

/** `const create = useCreate('notes')`, then `await create(data, params?)`: the created record. */
export function useCreate<P extends CreatePath>(path: P, options: WriteOptions = {}) {
  const also = options.also?.join()
  return useCallback(
    (...args: CreateArgs<P>) => createRecord(path, args, options),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `options` is compared by content
    [path, also]
  )
}

/** `const patch = usePatch('notes')`, then `await patch(id, data, params?)`: the patched record. */
export function usePatch<P extends PatchPath>(path: P, options: WriteOptions = {}) {
  const also = options.also?.join()
  return useCallback(
    (...args: PatchArgs<P>) => patchRecord(path, args, options),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `options` is compared by content
    [path, also]
  )
}

/** `const remove = useRemove('notes', { also: ['trash'] })`, then `await remove(id, params?)`. */
export function useRemove<P extends RemovePath>(path: P, options: WriteOptions = {}) {
  const also = options.also?.join()
  return useCallback(
    (...args: RemoveArgs<P>) => removeRecord(path, args, options),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `options` is compared by content
    [path, also]
  )
}

/** The typed service itself, for calls outside the cache (a search as you type, a listener). */
export { view as remoteService }

/**
 * A read of a service that keeps no records and sends no events (a report's `find`): its answer
 * as it comes, again on opening once it is older than `staleMs`. Here rather than in the screens so
 * that a lazy screen using it does not split the query library off the first screen's chunks.
 */
export function useReport<T>(path: ServicePath, query: Record<string, unknown>, staleMs = 60_000): UseQueryResult<T> {
  return useQuery({
    queryKey: [path, 'find', query],
    queryFn: () => (client.service(path) as unknown as { find: (params: unknown) => Promise<T> }).find({ query }),
    staleTime: staleMs,
    refetchOnMount: true
  })
}
