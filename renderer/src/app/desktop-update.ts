import { platform } from '../platform'
import { desktopUpdateNotice } from './desktop-update-notice'
import { showDesktopUpdateNotice, toastError } from './toasts'

/**
 * In the desktop shell only: shows "An update is ready — Restart" when the shell has downloaded
 * a new version, and passes the person's choice back to it. The shell decides when the restart
 * really happens (never during a call or a print: main/src/update-gate.ts).
 */
export function watchDesktopUpdates() {
  const updates = platform.updates
  if (!updates) return
  let shown = ''
  const render = (status: Parameters<typeof desktopUpdateNotice>[0]) => {
    const notice = desktopUpdateNotice(status)
    const key = JSON.stringify(notice)
    // Nothing was shown and nothing is to be: the toast host need not load.
    if (key === shown || (!notice && !shown)) return
    shown = notice ? key : ''
    showDesktopUpdateNotice(notice, (action) => {
      const answer = action === 'restart' ? updates.restartNow() : updates.later()
      answer.then(render, toastError)
    })
  }
  updates.onStatus(render)
  void updates.status().then(render, () => undefined)
}
