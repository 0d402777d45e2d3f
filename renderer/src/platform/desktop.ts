import type { ClinicDesktopApi } from '../../../preload/src/preload'
import type { Platform } from './types'
import { webPlatform } from './web'

declare global {
  interface Window {
    /** Exposed by preload/src/preload.ts; only this module may touch it (architecture). */
    clinicDesktop?: ClinicDesktopApi
  }
}

/**
 * The Electron shell loads the web app from the clinic server, so addresses and full screen work
 * as on the web; printing and dialling go through the preload's verbs. The shell's main process
 * sends links to other sites to the system browser.
 */
export function desktopPlatform(bridge: ClinicDesktopApi): Platform {
  return {
    ...webPlatform,
    kind: 'desktop',
    // The desktop app updates as a whole; a second, service-worker update prompt would confuse.
    supportsServiceWorker: false,
    // No service worker, so no Web Push: the bell in the window is the desktop's notice.
    webPush: { ...webPlatform.webPush, supported: false },
    printDocument: () => bridge.printDocument(),
    dial: (phoneNumber) => bridge.dial(phoneNumber)
  }
}
