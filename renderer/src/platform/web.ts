import type { Platform } from './types'

export const webPlatform: Platform = {
  kind: 'web',
  // The server serves the web app itself, so the socket lives on the same origin (port 3030 by
  // default); the Vite dev server proxies /socket.io.
  serverUrl: () => window.location.origin,
  openExternal: (url) => void window.open(url, '_blank', 'noopener'),
  supportsServiceWorker: 'serviceWorker' in navigator,
  toggleFullScreen: async () => {
    if (document.fullscreenElement) await document.exitFullscreen()
    else await document.documentElement.requestFullscreen?.()
  },
  printDocument: async () => {
    window.print()
    return true
  },
  dial: async (phoneNumber) => {
    window.location.href = `tel:${phoneNumber.replace(/[^\d+]/g, '')}`
    return true
  }
}
