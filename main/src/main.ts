import path from 'node:path'
import { app, BrowserWindow, ipcMain, shell, type IpcMainInvokeEvent } from 'electron'
import { ipcChannels } from './ipc-channels'
import { dialableNumber, isClinicUrl, serverUrlFrom } from './trust'
import { mainWindowOptions } from './window-options'

/*
 * The Electron shell: one window on the clinic server's web app, plus the few desktop verbs
 * the web cannot do (printing, the softphone). Logic lives in electron-free modules beside
 * this file so it is tested under plain Node; this file only wires them to Electron.
 */
const serverUrl = serverUrlFrom(process.env)
let mainWindow: BrowserWindow | null = null

/** IPC answers only the pages of our own window on our own server. */
function fromOwnWindow(event: IpcMainInvokeEvent): boolean {
  return event.sender === mainWindow?.webContents && isClinicUrl(event.senderFrame?.url ?? '', serverUrl)
}

function createWindow() {
  mainWindow = new BrowserWindow(mainWindowOptions(path.join(__dirname, 'preload.cjs')))
  mainWindow.once('ready-to-show', () => mainWindow?.show())
  mainWindow.webContents.setWindowOpenHandler(({ url }) => {
    if (!isClinicUrl(url, serverUrl)) void shell.openExternal(url)
    return { action: 'deny' }
  })
  mainWindow.webContents.on('will-navigate', (event, url) => {
    if (!isClinicUrl(url, serverUrl)) event.preventDefault()
  })
  void mainWindow.loadURL(serverUrl)
}

ipcMain.handle(ipcChannels.appInfo, (event) => (fromOwnWindow(event) ? { version: app.getVersion(), platform: process.platform } : null))
ipcMain.handle(ipcChannels.printDocument, async (event) => {
  if (!fromOwnWindow(event)) return false
  return new Promise<boolean>((resolve) => event.sender.print({ silent: false, printBackground: true }, (success) => resolve(success)))
})
ipcMain.handle(ipcChannels.dial, (event, number: unknown) => {
  const dialable = dialableNumber(number)
  if (!fromOwnWindow(event) || !dialable) return false
  // The SIP softphone integration arrives with the telephony issue; until then the system's
  // tel: handler (a desktop softphone) takes the call.
  void shell.openExternal(`tel:${dialable}`)
  return true
})

void app.whenReady().then(createWindow)
app.on('window-all-closed', () => app.quit())
