import { useEffect } from 'react'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { Params } from '@feathersjs/feathers'
import { service } from './client'
import { queryClient } from './query-client'
import type { Paginated } from './types'

type Query = Params['query']
const serviceEvents = ['created', 'updated', 'patched', 'removed'] as const
const subscribers = new Map<string, number>()
const detachers = new Map<string, () => void>()

/**
 * Architecture: react-query caches are filled by find/get and kept current by the service
 * events. One set of listeners per service, however many screens show it.
 */
function attach(path: string): () => void {
  const count = subscribers.get(path) ?? 0
  subscribers.set(path, count + 1)
  if (count === 0) {
    const remote = service<{ _id: string }>(path)
    const onChange = (record: { _id: string }) => {
      if (record?._id) queryClient.setQueryData([path, 'get', record._id], record)
      void queryClient.invalidateQueries({ queryKey: [path, 'find'] })
    }
    const onRemoved = (record: { _id: string }) => {
      if (record?._id) queryClient.removeQueries({ queryKey: [path, 'get', record._id] })
      void queryClient.invalidateQueries({ queryKey: [path, 'find'] })
    }
    for (const event of serviceEvents) remote.on(event, event === 'removed' ? onRemoved : onChange)
    detachers.set(path, () => {
      for (const event of serviceEvents) remote.off(event, event === 'removed' ? onRemoved : onChange)
    })
  }
  return () => {
    const left = (subscribers.get(path) ?? 1) - 1
    subscribers.set(path, left)
    if (left === 0) {
      detachers.get(path)?.()
      detachers.delete(path)
    }
  }
}

export function useLive(path: string) {
  useEffect(() => attach(path), [path])
}

export function useFind<T>(path: string, query: Query = {}, enabled = true): UseQueryResult<Paginated<T>> {
  useLive(path)
  return useQuery({
    queryKey: [path, 'find', query],
    queryFn: () => service<T>(path).find({ query }),
    enabled
  })
}

export function useGet<T>(path: string, id: string | null | undefined): UseQueryResult<T> {
  useLive(path)
  return useQuery({
    queryKey: [path, 'get', id],
    queryFn: () => service<T>(path).get(id as string),
    enabled: Boolean(id)
  })
}

/** After a write, refresh at once instead of waiting for the event (which may be filtered). */
export function refreshService(path: string) {
  return queryClient.invalidateQueries({ queryKey: [path] })
}
