/**
 * The desktop shell loads the clinic server's web app and nothing else. These checks decide
 * which pages may open in its window and which senders its IPC handlers answer.
 */
export function clinicOrigin(serverUrl: string): string {
  return new URL(serverUrl).origin
}

/** True for a URL of the clinic server itself; everything else opens in the system browser. */
export function isClinicUrl(url: string, serverUrl: string): boolean {
  try {
    return new URL(url).origin === clinicOrigin(serverUrl)
  } catch {
    return false
  }
}

/** A phone number the softphone may dial: digits with an optional leading plus, 3 to 20 long. */
export function dialableNumber(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const cleaned = value.replace(/[\s()-]/g, '')
  return /^\+?\d{3,20}$/.test(cleaned) ? cleaned : null
}

/** Where the shell finds the server: CLINIC_SERVER_URL, else the local default. */
export function serverUrlFrom(env: Record<string, string | undefined>): string {
  const url = env.CLINIC_SERVER_URL ?? 'http://localhost:3030'
  clinicOrigin(url)
  return url
}

/** What the shell knows of an IPC message's sender (from IpcMainInvokeEvent). */
export interface IpcSender {
  /** webContents id of the sender. */
  webContentsId: number
  /** The sending frame's URL; undefined when the frame is gone. */
  frameUrl: string | undefined
  /** Whether the sending frame is the page itself, not an iframe in it. */
  isTopFrame: boolean
}

/**
 * IPC answers only the top frame of the shell's own window(s), on a page of the clinic server:
 * not another window, not an iframe, not a page the window was somehow taken to.
 */
export function isTrustedSender(sender: IpcSender, ownWebContentsIds: readonly number[], serverUrl: string): boolean {
  return ownWebContentsIds.includes(sender.webContentsId) && sender.isTopFrame && isClinicUrl(sender.frameUrl ?? '', serverUrl)
}
