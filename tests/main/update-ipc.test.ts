import { ipcChannels, pushChannels } from '../../main/src/ipc-channels'
import { isTrustedSender, type IpcSender } from '../../main/src/trust'
import { createUpdateGate } from '../../main/src/update-gate'
import { updateIpcHandlers } from '../../main/src/update-ipc'

const server = 'https://clinic.example'
const own: IpcSender = { webContentsId: 1, frameUrl: 'https://clinic.example/calendar', isTopFrame: true }
const strangers: IpcSender[] = [
  { ...own, webContentsId: 2 },
  { ...own, isTopFrame: false },
  { ...own, frameUrl: 'https://evil.example/' },
  { ...own, frameUrl: 'http://clinic.example/' },
  { ...own, frameUrl: undefined }
]

function setUp() {
  const installs: number[] = []
  const gate = createUpdateGate({ install: () => installs.push(1), publish: () => undefined })
  const handlers = updateIpcHandlers(gate, (sender: IpcSender) => isTrustedSender(sender, [1], server))
  return { gate, handlers, installs }
}

describe('the update channels answer only the shell’s own window', () => {
  it('has a handler for every update channel the renderer invokes, and none for the push channel', () => {
    const { handlers } = setUp()
    expect(Object.keys(handlers).sort()).toEqual([ipcChannels.reportBusy, ipcChannels.updateLater, ipcChannels.updateRestart, ipcChannels.updateStatus].sort())
    for (const channel of pushChannels) expect(Object.keys(handlers)).not.toContain(channel)
  })

  it('serves its own window', () => {
    const { gate, handlers, installs } = setUp()
    gate.updateDownloaded('0.2.0')
    expect(handlers[ipcChannels.updateStatus](own)).toEqual({ phase: 'ready', version: '0.2.0', waitingFor: [] })
    expect(handlers[ipcChannels.reportBusy](own, 'call', true)).toMatchObject({ waitingFor: ['call'] })
    expect(handlers[ipcChannels.updateRestart](own)).toMatchObject({ phase: 'waiting' })
    expect(handlers[ipcChannels.reportBusy](own, 'call', false)).toMatchObject({ phase: 'installing' })
    expect(installs).toHaveLength(1)
  })

  it('answers a stranger nothing and lets it change nothing', () => {
    for (const stranger of strangers) {
      const { gate, handlers, installs } = setUp()
      gate.updateDownloaded('0.2.0')
      gate.setRendererBusy('call', true)
      expect(handlers[ipcChannels.updateStatus](stranger)).toBeNull()
      // A stranger cannot free the gate during a call, nor restart, nor postpone.
      expect(handlers[ipcChannels.reportBusy](stranger, 'call', false)).toBeNull()
      expect(handlers[ipcChannels.updateRestart](stranger)).toBeNull()
      expect(handlers[ipcChannels.updateLater](stranger)).toBeNull()
      expect(gate.status()).toEqual({ phase: 'ready', version: '0.2.0', waitingFor: ['call'] })
      expect(installs).toHaveLength(0)
    }
  })

  it('ignores malformed busy reports from its own window', () => {
    const { handlers } = setUp()
    expect(handlers[ipcChannels.reportBusy](own, 'call', 'yes')).toBeNull()
    expect(handlers[ipcChannels.reportBusy](own, 'download', true)).toBeNull()
  })
})
