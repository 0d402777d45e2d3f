import { ipcChannels } from '../ipc-channels'
import { isClientKey, isOperation, isOutcome, isRecordId, isSnapshot } from './offline-shapes'
import type { OfflineStore } from './offline-types'

/** A malformed argument: the call fails (the page's promise rejects) and nothing is stored. */
export class OfflineArgumentError extends Error {
  constructor(what: string) {
    super(`Offline store: malformed ${what}`)
    this.name = 'OfflineArgumentError'
  }
}

function checked<T>(value: unknown, is: (value: unknown) => value is T, what: string): T {
  if (!is(value)) throw new OfflineArgumentError(what)
  return value
}

/**
 * The offline store's IPC handlers (main.ts registers them; tests/main/offline-ipc.test.ts calls
 * them with strangers and malformed values). Each is behind the sender check: a stranger gets
 * null and reaches nothing, not even the store's opening. `store` opens the store on first use.
 */
export function offlineIpcHandlers<Event>(store: () => OfflineStore, trusted: (event: Event) => boolean) {
  const guard =
    <Args extends unknown[], R>(run: (...args: Args) => Promise<R>) =>
    async (event: Event, ...args: Args): Promise<R | null> =>
      trusted(event) ? run(...args) : null
  return {
    [ipcChannels.offlineSaveDay]: guard((snapshot: unknown) => store().saveDay(checked(snapshot, isSnapshot, 'snapshot'))),
    [ipcChannels.offlineDay]: guard((userId: unknown, branchId: unknown) => store().day(checked(userId, isRecordId, 'user id'), checked(branchId, isRecordId, 'branch id'))),
    [ipcChannels.offlineEnqueue]: guard((operation: unknown) => store().enqueue(checked(operation, isOperation, 'operation'))),
    [ipcChannels.offlinePending]: guard(() => store().pending()),
    [ipcChannels.offlineServerIdOf]: guard((key: unknown) => store().serverIdOf(checked(key, isClientKey, 'client key'))),
    [ipcChannels.offlineSettle]: guard((key: unknown, outcome: unknown) => store().settle(checked(key, isClientKey, 'client key'), checked(outcome, isOutcome, 'outcome'))),
    [ipcChannels.offlineConflicts]: guard(() => store().conflicts()),
    [ipcChannels.offlineResolve]: guard((key: unknown) => store().resolve(checked(key, isClientKey, 'client key'))),
    [ipcChannels.offlineCounts]: guard(() => store().counts()),
    [ipcChannels.offlineForgetDays]: guard(() => store().forgetDays())
  }
}
