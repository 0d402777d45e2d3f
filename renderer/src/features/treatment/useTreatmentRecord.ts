import { useQuery } from '@tanstack/react-query'
import { client } from '../../api/client'
import { changesHeard, useLiveAll, type FindPath } from '../../api/live'
import { queryClient } from '../../api/query-client'
import { treatmentRecordPath } from '../../../../server/src/services/clinical/treatment-record/treatment-record.shared'
import { TREATMENT_RECORD_QUERIES, treatmentRecordSections, type TreatmentRecordSection } from '../../../../domain/clinical/treatment-record'

/** The query a section of the treatment tab asks of its service: the combined read fills its cache. */
export const sectionQuery = <S extends TreatmentRecordSection>(section: S, customerId: string) => ({ customerId, ...TREATMENT_RECORD_QUERIES[section] })

/**
 * Opens the treatment tab with one call (issue 14): `treatment-record` reads every list the tab's
 * sections show, and each lands in the cache under that section's own query, so the sections
 * then read from the cache and refresh on their own services' events. Read again each time the
 * tab opens (nothing kept once it closes). False until the read has answered; if it fails, the
 * sections make their own reads and show their own errors.
 */
export function useTreatmentRecord(customerId: string): boolean {
  // Listening before the read, so that an event on its way is not missed (primeFinds).
  useLiveAll(treatmentRecordSections)
  const primed = useQuery({
    queryKey: [treatmentRecordPath, 'find', customerId],
    queryFn: async () => {
      const finds = treatmentRecordSections.map((path) => ({ path, query: sectionQuery(path, customerId) }))
      await primeFinds(finds, () => client.service(treatmentRecordPath).find({ query: { customerId } }))
      return true
    },
    gcTime: 0,
    retry: false,
    refetchOnReconnect: false
  })
  return !primed.isPending
}

/**
 * Fills the caches of several finds from one combined read, as if each find had been made: each
 * list then refreshes on its own service's events. The screen listens to the services before
 * reading; a list whose service changed while the read was on its way is refetched on its own.
 */
async function primeFinds<P extends FindPath>(finds: ReadonlyArray<{ path: P; query: object }>, read: () => Promise<Partial<Record<P, unknown>>>): Promise<void> {
  const before = finds.map(({ path }) => changesHeard(path))
  const answer = await read()
  finds.forEach(({ path, query }, index) => {
    const page = answer[path]
    if (page === undefined) return
    queryClient.setQueryData([path, 'find', query], page)
    if (changesHeard(path) !== before[index]) void queryClient.invalidateQueries({ queryKey: [path, 'find'] })
  })
}
