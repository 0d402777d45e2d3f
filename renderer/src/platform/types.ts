import type { PrintResult, PrinterChoices, PrinterRole, SystemPrinter } from '../../../main/src/printer-roles'
import type { UpdateStatus } from '../../../main/src/update-status'
import type { OfflineStore } from '../../../main/src/offline/offline-types'

export type { PrintResult, PrinterChoices, PrinterRole, SystemPrinter, UpdateStatus }

/** The desktop app's own updates (the shell downloads them; features/desktop-update/desktop-update.tsx shows the notice). */
export interface DesktopUpdatesCapability {
  /** The status now (a page loaded after the download still learns of it). */
  status(): Promise<UpdateStatus | null>
  /** Hears each change; returns the unsubscribe. */
  onStatus(listener: (status: UpdateStatus) => void): () => void
  /** "Restart": at once, or as soon as no call nor print is in progress. */
  restartNow(): Promise<UpdateStatus | null>
  /** "Later": installs when the app is closed. */
  later(): Promise<UpdateStatus | null>
}

/** A PDF made by the server, and the printer role its paper needs (roleForPaper). */
export interface PdfToPrint {
  /** The PDF's address: the server's signed link, or a blob: URL of a preview. */
  url: string
  role: PrinterRole
}

/** The workstation's printers by role (the desktop shell only; printers/PrintersPage.tsx). */
export interface PrintersCapability {
  /** The system's printers. */
  list(): Promise<SystemPrinter[]>
  /** The printer chosen for each role on this computer. */
  choices(): Promise<PrinterChoices>
  /** Chooses (or clears, with null) the printer of a role; the choices as stored. */
  choose(role: PrinterRole, printer: string | null): Promise<PrinterChoices>
  /** Prints a test page on the role's printer, headed with `heading`. */
  testPrint(role: PrinterRole, heading: string): Promise<PrintResult>
}

/** A browser's Web Push subscription as the server takes it (`PushSubscription.toJSON()`). */
export interface WebPushSubscription {
  endpoint: string
  expirationTime?: number | null
  keys: { p256dh: string; auth: string }
}

/** Web Push on this device (staff notifications): the installed PWA or a browser tab. */
export interface WebPushCapability {
  /** Whether this shell can receive pushes at all (a service worker with a push manager). */
  supported: boolean
  /** The browser's answer so far: 'default' (not asked), 'granted' or 'denied'. */
  permission(): NotificationPermission
  /** This device's subscription, if it has one. */
  current(): Promise<WebPushSubscription | null>
  /** Asks permission (call it from a click) and subscribes with the server's VAPID key; null when refused. */
  subscribe(publicKey: string): Promise<WebPushSubscription | null>
  /** Unsubscribes; the endpoint that was, to forget it on the server. */
  unsubscribe(): Promise<string | null>
}

/** What differs between the browser (PWA) and the Electron shell. Screens use only this. */
export interface Platform {
  kind: 'web' | 'desktop'
  /** Where the socket connects. Both shells load the web app from the clinic server itself. */
  serverUrl(): string
  /** Opens a link outside the app (mail client, system browser). */
  openExternal(url: string): void
  /** Whether the app registers /sw.js and offers "New Update Available". */
  supportsServiceWorker: boolean
  /** Enters or leaves full screen. */
  toggleFullScreen(): Promise<void>
  /** Prints the current document; resolves false when nothing was printed. */
  printDocument(): Promise<boolean>
  /**
   * Prints a PDF made by the server: the browser opens it in a new tab (its viewer prints); the
   * desktop shell prints it silently on the workstation's printer of the PDF's role, and throws a
   * PrintFailedError (print-failure.ts) saying why when it cannot. `pdf` resolves to the PDF; the
   * browser's tab opens at once, so that no popup blocker stops it.
   */
  printPdf(pdf: Promise<PdfToPrint>): Promise<boolean>
  /** The workstation's printers by role: the desktop shell only, null in the browser. */
  printers: PrintersCapability | null
  /** Starts a phone call: the desktop softphone, or the device's dialer on the web. */
  dial(phoneNumber: string): Promise<boolean>
  /** Web Push on this device; the desktop shell has none (its window shows the bell). */
  webPush: WebPushCapability
  /** The desktop app's updates: the shell only, null in the browser (the service worker updates the web app). */
  updates: DesktopUpdatesCapability | null
  /**
   * Offline day mode's local store (docs/decisions/offline-day.md): the desktop shell only, null in
   * the browser (a tab has no outbox) and in a shell from before the offline verbs.
   */
  offline: OfflineStore | null
}
