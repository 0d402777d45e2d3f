import type { BrowserWindowConstructorOptions } from 'electron'

/** The renderer is untrusted web content: isolated, sandboxed, no Node, one preload bundle. */
export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 360,
    minHeight: 560,
    show: false,
    title: 'Clinic',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
      spellcheck: false
    }
  }
}
