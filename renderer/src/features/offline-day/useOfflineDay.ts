import { useCallback, useEffect, useState } from 'react'
import type { OfflineDaySnapshot, OfflineOperation, OfflineStore } from '../../../../main/src/offline/offline-types'
import { useCurrentBranch } from '../../api/branch'
import { useSignedIn } from '../../api/session-store'
import { offlineStatus, useOfflineStatus } from './offline-status'

export interface OfflineDayState {
  /** The cached day with the waiting writes applied; null when none is cached; undefined while read. */
  snapshot: OfflineDaySnapshot | null | undefined
  branchId: string | null
  /** Queues the writes in order (each applied to the cached day at once), then reads the day again. */
  write(operations: OfflineOperation[]): Promise<void>
}

/** The signed-in user's cached day of the current branch, from the local store only. */
export function useOfflineDay(store: OfflineStore): OfflineDayState {
  const { user } = useSignedIn()
  const branchId = useCurrentBranch()
  const [snapshot, setSnapshot] = useState<OfflineDaySnapshot | null | undefined>(undefined)
  const read = useCallback(() => (branchId ? store.day(user._id, branchId) : Promise.resolve(null)), [store, user._id, branchId])
  // Read again when the outbox changed (a write, a replay that sent it).
  const { counts } = useOfflineStatus()
  useEffect(() => {
    let live = true
    read()
      .catch(() => null)
      .then((day) => live && setSnapshot(day))
    return () => {
      live = false
    }
  }, [read, counts])
  const write = useCallback(
    async (operations: OfflineOperation[]) => {
      for (const operation of operations) offlineStatus.setCounts(await store.enqueue(operation))
      setSnapshot(await read())
    },
    [store, read]
  )
  return { snapshot, branchId, write }
}
