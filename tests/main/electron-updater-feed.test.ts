import { createHash } from 'node:crypto'
import { promises as fs } from 'node:fs'
import http, { type IncomingMessage, type RequestOptions } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { configureRequestOptions, configureRequestUrl, HttpExecutor, type DownloadOptions } from 'builder-util-runtime'
import { AppImageUpdater } from 'electron-updater'
import type { AppAdapter } from 'electron-updater/out/AppAdapter'
import { startAutoUpdates } from '../../main/src/auto-update'
import { updateConfigFrom } from '../../main/src/update-config'
import type { UpdateStatus } from '../../main/src/update-status'

/*
 * electron-updater's own code (the generic provider, latest-linux.yml parsing, the version
 * comparison, the download with its sha512 check) against a local HTTP server standing for the
 * clinic's update folder. Only what needs Electron is replaced: the app (a fake AppAdapter) and
 * the HTTP client (Node's http instead of Electron's net, as electron-builder's own tests do).
 */

/** builder-util's NodeHttpExecutor, less its proxy support. */
class NodeHttpExecutor extends HttpExecutor<http.ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void) {
    return http.request(options, callback)
  }
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined }
      configureRequestUrl(url, requestOptions)
      configureRequestOptions(requestOptions)
      this.doDownload(requestOptions, { destination, options, onCancel, callback: (error) => (error ? reject(error) : resolve(destination)), responseHandler: null }, 0)
    })
  }
}

const installer = Buffer.from('#!/bin/sh\necho clinic workstation 0.2.0\n')
const sha512 = createHash('sha512').update(installer).digest('base64')
const latestYml = (version: string) => `version: ${version}
files:
  - url: Clinic-Workstation-${version}.AppImage
    sha512: ${sha512}
    size: ${installer.length}
path: Clinic-Workstation-${version}.AppImage
sha512: ${sha512}
releaseDate: '2026-11-29T10:00:00.000Z'
`

let server: http.Server
let baseUrl: string
let published = '0.2.0'
/** When set, latest-linux.yml announces this checksum instead of the installer's. */
let announcedSha512: string | null = null
let updaters = 0
const requests: string[] = []
let dir: string
const savedAppImage = process.env.APPIMAGE

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinic-updater-'))
  await fs.writeFile(path.join(dir, 'app-update.yml'), 'provider: generic\nurl: https://unused.example/\nupdaterCacheDirName: clinic-workstation-updater\n')
  // The running AppImage (the updater refuses to run outside one).
  await fs.writeFile(path.join(dir, 'Clinic-Workstation-0.1.0.AppImage'), 'old')
  process.env.APPIMAGE = path.join(dir, 'Clinic-Workstation-0.1.0.AppImage')
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    requests.push(url.pathname)
    if (url.pathname === '/desktop/latest-linux.yml') return void response.end(latestYml(published).replaceAll(sha512, announcedSha512 ?? sha512))
    if (url.pathname === `/desktop/Clinic-Workstation-${published}.AppImage`) {
      response.setHeader('content-length', installer.length)
      return void response.end(installer)
    }
    response.statusCode = 404
    response.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/desktop`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  if (savedAppImage === undefined) delete process.env.APPIMAGE
  else process.env.APPIMAGE = savedAppImage
  await fs.rm(dir, { recursive: true, force: true })
})

beforeEach(() => {
  requests.length = 0
  published = '0.2.0'
  announcedSha512 = null
})

/** An AppImageUpdater on a fake packaged app of version `version`, whose install is only recorded. */
function updaterFor(version: string) {
  const app: AppAdapter = {
    version,
    name: 'Clinic Workstation',
    isPackaged: true,
    appUpdateConfigPath: path.join(dir, 'app-update.yml'),
    userDataPath: path.join(dir, 'userData'),
    // Each its own cache: a download kept from an earlier test would be taken as this one's.
    baseCachePath: path.join(dir, `cache-${(updaters += 1)}`),
    whenReady: async () => undefined,
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined
  }
  const updater = new AppImageUpdater(undefined, app)
  updater.logger = null
  ;(updater as unknown as { httpExecutor: NodeHttpExecutor }).httpExecutor = new NodeHttpExecutor()
  const installs: unknown[][] = []
  updater.quitAndInstall = (...args: unknown[]) => void installs.push(args)
  return { updater, installs }
}

function started(version: string, env = { CLINIC_UPDATE_URL: baseUrl }) {
  const { updater, installs } = updaterFor(version)
  const statuses: UpdateStatus[] = []
  const downloaded = new Promise<void>((resolve) => updater.once('update-downloaded', () => resolve()))
  const updates = startAutoUpdates({
    updater,
    config: updateConfigFrom(env),
    publish: (status) => statuses.push(status),
    log: () => undefined,
    setInterval: () => 0,
    clearInterval: () => undefined
  })
  return { updater, installs, statuses, downloaded, updates }
}

describe("electron-updater's generic provider on a local update folder", () => {
  it('finds a newer version, downloads it in the background, and the gate waits for the call to end', async () => {
    const { updates, installs, statuses, downloaded } = started('0.1.0')
    await updates.check()
    await downloaded
    expect(requests).toEqual(['/desktop/latest-linux.yml', '/desktop/Clinic-Workstation-0.2.0.AppImage'])
    expect(statuses).toEqual([{ phase: 'ready', version: '0.2.0', waitingFor: [] }])
    updates.gate.setRendererBusy('call', true)
    updates.gate.restartNow()
    expect(installs).toEqual([])
    updates.gate.setRendererBusy('call', false)
    expect(installs).toEqual([[true, true]])
  })

  it('finds nothing to do when the folder has the running version', async () => {
    published = '0.1.0'
    const { updater, updates, statuses } = started('0.1.0')
    const answer = await updater.checkForUpdates()
    expect(answer?.isUpdateAvailable).toBe(false)
    await updates.check()
    expect(requests.every((request) => request === '/desktop/latest-linux.yml')).toBe(true)
    expect(statuses).toEqual([])
  })

  it('reports a folder without latest-linux.yml as an error, not an update', async () => {
    const { updater } = updaterFor('0.1.0')
    const errors: string[] = []
    updater.on('error', (error: Error & { code?: string }) => errors.push(error.code ?? ''))
    updater.setFeedURL({ provider: 'generic', url: `${baseUrl}/missing/` })
    await expect(updater.checkForUpdates()).rejects.toMatchObject({ code: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND' })
    expect(errors).toEqual(['ERR_UPDATER_CHANNEL_FILE_NOT_FOUND'])
  })

  it('refuses an installer whose checksum does not match latest-linux.yml', async () => {
    const { updater, updates, statuses } = started('0.1.0')
    const errors: string[] = []
    updater.on('error', (error: Error) => errors.push(error.message))
    announcedSha512 = createHash('sha512').update('something else').digest('base64')
    await updates.check()
    // The download runs in the background after the check: wait for its error.
    for (let tries = 0; tries < 50 && errors.length === 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(statuses).toEqual([])
    expect(errors.join(' ')).toMatch(/sha512 checksum mismatch/)
  })
})
