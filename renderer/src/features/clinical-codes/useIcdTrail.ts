import { useQuery } from '@tanstack/react-query'
import { client } from '../../api/client'
import type { IcdCode } from '../../../../server/src/services/clinical/icd/icd.shared'

/** The most levels walked up (ICD-10 has four; a company's own codes may add a few). */
const MAX_DEPTH = 10

/**
 * The entry `parentId` and its ancestors, the root first: the breadcrumbs of the tree screen.
 * Empty at the root. One get per level (a handful), cached per entry by react-query.
 */
export function useIcdTrail(parentId: string | undefined) {
  return useQuery({
    queryKey: ['icd', 'trail', parentId ?? null],
    enabled: Boolean(parentId),
    queryFn: async () => {
      const trail: IcdCode[] = []
      let next: string | null = parentId ?? null
      while (next && trail.length < MAX_DEPTH) {
        const entry: IcdCode = await client.service('icd').get(next)
        trail.unshift(entry)
        next = entry.parentId
      }
      return trail
    }
  })
}
