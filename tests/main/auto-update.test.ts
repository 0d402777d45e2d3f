import { EventEmitter } from 'node:events'
import { startAutoUpdates, type AutoUpdateDeps, type UpdaterLike } from '../../main/src/auto-update'
import { updateConfigFrom } from '../../main/src/update-config'
import type { UpdateStatus } from '../../main/src/update-status'

/** electron-updater's AppUpdater as far as the shell uses it. */
class FakeUpdater extends EventEmitter implements UpdaterLike {
  autoDownload = false
  autoInstallOnAppQuit = false
  allowDowngrade = true
  feeds: Array<{ provider: string; url: string }> = []
  checks = 0
  installs: Array<[boolean | undefined, boolean | undefined]> = []
  answer: () => Promise<{ downloadPromise?: Promise<unknown> | null } | null> = async () => null
  setFeedURL(options: { provider: 'generic'; url: string }) {
    this.feeds.push(options)
  }
  checkForUpdates() {
    this.checks += 1
    return this.answer()
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean) {
    this.installs.push([isSilent, isForceRunAfter])
  }
}

function start(env: Record<string, string>, updater = new FakeUpdater()) {
  const published: UpdateStatus[] = []
  const logs: string[] = []
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = []
  const deps: AutoUpdateDeps = {
    updater,
    config: updateConfigFrom(env),
    publish: (status) => published.push(status),
    log: (message) => logs.push(message),
    setInterval: (run, ms) => {
      const timer = { run, ms, cleared: false }
      timers.push(timer)
      return timer
    },
    clearInterval: (handle) => ((handle as { cleared: boolean }).cleared = true)
  }
  return { updates: startAutoUpdates(deps), updater, published, logs, timers }
}

const feed = { CLINIC_UPDATE_URL: 'https://updates.clinic.example/desktop' }

describe('the shell checking for updates', () => {
  it('sets the generic feed, downloads in the background, installs on quit, and checks at once', () => {
    const { updater, timers } = start(feed)
    expect(updater.feeds).toEqual([{ provider: 'generic', url: 'https://updates.clinic.example/desktop/' }])
    expect(updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: true, allowDowngrade: false })
    expect(updater.checks).toBe(1)
    expect(timers).toHaveLength(1)
    expect(timers[0].ms).toBe(4 * 60 * 60 * 1000)
  })

  it('checks again every interval, never two at a time, and stops', async () => {
    const updater = new FakeUpdater()
    let finish!: () => void
    updater.answer = () => new Promise<null>((resolve) => (finish = () => resolve(null)))
    const { updates, timers } = start({ ...feed, CLINIC_UPDATE_CHECK_HOURS: '2' }, updater)
    expect(timers[0].ms).toBe(2 * 60 * 60 * 1000)
    timers[0].run()
    expect(updater.checks).toBe(1)
    finish()
    await updates.check()
    timers[0].run()
    expect(updater.checks).toBe(2)
    updates.stop()
    expect(timers[0].cleared).toBe(true)
  })

  it('logs a failed check or download and carries on', async () => {
    const updater = new FakeUpdater()
    updater.answer = () => Promise.reject(new Error('getaddrinfo ENOTFOUND updates.clinic.example'))
    const { updates, logs } = start(feed, updater)
    await updates.check()
    updater.emit('error', new Error('sha512 checksum mismatch'))
    expect(logs).toEqual(['updates: check failed: getaddrinfo ENOTFOUND updates.clinic.example', 'updates: sha512 checksum mismatch'])
  })

  it('keeps a failed background download from becoming an unhandled rejection', async () => {
    const updater = new FakeUpdater()
    let handled = false
    const download = Promise.reject(new Error('socket hang up'))
    const originalCatch = download.catch.bind(download)
    download.catch = (onRejected) => {
      handled = true
      return originalCatch(onRejected)
    }
    updater.answer = async () => ({ downloadPromise: download })
    const { updates } = start(feed, updater)
    await updates.check()
    expect(handled).toBe(true)
  })

  it('hands a downloaded update to the gate, which restarts silently only when asked and free', () => {
    const { updates, updater, published } = start(feed)
    updater.emit('update-downloaded', { version: '0.2.0', files: [] })
    expect(published).toEqual([{ phase: 'ready', version: '0.2.0', waitingFor: [] }])
    expect(updater.installs).toHaveLength(0)
    updates.gate.setRendererBusy('call', true)
    updates.gate.restartNow()
    expect(updater.installs).toHaveLength(0)
    updates.gate.setRendererBusy('call', false)
    expect(updater.installs).toEqual([[true, true]])
  })

  it('checks nothing when not configured or misconfigured, and says why', () => {
    for (const [env, problem] of [
      [{}, 'notConfigured'],
      [{ CLINIC_UPDATE_URL: 'http://updates.clinic.example/' }, 'insecureUrl'],
      [{ ...feed, CLINIC_UPDATE_CHECK_HOURS: '0' }, 'invalidInterval']
    ] as const) {
      const { updates, updater, logs, timers } = start(env)
      expect(updater.feeds).toEqual([])
      expect(updater.checks).toBe(0)
      expect(timers).toEqual([])
      expect(logs).toEqual([`updates: off (${problem})`])
      expect(updates.gate.status().phase).toBe('none')
    }
  })
})
