import type { UpdateStatus } from '../../platform/types'

/** What the desktop update notice shows for a status: its text key, and the buttons it offers. */
export interface DesktopUpdateNotice {
  /** Under `desktopUpdate`. */
  text: 'ready' | 'waitingCall' | 'waitingPrint' | 'waitingBoth' | 'installing'
  version: string
  actions: Array<'restart' | 'later'>
}

/**
 * The notice for each status of the shell's update gate: none while nothing is downloaded or
 * after "Later" (the update installs when the app is closed); "Restart" and "Later" when ready;
 * while a restart waits for a call or a print, what it waits for, and "Later" to call it off.
 */
export function desktopUpdateNotice(status: UpdateStatus | null): DesktopUpdateNotice | null {
  if (!status || status.version === null || status.phase === 'none' || status.phase === 'later') return null
  const { version } = status
  if (status.phase === 'ready') return { text: 'ready', version, actions: ['restart', 'later'] }
  if (status.phase === 'installing') return { text: 'installing', version, actions: [] }
  const call = status.waitingFor.includes('call')
  const print = status.waitingFor.includes('print')
  const text = call && print ? 'waitingBoth' : call ? 'waitingCall' : print ? 'waitingPrint' : 'installing'
  return { text, version, actions: text === 'installing' ? [] : ['later'] }
}
