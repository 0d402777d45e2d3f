import { contextBridge, ipcRenderer } from 'electron'
import { ipcChannels } from '../../main/src/ipc-channels'

/**
 * The narrow desktop API the renderer reaches through renderer/src/platform/desktop.ts.
 * Verbs only: ipcRenderer itself is never exposed.
 */
const clinicDesktop = {
  printDocument: (): Promise<boolean> => ipcRenderer.invoke(ipcChannels.printDocument),
  dial: (phoneNumber: string): Promise<boolean> => ipcRenderer.invoke(ipcChannels.dial, phoneNumber),
  appInfo: (): Promise<{ version: string; platform: string } | null> => ipcRenderer.invoke(ipcChannels.appInfo)
}

export type ClinicDesktopApi = typeof clinicDesktop

contextBridge.exposeInMainWorld('clinicDesktop', clinicDesktop)
