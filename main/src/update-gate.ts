import { busyKinds, isBusyKind, noUpdate, type BusyKind, type UpdateStatus } from './update-status'

/*
 * Decides when a downloaded update may restart the app. A restart in the middle of a phone call
 * drops the call, and one during a print loses the receipt, so quitAndInstall runs only when the
 * person chose "Restart now" AND nothing is busy: the renderer's marks (a call in the softphone,
 * a print it started) and the prints the main process is running itself. "Later" leaves the
 * update to electron-updater's install on quit. Electron-free: tests/main/update-gate.test.ts.
 */

type Choice = 'undecided' | 'now' | 'later'

export interface UpdateGateState {
  version: string | null
  choice: Choice
  installing: boolean
  /** What the renderer last reported busy. */
  rendererBusy: Record<BusyKind, boolean>
  /** Prints the main process is running (any of them may be from a renderer that forgot to mark). */
  mainPrints: number
}

/** What holds a restart back in this state. */
export function blockers(state: UpdateGateState): BusyKind[] {
  return busyKinds.filter((kind) => state.rendererBusy[kind] || (kind === 'print' && state.mainPrints > 0))
}

/** Whether quitAndInstall may run now. */
export function mayInstall(state: UpdateGateState): boolean {
  return state.version !== null && state.choice === 'now' && !state.installing && blockers(state).length === 0
}

export function statusOf(state: UpdateGateState): UpdateStatus {
  if (state.version === null) return noUpdate()
  const waitingFor = blockers(state)
  if (state.installing) return { phase: 'installing', version: state.version, waitingFor: [] }
  if (state.choice === 'now') return { phase: 'waiting', version: state.version, waitingFor }
  return { phase: state.choice === 'later' ? 'later' : 'ready', version: state.version, waitingFor }
}

export interface UpdateGateDeps {
  /** electron-updater's quitAndInstall; called at most once. */
  install(): void
  /** Sends the status to the renderer (it shows or hides the notice). */
  publish(status: UpdateStatus): void
}

export function createUpdateGate(deps: UpdateGateDeps) {
  const state: UpdateGateState = { version: null, choice: 'undecided', installing: false, rendererBusy: { call: false, print: false }, mainPrints: 0 }
  let published = JSON.stringify(statusOf(state))

  /** After every change: install when allowed, and tell the renderer when its status changed. */
  function settle(): UpdateStatus {
    if (mayInstall(state)) {
      state.installing = true
      deps.install()
    }
    const status = statusOf(state)
    const text = JSON.stringify(status)
    if (text !== published) {
      published = text
      deps.publish(status)
    }
    return status
  }

  return {
    status: () => statusOf(state),

    /** electron-updater's update-downloaded. A newer version asks again, unless a restart is already waiting. */
    updateDownloaded(version: string): UpdateStatus {
      if (state.installing) return statusOf(state)
      if (version !== state.version && state.choice === 'later') state.choice = 'undecided'
      state.version = version
      return settle()
    },

    /** The renderer's report; anything malformed is ignored. */
    setRendererBusy(kind: unknown, busy: unknown): UpdateStatus | null {
      if (!isBusyKind(kind) || typeof busy !== 'boolean') return null
      state.rendererBusy[kind] = busy
      return settle()
    },

    /** The page reloaded or its process died: whatever it had marked busy is over. */
    rendererReset(): UpdateStatus {
      for (const kind of busyKinds) state.rendererBusy[kind] = false
      return settle()
    },

    /** Runs a print of the main process, holding restarts back until it has finished. */
    async whilePrinting<T>(work: () => Promise<T>): Promise<T> {
      state.mainPrints += 1
      settle()
      try {
        return await work()
      } finally {
        state.mainPrints -= 1
        settle()
      }
    },

    /** "Restart now": at once when nothing is busy, else as soon as the call or print ends. */
    restartNow(): UpdateStatus {
      if (state.version === null) return statusOf(state)
      state.choice = 'now'
      return settle()
    },

    /** "Later": no restart; electron-updater installs the update when the app quits. */
    later(): UpdateStatus {
      if (state.version === null || state.installing) return statusOf(state)
      state.choice = 'later'
      return settle()
    }
  }
}

export type UpdateGate = ReturnType<typeof createUpdateGate>
