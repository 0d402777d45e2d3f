import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'

/** A customer's notes, pinned first and then newest first, live through the `notes` events. */
export function useNotes(customerId: string, limit: number, pinnedOnly = false) {
  const canView = useCan('notes', 'view')
  const query = {
    customerId,
    ...(pinnedOnly ? { pinned: true } : {}),
    $sort: { pinned: -1, createdAt: -1 },
    $limit: limit
  }
  return { notes: useFind('notes', query, canView), canView }
}
