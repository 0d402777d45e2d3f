import { useParams } from 'react-router'
import ConflictInboxPage from './ConflictInboxPage'
import OfflineDayPage from './OfflineDayPage'

/**
 * /offline-day and /offline-day/conflicts: one chunk for both screens (one route entry in the
 * first screen's router, and one file the shell loads ahead of an outage).
 */
export default function OfflineDayRoutes() {
  const { view } = useParams()
  return view === 'conflicts' ? <ConflictInboxPage /> : <OfflineDayPage />
}
