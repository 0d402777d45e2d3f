/**
 * What the shell tells the renderer about a downloaded update, and what the renderer tells the
 * shell about work that a restart would cut off. Shared by the main process, the preload and the
 * renderer (no Node, no Electron here).
 */

/** Work in the renderer that a restart must wait for: a phone call, a print job. */
export const busyKinds = ['call', 'print'] as const
export type BusyKind = (typeof busyKinds)[number]

export const isBusyKind = (value: unknown): value is BusyKind => typeof value === 'string' && (busyKinds as readonly string[]).includes(value)

/**
 * none: nothing downloaded. ready: downloaded, the person has not chosen. waiting: "Restart now"
 * was chosen and the restart waits for `waitingFor` to end. later: "Later" was chosen; it installs
 * when the app quits. installing: quitAndInstall has been called.
 */
export type UpdatePhase = 'none' | 'ready' | 'waiting' | 'later' | 'installing'

export interface UpdateStatus {
  phase: UpdatePhase
  /** The downloaded version, when there is one. */
  version: string | null
  /** What holds a restart back now (empty when nothing does). */
  waitingFor: BusyKind[]
}

export const noUpdate = (): UpdateStatus => ({ phase: 'none', version: null, waitingFor: [] })

const phases: readonly UpdatePhase[] = ['none', 'ready', 'waiting', 'later', 'installing']
const MAX_VERSION = 64

/** A status from the other side of IPC, checked field by field (null when malformed). */
export function parseUpdateStatus(value: unknown): UpdateStatus | null {
  if (!value || typeof value !== 'object') return null
  const { phase, version, waitingFor } = value as Record<string, unknown>
  if (typeof phase !== 'string' || !phases.includes(phase as UpdatePhase)) return null
  if (version !== null && (typeof version !== 'string' || version.length > MAX_VERSION)) return null
  if (!Array.isArray(waitingFor) || !waitingFor.every(isBusyKind)) return null
  return { phase: phase as UpdatePhase, version, waitingFor: [...new Set(waitingFor)] }
}
