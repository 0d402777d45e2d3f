import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron'

/** What every window of the shell has: web content is untrusted, whatever page it is. */
const lockedDown: WebPreferences = {
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  sandbox: true,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false
}

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
      ...lockedDown,
      spellcheck: false
    }
  }
}

/**
 * The hidden window a PDF or a test page is printed from: never shown, sandboxed, no preload.
 * `plugins` turns on Chromium's PDF viewer, which renders the PDF that webContents.print prints.
 */
export function printWindowOptions(): BrowserWindowConstructorOptions {
  return {
    show: false,
    width: 800,
    height: 1100,
    webPreferences: {
      ...lockedDown,
      plugins: true,
      spellcheck: false
    }
  }
}
