/** Every IPC channel between the desktop shell and the renderer. Nothing else is listened to. */
export const ipcChannels = {
  printDocument: 'clinic:print-document',
  dial: 'clinic:dial',
  appInfo: 'clinic:app-info',
  /** The system's printers (webContents.getPrintersAsync). */
  listPrinters: 'clinic:list-printers',
  /** The printer chosen per role on this workstation. */
  printerChoices: 'clinic:printer-choices',
  /** Chooses (or clears) the printer of one role. */
  choosePrinter: 'clinic:choose-printer',
  /** Prints a PDF's bytes silently on the printer of a role. */
  printPdf: 'clinic:print-pdf',
  /** Prints a test page on the printer of a role. */
  testPrint: 'clinic:test-print',
  /** The downloaded update's status (asked by the renderer when it loads). */
  updateStatus: 'clinic:update-status',
  /** Main to renderer: the status changed (the only channel the main process sends on). */
  updateStatusChanged: 'clinic:update-status-changed',
  /** "Restart now": installs once no call nor print is in progress. */
  updateRestart: 'clinic:update-restart',
  /** "Later": installs when the app quits. */
  updateLater: 'clinic:update-later',
  /** The renderer marks a call or a print as started or ended (a restart waits for them). */
  reportBusy: 'clinic:report-busy',
  /** Offline day mode (main/src/offline/offline-ipc.ts): one channel per OfflineStore method. */
  offlineSaveDay: 'clinic:offline-save-day',
  offlineDay: 'clinic:offline-day',
  offlineEnqueue: 'clinic:offline-enqueue',
  offlinePending: 'clinic:offline-pending',
  offlineServerIdOf: 'clinic:offline-server-id-of',
  offlineSettle: 'clinic:offline-settle',
  offlineConflicts: 'clinic:offline-conflicts',
  offlineResolve: 'clinic:offline-resolve',
  offlineCounts: 'clinic:offline-counts',
  offlineForgetDays: 'clinic:offline-forget-days'
} as const

/** The channels the main process sends on (the renderer listens); all others are invoked by the renderer. */
export const pushChannels: readonly IpcChannel[] = [ipcChannels.updateStatusChanged]

export type IpcChannel = (typeof ipcChannels)[keyof typeof ipcChannels]
