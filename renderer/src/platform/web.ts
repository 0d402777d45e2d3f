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
  printPdf: async (pdf) => {
    // Opened in the click itself: a tab opened after an await is a popup to the browser.
    const tab = window.open('about:blank', '_blank')
    const url = await pdf.catch((error: unknown) => {
      tab?.close()
      throw error
    })
    if (tab) {
      tab.opener = null
      tab.location.href = url
    }
    return tab !== null
  },
  dial: async (phoneNumber) => {
    window.location.href = `tel:${phoneNumber.replace(/[^\d+]/g, '')}`
    return true
  }
}
