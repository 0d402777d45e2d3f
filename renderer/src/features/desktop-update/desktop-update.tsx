import { platform } from '../../platform'
import { i18n, loadTextArea } from '../../i18n'
import { desktopUpdateNotice, type DesktopUpdateNotice } from './desktop-update-notice'
import { toastError, withUpdateStack } from '../../app/toasts'

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

const DESKTOP_UPDATE_KEY = 'desktop-update'

/**
 * The desktop app's update notice, in the update stack beside the web
 * app's: persistent, replaced in place as the status changes, removed with null.
 */
function showDesktopUpdateNotice(notice: DesktopUpdateNotice | null, choose: (action: 'restart' | 'later') => void) {
  // Its words are a text area of their own (`desktop`): only the shell ever downloads them.
  void loadTextArea('desktop').then(() => withUpdateStack((updateApi, { Button }) => {
    if (!notice) return updateApi.destroy(DESKTOP_UPDATE_KEY)
    updateApi.info({
      key: DESKTOP_UPDATE_KEY,
      title: i18n.t('desktopUpdate.title'),
      description: i18n.t(`desktopUpdate.${notice.text}`, { version: notice.version }),
      duration: false,
      closable: false,
      role: 'status',
      actions: notice.actions.length ? (
        <span data-testid="desktop-update-notice">
          {notice.actions.map((action) => (
            <Button
              key={action}
              type={action === 'restart' ? 'primary' : 'default'}
              size="small"
              style={{ marginInlineStart: 8 }}
              onClick={() => choose(action)}
              data-testid={`desktop-update-${action}`}
            >
              {i18n.t(`desktopUpdate.${action}`)}
            </Button>
          ))}
        </span>
      ) : undefined
    })
  }))
}
