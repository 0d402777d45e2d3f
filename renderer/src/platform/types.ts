/** What differs between the browser (PWA) and the Electron shell. Screens use only this. */
export interface Platform {
  kind: 'web' | 'desktop'
  /** Where the socket connects: same origin on the web, the configured server on desktop. */
  serverUrl(): string
  /** Opens a link outside the app (mail client, browser). */
  openExternal(url: string): void
  /** Whether the app may offer "install" and service-worker updates. */
  supportsServiceWorker: boolean
  /** Enters or leaves the operating system's full screen, when the shell can. */
  toggleFullScreen(): Promise<void>
}
