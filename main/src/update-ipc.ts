import { ipcChannels } from './ipc-channels'
import type { UpdateGate } from './update-gate'
import type { UpdateStatus } from './update-status'

/**
 * The IPC handlers of updates and busy marks, each behind the sender check like every handler
 * of the shell (main.ts registers them; tests/main/update-ipc.test.ts calls them with strangers).
 * A refused call changes nothing and answers null.
 */
export function updateIpcHandlers<Event>(gate: UpdateGate, trusted: (event: Event) => boolean) {
  const guard =
    <Args extends unknown[]>(run: (...args: Args) => UpdateStatus | null) =>
    (event: Event, ...args: Args): UpdateStatus | null =>
      trusted(event) ? run(...args) : null
  return {
    [ipcChannels.updateStatus]: guard(() => gate.status()),
    [ipcChannels.updateRestart]: guard(() => gate.restartNow()),
    [ipcChannels.updateLater]: guard(() => gate.later()),
    [ipcChannels.reportBusy]: guard((kind: unknown, busy: unknown) => gate.setRendererBusy(kind, busy))
  }
}
