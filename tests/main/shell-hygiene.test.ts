import { isTrustedSender } from '../../main/src/trust'
import { mainWindowOptions, printWindowOptions } from '../../main/src/window-options'
import { ipcChannels } from '../../main/src/ipc-channels'

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

  it('exposes verbs only, each invoking one of the listed channels', async () => {
    const exposed: Record<string, unknown> = {}
    const invoked: string[] = []
    jest.resetModules()
    jest.doMock('electron', () => ({
      contextBridge: { exposeInMainWorld: (name: string, api: unknown) => (exposed[name] = api) },
      ipcRenderer: { invoke: async (channel: string) => invoked.push(channel) }
    }))
    await import('../../preload/src/preload')
    const api = exposed.clinicDesktop as Record<string, unknown>
    expect(Object.keys(exposed)).toEqual(['clinicDesktop'])
    for (const verb of Object.values(api)) {
      expect(typeof verb).toBe('function')
      await (verb as (...args: unknown[]) => Promise<unknown>)('documents', new Uint8Array())
    }
    // Every verb calls a listed channel and every listed channel has its verb; nothing else is handed over.
    expect(invoked.length).toBe(Object.keys(api).length)
    expect(new Set(invoked)).toEqual(new Set(Object.values(ipcChannels)))
    expect(Object.keys(api)).not.toEqual(expect.arrayContaining(['invoke', 'send', 'on', 'ipcRenderer']))
  })
})
