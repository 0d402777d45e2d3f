import { useQuery } from '@tanstack/react-query'
import { remoteService, type RecordOf } from '../../api/live'
import { useCan } from '../../api/permissions'
import { callerDigits } from './dial-number'

export type CallerPatient = RecordOf<'customers'>

/** A caller's number matches at most a family sharing a phone: a few cards, never a list. */
const MAX_CARDS = 3

/**
 * The patients whose phone is the caller's number, through the customers service's own phone
 * search (its rules hold: under phone protection the number must be whole, and the cards come back
 * with `phoneHidden`). Nothing is asked for an extension, an anonymous caller or a person who may
 * not see patients.
 */
export function useCallerPatients(remote: string | null) {
  const canView = useCan('customers', 'view')
  const digits = callerDigits(remote)
  const found = useQuery({
    queryKey: ['customers', 'find', { $search: digits, $limit: MAX_CARDS }],
    queryFn: () => remoteService('customers').find({ query: { $search: digits ?? '', $limit: MAX_CARDS } }),
    enabled: canView && digits !== null,
    staleTime: 30_000
  })
  const patients = (found.data?.data ?? []).filter((customer) => !customer.mergedInto)
  return {
    patients,
    loading: found.isLoading && canView && digits !== null,
    /** Phone protection: a caller who is a patient with a hidden phone is shown by name only. */
    numberHidden: patients.some((customer) => customer.phoneHidden)
  }
}
