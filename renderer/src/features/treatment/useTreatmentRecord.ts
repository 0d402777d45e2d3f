import { useQuery } from '@tanstack/react-query'
import { client } from '../../api/client'
import { primeFinds, useLiveAll } from '../../api/live'
import {
  TREATMENT_RECORD_QUERIES,
  treatmentRecordPath,
  treatmentRecordSections,
  type TreatmentRecordSection
} from '../../../../server/src/services/clinical/treatment-record/treatment-record.shared'

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
