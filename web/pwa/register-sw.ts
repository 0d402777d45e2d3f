import { Workbox } from 'workbox-window'
import { platform } from '../../renderer/src/platform'
import { showUpdateToast } from '../../renderer/src/app/toasts'

/** How often an open tab asks for a new version; clinics keep the app open all day. */
const UPDATE_CHECK_MS = 30 * 60 * 1000

/**
 * Registers /sw.js. When a new worker waits, a persistent toast offers to refresh; the click
 * tells the worker to take over, and the page reloads once it controls the page.
 */
export async function registerServiceWorker() {
  if (!platform.supportsServiceWorker || import.meta.env.DEV) return
  const wb = new Workbox('/sw.js', { scope: '/' })
  wb.addEventListener('waiting', () => {
    showUpdateToast(() => {
      wb.addEventListener('controlling', () => window.location.reload())
      wb.messageSkipWaiting()
    })
  })
  const registration = await wb.register()
  setInterval(() => void registration?.update(), UPDATE_CHECK_MS)
  // Tests and the desktop shell can ask for a check without waiting half an hour.
  ;(window as Window & { checkForAppUpdate?: () => Promise<void> }).checkForAppUpdate = async () => {
    await registration?.update()
  }
}
