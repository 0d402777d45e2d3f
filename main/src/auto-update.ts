import type { UpdateConfig } from './update-config'
import { createUpdateGate, type UpdateGate } from './update-gate'
import type { UpdateStatus } from './update-status'

/**
 * The part of electron-updater's AppUpdater the shell uses (main/src/main.ts passes the real
 * `autoUpdater`; tests pass a fake or an AppUpdater on a fake app).
 */
export interface UpdaterLike {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  allowDowngrade: boolean
  setFeedURL(options: { provider: 'generic'; url: string }): void
  /** Resolves once the version is known; `downloadPromise` is the background download (autoDownload). */
  checkForUpdates(): Promise<{ downloadPromise?: Promise<unknown> | null } | null>
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void
}

export interface AutoUpdateDeps {
  updater: UpdaterLike
  config: UpdateConfig
  publish(status: UpdateStatus): void
  log(message: string): void
  setInterval(run: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

/**
 * Checks the clinic's update folder when the shell starts and every few hours after; downloads in
 * the background; hands the restart to the update gate. With no (valid) configuration nothing is
 * checked, but the gate still answers the renderer (status "none").
 */
export function startAutoUpdates(deps: AutoUpdateDeps): { gate: UpdateGate; check(): Promise<void>; stop(): void } {
  const { updater, config } = deps
  // quitAndInstall(silent, run after): the installer runs without questions and starts the app again.
  const gate = createUpdateGate({ install: () => updater.quitAndInstall(true, true), publish: deps.publish })
  if (!config.enabled) {
    deps.log(`updates: off (${config.problem})`)
    return { gate, check: async () => undefined, stop: () => undefined }
  }

  updater.autoDownload = true
  // "Later", or no choice at all: the update is installed when the app quits.
  updater.autoInstallOnAppQuit = true
  updater.allowDowngrade = false
  updater.setFeedURL({ provider: 'generic', url: config.feedUrl })
  updater.on('update-downloaded', (info) => void gate.updateDownloaded(String(info.version)))
  // A failed check or download is tried again at the next interval; the front desk is not bothered.
  updater.on('error', (error) => deps.log(`updates: ${error.message}`))

  let running: Promise<void> | null = null
  /** One check at a time: a slow server does not pile them up. */
  function check(): Promise<void> {
    running ??= updater
      .checkForUpdates()
      .then((result) => {
        // The download goes on in the background; its failure is reported through 'error' too, so
        // the promise is only kept from becoming an unhandled rejection in the main process.
        result?.downloadPromise?.catch(() => undefined)
      })
      .catch((error: unknown) => deps.log(`updates: check failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (running = null))
    return running
  }

  void check()
  const timer = deps.setInterval(() => void check(), config.checkEveryMs)
  return { gate, check, stop: () => deps.clearInterval(timer) }
}
