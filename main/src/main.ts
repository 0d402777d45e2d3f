import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { app, BrowserWindow, ipcMain, shell, type IpcMainInvokeEvent, type WebContentsPrintOptions } from 'electron'
import { autoUpdater } from 'electron-updater'
import { startAutoUpdates } from './auto-update'
import { ipcChannels } from './ipc-channels'
import { offlineIpcHandlers } from './offline/offline-ipc'
import { openOfflineStore } from './offline/offline-store'
import type { OfflineStore } from './offline/offline-types'
import { dialogPrintOptions, printOptionsFor } from './print-options'
import { printerSettingsFile, printerStore } from './printer-store'
import { printing, type PrintSource } from './printing'
import { dialableNumber, isClinicUrl, isTrustedSender, serverUrlFrom } from './trust'
import { updateConfigFrom } from './update-config'
import { updateIpcHandlers } from './update-ipc'
import type { UpdateStatus } from './update-status'
import { mainWindowOptions, printWindowOptions } from './window-options'

/*
 * The Electron shell: one window on the clinic server's web app, plus the few desktop verbs
 * the web cannot do (printing, the softphone). Logic lives in electron-free modules beside
 * this file so it is tested under plain Node; this file only wires them to Electron.
 */
const serverUrl = serverUrlFrom(process.env)
let mainWindow: BrowserWindow | null = null
/** A print that never answers (a stuck driver) is given up after this long. */
const PRINT_TIMEOUT_MS = 60_000
/** Chromium's PDF viewer renders in a frame of its own after the page loads; at most this is waited for it. */
const PDF_VIEWER_SETTLE_MS = 1500

/** IPC answers only the top frame of our own window on our own server. */
function fromOwnWindow(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame
  const own = mainWindow && !mainWindow.isDestroyed() ? [mainWindow.webContents.id] : []
  return isTrustedSender({ webContentsId: event.sender.id, frameUrl: frame?.url, isTopFrame: frame ? frame.parent === null : false }, own, serverUrl)
}

/** Loads a PDF or a page in a hidden window, prints it with `options`, then closes the window. */
async function printHidden(source: PrintSource, options: WebContentsPrintOptions): Promise<{ success: boolean; failureReason?: string }> {
  const window = new BrowserWindow(printWindowOptions())
  const contents = window.webContents
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  let file: string | null = null
  try {
    if (source.kind === 'pdf') {
      file = path.join(os.tmpdir(), `clinic-print-${randomBytes(8).toString('hex')}.pdf`)
      await fs.writeFile(file, source.bytes, { mode: 0o600 })
      const viewerReady = new Promise<void>((resolve) => {
        contents.on('did-frame-finish-load', (_event, isMainFrame) => {
          if (!isMainFrame) resolve()
        })
        setTimeout(resolve, PDF_VIEWER_SETTLE_MS)
      })
      await window.loadURL(pathToFileURL(file).href)
      await viewerReady
    } else {
      await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(source.html)}`)
    }
    contents.on('will-navigate', (event) => event.preventDefault())
    return await new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ success: false, failureReason: 'Print job failed' }), PRINT_TIMEOUT_MS)
      contents.print(options, (success, failureReason) => {
        clearTimeout(timer)
        resolve({ success, failureReason })
      })
    })
  } finally {
    if (!window.isDestroyed()) window.destroy()
    if (file) await fs.rm(file, { force: true })
  }
}

const printers = printing({
  systemPrinters: async () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents.getPrintersAsync() : []),
  store: printerStore(path.join(app.getPath('userData'), printerSettingsFile)),
  printHidden,
  now: () => new Date()
})

/** Tells our own window the update's status (the only message the main process sends). */
function publishUpdateStatus(status: UpdateStatus) {
  if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(ipcChannels.updateStatusChanged, status)
}

// Checks on start and every few hours; the gate restarts only when no call nor print is running.
const updates = startAutoUpdates({
  updater: autoUpdater,
  config: updateConfigFrom(process.env),
  publish: publishUpdateStatus,
  log: (message) => console.warn(message),
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout)
})
const gate = updates.gate

function createWindow() {
  mainWindow = new BrowserWindow(mainWindowOptions(path.join(__dirname, '..', '..', 'preload', 'dist', 'preload.cjs')))
  mainWindow.once('ready-to-show', () => mainWindow?.show())
  mainWindow.webContents.setWindowOpenHandler(({ url }) => {
    if (!isClinicUrl(url, serverUrl)) void shell.openExternal(url)
    return { action: 'deny' }
  })
  mainWindow.webContents.on('will-navigate', (event, url) => {
    if (!isClinicUrl(url, serverUrl)) event.preventDefault()
  })
  // A reloaded or crashed page has no call nor print any more: its busy marks go with it.
  mainWindow.webContents.on('did-start-navigation', (details) => {
    if (details.isMainFrame && !details.isSameDocument) gate.rendererReset()
  })
  mainWindow.webContents.on('render-process-gone', () => gate.rendererReset())
  void mainWindow.loadURL(serverUrl)
}

ipcMain.handle(ipcChannels.appInfo, (event) => (fromOwnWindow(event) ? { version: app.getVersion(), platform: process.platform } : null))
ipcMain.handle(ipcChannels.printDocument, async (event) => {
  if (!fromOwnWindow(event)) return false
  // The current page: on the documents printer when one is chosen, else through the system dialog.
  const printer = (await printers.choices()).documents
  const options = printer ? printOptionsFor('documents', printer) : dialogPrintOptions()
  return gate.whilePrinting(() => new Promise<boolean>((resolve) => event.sender.print(options, (success) => resolve(success))))
})
ipcMain.handle(ipcChannels.dial, (event, number: unknown) => {
  const dialable = dialableNumber(number)
  if (!fromOwnWindow(event) || !dialable) return false
  // The SIP softphone integration arrives with the telephony issue; until then the system's
  // tel: handler (a desktop softphone) takes the call.
  void shell.openExternal(`tel:${dialable}`)
  return true
})
ipcMain.handle(ipcChannels.listPrinters, (event) => (fromOwnWindow(event) ? printers.listPrinters() : []))
ipcMain.handle(ipcChannels.printerChoices, (event) => (fromOwnWindow(event) ? printers.choices() : null))
ipcMain.handle(ipcChannels.choosePrinter, (event, role: unknown, printer: unknown) => (fromOwnWindow(event) ? printers.choose(role, printer) : null))
ipcMain.handle(ipcChannels.printPdf, (event, role: unknown, bytes: unknown) =>
  fromOwnWindow(event) ? gate.whilePrinting(() => printers.printPdf(role, bytes)) : { ok: false, reason: 'notAllowed' }
)
ipcMain.handle(ipcChannels.testPrint, (event, role: unknown, heading: unknown) =>
  fromOwnWindow(event) ? gate.whilePrinting(() => printers.testPrint(role, heading)) : { ok: false, reason: 'notAllowed' }
)
for (const [channel, handler] of Object.entries(updateIpcHandlers(gate, fromOwnWindow))) ipcMain.handle(channel, handler)

// Offline day mode: the local store opens on the page's first offline call, in the user-data folder.
let offlineStore: (OfflineStore & { close(): void }) | null = null
const offlineStoreOf = () => (offlineStore ??= openOfflineStore(path.join(app.getPath('userData'), 'offline-day.sqlite3')))
for (const [channel, handler] of Object.entries(offlineIpcHandlers(offlineStoreOf, fromOwnWindow))) ipcMain.handle(channel, handler)
app.on('will-quit', () => offlineStore?.close())

void app.whenReady().then(createWindow)
app.on('window-all-closed', () => app.quit())
