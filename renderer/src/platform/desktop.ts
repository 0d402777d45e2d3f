import type { ClinicDesktopApi } from '../../../preload/src/preload'
import { noPrinterChoices, type PrintResult } from '../../../main/src/printer-roles'
import { onBusyChange, whileBusy } from './busy'
import { PrintFailedError } from './print-failure'
import type { OfflineStore } from '../../../main/src/offline/offline-types'
import type { DesktopUpdatesCapability, Platform, PrintersCapability } from './types'
import { webPlatform } from './web'

declare global {
  interface Window {
    /** Exposed by preload/src/preload.ts; only this module may touch it (architecture). */
    clinicDesktop?: ClinicDesktopApi
  }
}

/** A refused or failed print as an error the toasts translate. */
function printed(result: PrintResult): true {
  if (!result.ok) throw new PrintFailedError(result.reason)
  return true
}

function printersOf(bridge: ClinicDesktopApi): PrintersCapability {
  return {
    list: () => bridge.listPrinters(),
    choices: async () => (await bridge.printerChoices()) ?? noPrinterChoices(),
    choose: async (role, printer) => {
      const choices = await bridge.choosePrinter(role, printer)
      if (!choices) throw new PrintFailedError('notAllowed')
      return choices
    },
    testPrint: (role, heading) => whileBusy('print', () => bridge.testPrint(role, heading))
  }
}

function updatesOf(bridge: ClinicDesktopApi): DesktopUpdatesCapability {
  return {
    status: () => bridge.updateStatus(),
    onStatus: (listener) => bridge.onUpdateStatus(listener),
    restartNow: () => bridge.restartToUpdate(),
    later: () => bridge.updateLater()
  }
}

/** The preload's offline verbs are the store's methods as they are (preload/src/preload.ts). */
function offlineOf(bridge: ClinicDesktopApi): OfflineStore | null {
  // A shell from before offline day mode has none of these verbs: no offline screens there.
  if (typeof bridge.offlineForgetDays !== 'function') return null
  return {
    saveDay: bridge.offlineSaveDay,
    day: bridge.offlineDay,
    enqueue: bridge.offlineEnqueue,
    pending: bridge.offlinePending,
    serverIdOf: bridge.offlineServerIdOf,
    settle: bridge.offlineSettle,
    conflicts: bridge.offlineConflicts,
    resolve: bridge.offlineResolve,
    counts: bridge.offlineCounts,
    forgetDays: bridge.offlineForgetDays
  }
}

/**
 * The Electron shell loads the web app from the clinic server, so addresses and full screen work
 * as on the web; printing and dialling go through the preload's verbs. The shell's main process
 * sends links to other sites to the system browser.
 */
export function desktopPlatform(bridge: ClinicDesktopApi): Platform {
  // A call or a print in progress holds back the restart of a downloaded update (the shell's gate).
  // The page comes from the clinic's server and may be newer than the installed shell: a shell
  // from before auto-update has none of its verbs, and printing must not fail for that.
  const hasUpdates = typeof bridge.reportBusy === 'function' && typeof bridge.updateStatus === 'function'
  if (hasUpdates) onBusyChange((kind, busy) => void bridge.reportBusy(kind, busy).catch(() => undefined))
  return {
    ...webPlatform,
    kind: 'desktop',
    // The desktop app updates as a whole; a second, service-worker update prompt would confuse.
    supportsServiceWorker: false,
    // No service worker, so no Web Push: the bell in the window is the desktop's notice.
    webPush: { ...webPlatform.webPush, supported: false },
    printDocument: () => whileBusy('print', () => bridge.printDocument()),
    // The PDF's bytes go to the shell (the signed link or a preview's blob: both readable here),
    // which prints them silently on the role's printer with its paper size.
    printPdf: (pdf) =>
      whileBusy('print', async () => {
        const { url, role } = await pdf
        const answer = await fetch(url)
        if (!answer.ok) throw new PrintFailedError('loadFailed')
        return printed(await bridge.printPdf(role, new Uint8Array(await answer.arrayBuffer())))
      }),
    printers: printersOf(bridge),
    updates: hasUpdates ? updatesOf(bridge) : null,
    offline: offlineOf(bridge),
    dial: (phoneNumber) => bridge.dial(phoneNumber)
  }
}
