import { useMemo } from 'react'
import { useFind } from '../../api/live'

const LOOKUP_LIMIT = 500

/** Tags and sources by id, for showing names and colours next to customers (live). */
export function useCustomerLookups() {
  // Everyone signed in may read both lists (the customer forms need them).
  const tags = useFind('tags', { $limit: LOOKUP_LIMIT, $sort: { name: 1 } })
  const sources = useFind('sources', { $limit: LOOKUP_LIMIT, $sort: { name: 1 } })
  return useMemo(
    () => ({
      tags: new Map((tags.data?.data ?? []).map((tag) => [tag._id, tag])),
      sources: new Map((sources.data?.data ?? []).map((source) => [source._id, source])),
      tagList: tags.data?.data ?? [],
      sourceList: sources.data?.data ?? [],
      loading: tags.isLoading || sources.isLoading
    }),
    [tags.data, sources.data, tags.isLoading, sources.isLoading]
  )
}
