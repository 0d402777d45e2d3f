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
  testPrint: 'clinic:test-print'
} as const

export type IpcChannel = (typeof ipcChannels)[keyof typeof ipcChannels]
