import { isTrustedSender } from '../../main/src/trust'
import { mainWindowOptions, printWindowOptions } from '../../main/src/window-options'
import { ipcChannels, pushChannels, type IpcChannel } from '../../main/src/ipc-channels'

const server = 'https://clinic.example'

describe('the shell answers only its own window', () => {
  const own = { webContentsId: 1, frameUrl: 'https://clinic.example/customer/7', isTopFrame: true }

  it('trusts the top frame of its own window on the clinic server', () => {
    expect(isTrustedSender(own, [1], server)).toBe(true)
  })

  it('refuses another window, an iframe, another origin, and a frame that is gone', () => {
    expect(isTrustedSender({ ...own, webContentsId: 2 }, [1], server)).toBe(false)
    expect(isTrustedSender({ ...own, isTopFrame: false }, [1], server)).toBe(false)
    expect(isTrustedSender({ ...own, frameUrl: 'https://clinic.example.evil.test/' }, [1], server)).toBe(false)
    expect(isTrustedSender({ ...own, frameUrl: 'http://clinic.example/' }, [1], server)).toBe(false)
    expect(isTrustedSender({ ...own, frameUrl: 'file:///tmp/x.pdf' }, [1], server)).toBe(false)
    expect(isTrustedSender({ ...own, frameUrl: undefined }, [1], server)).toBe(false)
    expect(isTrustedSender(own, [], server)).toBe(false)
  })
})

describe('windows and the preload', () => {
  it('opens the hidden print window sandboxed, without Node nor a preload', () => {
    const options = printWindowOptions()
    expect(options.show).toBe(false)
    expect(options.webPreferences?.preload).toBeUndefined()
    for (const prefs of [options.webPreferences, mainWindowOptions('/p.cjs').webPreferences]) {
      expect(prefs).toMatchObject({
        contextIsolation: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        sandbox: true,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false
      })
    }
  })

  it('exposes verbs only, each invoking or listening on one of the listed channels', async () => {
    const exposed: Record<string, unknown> = {}
    const invoked: string[] = []
    const listening = new Map<string, (event: unknown, value: unknown) => void>()
    jest.resetModules()
    jest.doMock('electron', () => ({
      contextBridge: { exposeInMainWorld: (name: string, api: unknown) => (exposed[name] = api) },
      ipcRenderer: {
        invoke: async (channel: string) => invoked.push(channel),
        on: (channel: string, listener: (event: unknown, value: unknown) => void) => listening.set(channel, listener),
        removeListener: (channel: string) => listening.delete(channel)
      }
    }))
    await import('../../preload/src/preload')
    const api = exposed.clinicDesktop as Record<string, unknown>
    expect(Object.keys(exposed)).toEqual(['clinicDesktop'])
    const heard: unknown[] = []
    const unsubscribes: unknown[] = []
    for (const [name, verb] of Object.entries(api)) {
      expect(typeof verb).toBe('function')
      if (name.startsWith('on')) unsubscribes.push((verb as (listener: (value: unknown) => void) => unknown)((value) => heard.push(value)))
      else await (verb as (...args: unknown[]) => Promise<unknown>)('documents', new Uint8Array())
    }
    // Every verb uses a listed channel and every listed channel has its verb; nothing else is handed over.
    expect(invoked.length + listening.size).toBe(Object.keys(api).length)
    expect(new Set([...invoked, ...listening.keys()])).toEqual(new Set(Object.values(ipcChannels)))
    expect([...listening.keys()]).toEqual(pushChannels)
    expect(invoked.some((channel) => pushChannels.includes(channel as IpcChannel))).toBe(false)
    expect(Object.keys(api)).not.toEqual(expect.arrayContaining(['invoke', 'send', 'on', 'ipcRenderer']))

    // A push reaches the page as a checked status, never with the IPC event; a malformed one not at all.
    const forward = listening.get(ipcChannels.updateStatusChanged)!
    const event = { sender: { send: () => undefined }, ports: [] }
    forward(event, { phase: 'ready', version: '0.2.0', waitingFor: [] })
    forward(event, { phase: 'reboot', version: '0.2.0', waitingFor: [] })
    forward(event, { phase: 'waiting', version: '0.2.0', waitingFor: ['call', 'shell'] })
    expect(heard).toEqual([{ phase: 'ready', version: '0.2.0', waitingFor: [] }])
    for (const unsubscribe of unsubscribes) (unsubscribe as () => void)()
    expect(listening.size).toBe(0)
  })
})

describe('the preload’s offline verbs', () => {
  it('fail on the shell’s refusal (null) instead of handing the page "nothing waiting"', async () => {
    const exposed: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> = {}
    jest.resetModules()
    jest.doMock('electron', () => ({
      contextBridge: { exposeInMainWorld: (name: string, api: never) => (exposed[name] = api) },
      ipcRenderer: { invoke: async () => null, on: () => undefined, removeListener: () => undefined }
    }))
    await import('../../preload/src/preload')
    const api = exposed.clinicDesktop
    for (const verb of ['offlineEnqueue', 'offlinePending', 'offlineSettle', 'offlineConflicts', 'offlineResolve', 'offlineCounts']) await expect(api[verb]()).rejects.toThrow('refused')
    // Where null is an answer (no day saved, not sent yet), it stays one.
    await expect(api.offlineDay('u1', 'b1')).resolves.toBeNull()
    await expect(api.offlineServerIdOf('key-00000001')).resolves.toBeNull()
  })
})

describe('the main process wiring', () => {
  it('handles every channel the renderer invokes, each behind the sender check', async () => {
    const { promises: fs } = await import('node:fs')
    const source = await fs.readFile(require.resolve('../../main/src/main.ts'), 'utf8')
    const handled = [...source.matchAll(/ipcMain\.handle\(ipcChannels\.(\w+),([^\n]*(?:\n(?!ipcMain)[^\n]*)*)/g)]
    for (const [, , body] of handled) expect(body).toContain('fromOwnWindow(event)')
    const viaUpdateHandlers = ['updateStatus', 'updateRestart', 'updateLater', 'reportBusy']
    expect(source).toContain('updateIpcHandlers(gate, fromOwnWindow)')
    const viaOfflineHandlers = Object.keys(ipcChannels).filter((key) => key.startsWith('offline'))
    expect(source).toContain('offlineIpcHandlers(offlineStoreOf, fromOwnWindow)')
    const invokedChannels = Object.keys(ipcChannels).filter((key) => !pushChannels.includes(ipcChannels[key as keyof typeof ipcChannels]))
    expect(new Set([...handled.map((match) => match[1]), ...viaUpdateHandlers, ...viaOfflineHandlers])).toEqual(new Set(invokedChannels))
    // The main process sends on push channels only, and to its own window only.
    expect([...source.matchAll(/\.send\(ipcChannels\.(\w+)/g)].map((match) => match[1])).toEqual(['updateStatusChanged'])
    expect(source).toContain('mainWindow.webContents.send(ipcChannels.updateStatusChanged')
  })
})
