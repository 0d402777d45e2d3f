import { useSyncExternalStore } from 'react'
import type { OfflineCounts, ReplayReport } from '../../../../main/src/offline/offline-types'
import { socket } from '../../api/client'
import { platform } from '../../platform'

/**
 * The outbox's counts and the last replay's report, for the banner, the offline day and the
 * inbox: one copy for the whole page, refreshed after every write and every replay.
 */
export interface OfflineStatus {
  counts: OfflineCounts
  /** What the last replay sent; cleared when the person closes its notice. */
  report: ReplayReport | null
}

let status: OfflineStatus = { counts: { waiting: 0, conflicts: 0 }, report: null }
const listeners = new Set<() => void>()

function set(next: Partial<OfflineStatus>) {
  status = { ...status, ...next }
  listeners.forEach((listener) => listener())
}

export const offlineStatus = {
  get: () => status,
  setCounts: (counts: OfflineCounts) => set({ counts }),
  setReport: (report: ReplayReport | null) => set({ report }),
  /** Reads the counts from the store again. */
  refresh: async () => {
    if (platform.offline) set({ counts: await platform.offline.counts() })
  }
}

export function useOfflineStatus(): OfflineStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    () => status,
    () => status
  )
}

/**
 * Whether the socket is connected now (the inbox's online buttons). Not api/connection's hook:
 * imported here, that module would leave the connection banner's chunk for one of its own,
 * loaded by the sign-in screen.
 */
export function useConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      socket.on('connect', listener)
      socket.on('disconnect', listener)
      return () => {
        socket.off('connect', listener)
        socket.off('disconnect', listener)
      }
    },
    () => socket.connected,
    () => socket.connected
  )
}
