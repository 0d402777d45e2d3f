import type { Platform } from './types'

/** The narrow API the Electron preload exposes (preload/ owns the real definition). */
export interface ClinicDesktopBridge {
  serverUrl: string
  openExternal(url: string): void
  toggleFullScreen(): Promise<void>
}

declare global {
  interface Window {
    clinicDesktop?: ClinicDesktopBridge
  }
}

/** The only module that touches window.clinicDesktop (architecture: desktop shell rules). */
export function desktopPlatform(bridge: ClinicDesktopBridge): Platform {
  return {
    kind: 'desktop',
    serverUrl: () => bridge.serverUrl || `http://${window.location.hostname || 'localhost'}:3030`,
    openExternal: (url) => bridge.openExternal(url),
    // The desktop shell ships its files with the app; a service worker would only get in the way.
    supportsServiceWorker: false,
    toggleFullScreen: () => bridge.toggleFullScreen()
  }
}
