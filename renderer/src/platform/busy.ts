import type { BusyKind } from '../../../main/src/update-status'

export type { BusyKind }

/*
 * Work in progress that a restart of the desktop app would cut off: a phone call in the
 * softphone, a print job. Screens mark it here (markBusy / whileBusy); the desktop platform
 * passes each change to the shell, whose update gate waits for it before installing an update.
 * In the browser nothing listens, and marking costs nothing.
 */

const counts: Record<BusyKind, number> = { call: 0, print: 0 }
const listeners = new Set<(kind: BusyKind, busy: boolean) => void>()

export const isBusy = (kind: BusyKind) => counts[kind] > 0

function change(kind: BusyKind, delta: 1 | -1) {
  const before = isBusy(kind)
  counts[kind] += delta
  if (isBusy(kind) !== before) for (const listener of listeners) listener(kind, isBusy(kind))
}

/** Marks one piece of work busy; the function returned ends it (calling it again does nothing). */
export function markBusy(kind: BusyKind): () => void {
  change(kind, 1)
  let released = false
  return () => {
    if (released) return
    released = true
    change(kind, -1)
  }
}

/** Runs `work` marked busy, however it ends. */
export async function whileBusy<T>(kind: BusyKind, work: () => Promise<T>): Promise<T> {
  const release = markBusy(kind)
  try {
    return await work()
  } finally {
    release()
  }
}

/** Hears when a kind turns busy or free (not each mark); returns the unsubscribe. */
export function onBusyChange(listener: (kind: BusyKind, busy: boolean) => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
