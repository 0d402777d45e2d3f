import { useEffect } from 'react'
import type { ReplayServices } from '../../../../main/src/offline/offline-types'
import { replayOutbox } from '../../../../main/src/offline/outbox-replay'
import { client, socket } from '../../api/client'
import { useCurrentBranch } from '../../api/branch'
import { useSignedIn } from '../../api/session-store'
import { loadTextArea } from '../../i18n'
import { platform } from '../../platform'
import { buildSnapshot, readDay, snapshotDays, type DayReader } from './day-snapshot'
import { offlineStatus } from './offline-status'

/** The cached day is saved again this often while connected. */
const SAVE_EVERY_MS = 5 * 60_000
/** After appointment events, once they have settled (a series is many events). */
const SAVE_AFTER_EVENTS_MS = 5_000

const read: DayReader = (path, query) => (client.service(path) as unknown as { find(params: unknown): Promise<Awaited<ReturnType<DayReader>>> }).find({ query })

/**
 * The shell's offline screens, the banner and the inbox are loaded now, with their texts: the
 * shell loads the app from the clinic server, and during an outage nothing more can be fetched.
 */
function preloadOfflineScreens() {
  void Promise.all([import('./OfflineDayRoutes'), import('./OfflineBanner'), loadTextArea('offlineDay')]).catch(() => undefined)
}

let replaying: Promise<void> | null = null

/**
 * Sends the outbox (docs/decisions/offline-day.md, "Replay and conflicts") once the socket is
 * back and signed in again, one replay at a time; its report is the banner's notice.
 */
export function replayWhenBack(): Promise<void> {
  const store = platform.offline
  if (!store || replaying) return replaying ?? Promise.resolve()
  replaying = (async () => {
    try {
      if ((await store.counts()).waiting === 0) return
      // The reconnect's re-authentication (api/auth.ts) must end first: the writes are the user's own.
      await client.reAuthenticate()
      const report = await replayOutbox(store, client as unknown as ReplayServices)
      offlineStatus.setReport(report)
    } finally {
      replaying = null
      await offlineStatus.refresh().catch(() => undefined)
    }
  })()
  return replaying
}

/**
 * In the shell, for the signed-in user: keeps the current branch's today and tomorrow in the
 * local store (on sign-in and branch change, every five minutes, and shortly after appointment
 * events), and replays the outbox on reconnect. Renders nothing.
 */
export default function OfflineDayKeeper() {
  const { user, company } = useSignedIn()
  const branchId = useCurrentBranch()
  const userId = user._id
  const companyId = company._id
  const timeZone = company.timezone

  useEffect(preloadOfflineScreens, [])

  useEffect(() => {
    const store = platform.offline
    if (!store || !branchId) return
    let live = true
    let saving = false
    const save = async () => {
      if (!socket.connected || saving) return
      saving = true
      try {
        const days = snapshotDays(timeZone, new Date())
        const sources = await readDay(read, branchId, days)
        if (live) await store.saveDay(buildSnapshot({ companyId, branchId, userId, timeZone }, days, sources, new Date()))
      } catch {
        // Not saved this time (the connection dropped mid-way): the last saved day stays.
      } finally {
        saving = false
      }
    }
    // A replay that failed (the re-authentication refused) leaves its entries waiting; the day is saved anyway.
    const afterReconnect = () => void replayWhenBack().catch(() => undefined).then(save)
    let debounce: ReturnType<typeof setTimeout> | undefined
    const soon = () => {
      clearTimeout(debounce)
      debounce = setTimeout(save, SAVE_AFTER_EVENTS_MS)
    }
    const appointments = client.service('appointment')
    const events = ['created', 'patched', 'updated', 'removed'] as const
    for (const event of events) appointments.on(event, soon)
    socket.on('connect', afterReconnect)
    const timer = setInterval(save, SAVE_EVERY_MS)
    if (socket.connected) afterReconnect()
    void offlineStatus.refresh().catch(() => undefined)
    return () => {
      live = false
      clearTimeout(debounce)
      clearInterval(timer)
      socket.off('connect', afterReconnect)
      for (const event of events) appointments.off(event, soon)
    }
  }, [branchId, companyId, timeZone, userId])

  return null
}
