import { contextBridge, ipcRenderer } from 'electron'
import { ipcChannels } from '../../main/src/ipc-channels'
import type { PrintResult, PrinterChoices, PrinterRole, SystemPrinter } from '../../main/src/printer-roles'
import type { OfflineCounts, OfflineDaySnapshot, OfflineOperation, OutboxEntry, OutboxOutcome } from '../../main/src/offline/offline-types'
import { parseUpdateStatus, type BusyKind, type UpdateStatus } from '../../main/src/update-status'

/** An answer the shell never gives as null unless it refused the call. */
async function answered<T>(answer: Promise<T | null>): Promise<T> {
  const value = await answer
  if (value === null) throw new Error('The offline store refused the call')
  return value
}

/**
 * The narrow desktop API the renderer reaches through renderer/src/platform/desktop.ts.
 * Verbs only: ipcRenderer itself is never exposed, and each verb names its channel.
 */
const clinicDesktop = {
  printDocument: (): Promise<boolean> => ipcRenderer.invoke(ipcChannels.printDocument),
  dial: (phoneNumber: string): Promise<boolean> => ipcRenderer.invoke(ipcChannels.dial, phoneNumber),
  appInfo: (): Promise<{ version: string; platform: string } | null> => ipcRenderer.invoke(ipcChannels.appInfo),
  listPrinters: (): Promise<SystemPrinter[]> => ipcRenderer.invoke(ipcChannels.listPrinters),
  printerChoices: (): Promise<PrinterChoices | null> => ipcRenderer.invoke(ipcChannels.printerChoices),
  choosePrinter: (role: PrinterRole, printer: string | null): Promise<PrinterChoices | null> => ipcRenderer.invoke(ipcChannels.choosePrinter, role, printer),
  printPdf: (role: PrinterRole, bytes: Uint8Array): Promise<PrintResult> => ipcRenderer.invoke(ipcChannels.printPdf, role, bytes),
  testPrint: (role: PrinterRole, heading: string): Promise<PrintResult> => ipcRenderer.invoke(ipcChannels.testPrint, role, heading),
  updateStatus: (): Promise<UpdateStatus | null> => ipcRenderer.invoke(ipcChannels.updateStatus),
  restartToUpdate: (): Promise<UpdateStatus | null> => ipcRenderer.invoke(ipcChannels.updateRestart),
  updateLater: (): Promise<UpdateStatus | null> => ipcRenderer.invoke(ipcChannels.updateLater),
  reportBusy: (kind: BusyKind, busy: boolean): Promise<UpdateStatus | null> => ipcRenderer.invoke(ipcChannels.reportBusy, kind, busy),
  // Offline day mode: the local store's methods (main/src/offline/offline-ipc.ts checks every
  // argument). The shell answers null only to a sender it refuses: that is a failure, not "nothing".
  offlineSaveDay: (snapshot: OfflineDaySnapshot): Promise<void> => ipcRenderer.invoke(ipcChannels.offlineSaveDay, snapshot),
  offlineDay: (userId: string, branchId: string): Promise<OfflineDaySnapshot | null> => ipcRenderer.invoke(ipcChannels.offlineDay, userId, branchId),
  offlineEnqueue: (operation: OfflineOperation): Promise<OfflineCounts> => answered(ipcRenderer.invoke(ipcChannels.offlineEnqueue, operation)),
  offlinePending: (): Promise<OutboxEntry[]> => answered(ipcRenderer.invoke(ipcChannels.offlinePending)),
  offlineServerIdOf: (key: string): Promise<string | null> => ipcRenderer.invoke(ipcChannels.offlineServerIdOf, key),
  offlineSettle: (key: string, outcome: OutboxOutcome): Promise<OfflineCounts> => answered(ipcRenderer.invoke(ipcChannels.offlineSettle, key, outcome)),
  offlineConflicts: (): Promise<OutboxEntry[]> => answered(ipcRenderer.invoke(ipcChannels.offlineConflicts)),
  offlineResolve: (key: string): Promise<OfflineCounts> => answered(ipcRenderer.invoke(ipcChannels.offlineResolve, key)),
  offlineCounts: (): Promise<OfflineCounts> => answered(ipcRenderer.invoke(ipcChannels.offlineCounts)),
  offlineForgetDays: (): Promise<void> => ipcRenderer.invoke(ipcChannels.offlineForgetDays),
  /**
   * Calls `listener` with each new update status; returns the unsubscribe. The listener gets the
   * checked status only, never the IPC event (which would hand the page ipcRenderer's sender).
   */
  onUpdateStatus: (listener: (status: UpdateStatus) => void): (() => void) => {
    const forward = (_event: unknown, value: unknown) => {
      const status = parseUpdateStatus(value)
      if (status) listener(status)
    }
    ipcRenderer.on(ipcChannels.updateStatusChanged, forward)
    return () => void ipcRenderer.removeListener(ipcChannels.updateStatusChanged, forward)
  }
}

export type ClinicDesktopApi = typeof clinicDesktop

contextBridge.exposeInMainWorld('clinicDesktop', clinicDesktop)
