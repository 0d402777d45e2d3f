import type { Platform, WebPushCapability, WebPushSubscription } from './types'

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index)
  return bytes
}

const asJson = (subscription: PushSubscription | null) => (subscription ? (subscription.toJSON() as WebPushSubscription) : null)
const registration = () => navigator.serviceWorker.ready

export const webPush: WebPushCapability = {
  supported: typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window,
  permission: () => ('Notification' in window ? Notification.permission : 'denied'),
  current: async () => asJson(await (await registration()).pushManager.getSubscription()),
  subscribe: async (publicKey) => {
    if ((await Notification.requestPermission()) !== 'granted') return null
    const manager = (await registration()).pushManager
    return asJson(await manager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }))
  },
  unsubscribe: async () => {
    const subscription = await (await registration()).pushManager.getSubscription()
    if (!subscription) return null
    await subscription.unsubscribe()
    return subscription.endpoint
  }
}

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
    const { url } = await pdf.catch((error: unknown) => {
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
  },
  // The browser prints through its own dialog: no printers to choose.
  printers: null,
  webPush,
  updates: null,
  offline: null
}
