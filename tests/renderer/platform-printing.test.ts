import type { ClinicDesktopApi } from '../../preload/src/preload'
import type { Platform } from '../../renderer/src/platform/types'

/** A browser tab as window.open gives it. */
interface FakeTab {
  opener: unknown
  location: { href: string }
  closed: boolean
  close(): void
}

const opened: Array<{ url: string; tab: FakeTab | null }> = []
let popupsBlocked = false

// web.ts reads the browser's globals when it loads: a minimal browser, before importing it.
Object.assign(globalThis, {
  window: {
    open: (url: string) => {
      const tab: FakeTab | null = popupsBlocked ? null : { opener: {}, location: { href: url }, closed: false, close: () => (tab!.closed = true) }
      opened.push({ url, tab })
      return tab
    },
    location: { origin: 'https://clinic.example', href: 'https://clinic.example/' }
  }
})
Object.defineProperty(globalThis, 'navigator', { value: {}, configurable: true })

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { webPlatform } = require('../../renderer/src/platform/web') as { webPlatform: Platform }
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { desktopPlatform } = require('../../renderer/src/platform/desktop') as typeof import('../../renderer/src/platform/desktop')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PrintFailedError } = require('../../renderer/src/platform/print-failure') as typeof import('../../renderer/src/platform/print-failure')

beforeEach(() => {
  opened.length = 0
  popupsBlocked = false
})

describe('printing a PDF in the browser (the web fallback)', () => {
  it('opens a tab at once and shows the PDF in it when the server has made it', async () => {
    let resolve!: (pdf: { url: string; role: 'receipt80' }) => void
    const printing = webPlatform.printPdf(new Promise((done) => (resolve = done)))
    // The tab is opened in the click itself, before the PDF exists (no popup blocker stops it).
    expect(opened).toHaveLength(1)
    expect(opened[0].url).toBe('about:blank')
    resolve({ url: 'https://clinic.example/files/receipt.pdf?sig=1', role: 'receipt80' })
    expect(await printing).toBe(true)
    expect(opened[0].tab).toMatchObject({ opener: null, location: { href: 'https://clinic.example/files/receipt.pdf?sig=1' } })
  })

  it('closes the tab and passes the error on when the PDF could not be made', async () => {
    await expect(webPlatform.printPdf(Promise.reject(new Error('server said no')))).rejects.toThrow('server said no')
    expect(opened[0].tab?.closed).toBe(true)
  })

  it('answers false when the browser blocked the tab', async () => {
    popupsBlocked = true
    expect(await webPlatform.printPdf(Promise.resolve({ url: 'https://clinic.example/a.pdf', role: 'documents' }))).toBe(false)
  })

  it('has no printers to choose', () => {
    expect(webPlatform.printers).toBeNull()
    expect(webPlatform.kind).toBe('web')
  })
})

describe('printing a PDF in the desktop shell', () => {
  const pdfBytes = new TextEncoder().encode('%PDF-1.7 receipt')
  function fakeBridge(result: Awaited<ReturnType<ClinicDesktopApi['printPdf']>>) {
    const calls: Array<{ role: string; bytes: Uint8Array }> = []
    const reports: Array<[string, boolean]> = []
    const bridge = {
      printPdf: async (role: string, bytes: Uint8Array) => {
        // The shell hears of the print before it starts, so no update restarts the app meanwhile.
        expect(reports.at(-1)).toEqual(['print', true])
        calls.push({ role, bytes })
        return result
      },
      reportBusy: async (kind: string, busy: boolean) => {
        reports.push([kind, busy])
        return null
      },
      updateStatus: async () => null,
      printerChoices: async () => null,
      choosePrinter: async () => null
    } as unknown as ClinicDesktopApi
    return { bridge, calls, reports }
  }
  const realFetch = globalThis.fetch
  beforeEach(() => {
    globalThis.fetch = (async () => new Response(pdfBytes, { status: 200 })) as typeof fetch
  })
  afterEach(() => {
    globalThis.fetch = realFetch
  })

  it('sends the PDF bytes to the shell with the role of its paper, opening no tab', async () => {
    const { bridge, calls, reports } = fakeBridge({ ok: true })
    expect(await desktopPlatform(bridge).printPdf(Promise.resolve({ url: 'https://clinic.example/r.pdf', role: 'receipt58' }))).toBe(true)
    expect(reports).toEqual([['print', true], ['print', false]])
    expect(calls).toHaveLength(1)
    expect(calls[0].role).toBe('receipt58')
    expect(new TextDecoder().decode(calls[0].bytes)).toBe('%PDF-1.7 receipt')
    expect(opened).toHaveLength(0)
  })

  it('prints through a shell from before auto-update (no update verbs), which offers no updates', async () => {
    // The page comes from the clinic's server and can be newer than the installed shell.
    const calls: string[] = []
    const older = {
      printPdf: async (role: string) => {
        calls.push(role)
        return { ok: true }
      },
      printerChoices: async () => null,
      choosePrinter: async () => null
    } as unknown as ClinicDesktopApi
    const platform = desktopPlatform(older)
    expect(await platform.printPdf(Promise.resolve({ url: 'https://clinic.example/r.pdf', role: 'documents' }))).toBe(true)
    expect(calls).toEqual(['documents'])
    expect(platform.updates).toBeNull()
    // Nor offline day mode: the page offers no offline screens in such a shell.
    expect(platform.offline).toBeNull()
  })

  it('reaches the offline store through the shell’s verbs, each method its own verb', async () => {
    const invoked: string[] = []
    const names = ['offlineSaveDay', 'offlineDay', 'offlineEnqueue', 'offlinePending', 'offlineServerIdOf', 'offlineSettle', 'offlineConflicts', 'offlineResolve', 'offlineCounts', 'offlineForgetDays']
    const bridge = Object.fromEntries(names.map((name) => [name, async () => invoked.push(name)])) as unknown as ClinicDesktopApi
    const offline = desktopPlatform(bridge).offline!
    for (const method of Object.keys(offline) as Array<keyof typeof offline>) await (offline[method] as () => Promise<unknown>)()
    expect(invoked).toEqual(names)
    expect(webPlatform.offline).toBeNull()
  })

  it('throws the shell reason, for the toast to translate', async () => {
    const { bridge, reports } = fakeBridge({ ok: false, reason: 'noPrinter' })
    const printing = desktopPlatform(bridge).printPdf(Promise.resolve({ url: 'https://clinic.example/r.pdf', role: 'documents' }))
    await expect(printing).rejects.toBeInstanceOf(PrintFailedError)
    await expect(printing).rejects.toMatchObject({ reason: 'noPrinter' })
    // A failed print frees the gate too.
    expect(reports).toEqual([['print', true], ['print', false]])
  })

  it('says the PDF could not be loaded when the server refuses it', async () => {
    globalThis.fetch = (async () => new Response('gone', { status: 404 })) as typeof fetch
    const { bridge, calls } = fakeBridge({ ok: true })
    await expect(desktopPlatform(bridge).printPdf(Promise.resolve({ url: 'https://clinic.example/r.pdf', role: 'documents' }))).rejects.toMatchObject({ reason: 'loadFailed' })
    expect(calls).toHaveLength(0)
  })

  it('reads no printer choices as none chosen, and a refused choice as an error', async () => {
    const printers = desktopPlatform(fakeBridge({ ok: true }).bridge).printers!
    expect(await printers.choices()).toEqual({ documents: null, receipt80: null, receipt58: null, label: null })
    await expect(printers.choose('documents', 'HP')).rejects.toMatchObject({ reason: 'notAllowed' })
  })
})
