import { createUpdateGate } from '../../main/src/update-gate'
import type { UpdateStatus } from '../../main/src/update-status'

function gateWithSpies() {
  const installs: number[] = []
  const published: UpdateStatus[] = []
  const gate = createUpdateGate({ install: () => installs.push(1), publish: (status) => published.push(status) })
  return { gate, installs, published }
}

describe('the update gate', () => {
  it('tells the renderer of a downloaded update and installs nothing by itself', () => {
    const { gate, installs, published } = gateWithSpies()
    expect(gate.status()).toEqual({ phase: 'none', version: null, waitingFor: [] })
    gate.updateDownloaded('0.2.0')
    expect(published).toEqual([{ phase: 'ready', version: '0.2.0', waitingFor: [] }])
    expect(installs).toHaveLength(0)
  })

  it('"Restart now" with nothing busy installs at once, and only once', () => {
    const { gate, installs } = gateWithSpies()
    gate.updateDownloaded('0.2.0')
    expect(gate.restartNow().phase).toBe('installing')
    gate.restartNow()
    gate.setRendererBusy('call', false)
    expect(installs).toHaveLength(1)
  })

  it('a call in progress holds the restart back until it ends', () => {
    const { gate, installs, published } = gateWithSpies()
    gate.updateDownloaded('0.2.0')
    gate.setRendererBusy('call', true)
    expect(gate.restartNow()).toEqual({ phase: 'waiting', version: '0.2.0', waitingFor: ['call'] })
    expect(installs).toHaveLength(0)
    gate.setRendererBusy('call', false)
    expect(installs).toHaveLength(1)
    expect(published.at(-1)?.phase).toBe('installing')
  })

  it('a print the renderer marked holds the restart back, and a call and a print both must end', () => {
    const { gate, installs } = gateWithSpies()
    gate.updateDownloaded('0.2.0')
    gate.setRendererBusy('print', true)
    gate.setRendererBusy('call', true)
    expect(gate.restartNow().waitingFor).toEqual(['call', 'print'])
    gate.setRendererBusy('print', false)
    expect(installs).toHaveLength(0)
    expect(gate.status().waitingFor).toEqual(['call'])
    gate.setRendererBusy('call', false)
    expect(installs).toHaveLength(1)
  })

  it("a print of the main process holds the restart back even when the renderer did not mark it", async () => {
    const { gate, installs } = gateWithSpies()
    gate.updateDownloaded('0.2.0')
    let finish!: (value: string) => void
    const printing = gate.whilePrinting(() => new Promise<string>((resolve) => (finish = resolve)))
    expect(gate.restartNow()).toMatchObject({ phase: 'waiting', waitingFor: ['print'] })
    expect(installs).toHaveLength(0)
    finish('printed')
    expect(await printing).toBe('printed')
    expect(installs).toHaveLength(1)
  })

  it('a print that fails still releases the gate', async () => {
    const { gate, installs } = gateWithSpies()
    gate.updateDownloaded('0.2.0')
    const failing = gate.whilePrinting(() => Promise.reject(new Error('paper jam')))
    gate.restartNow()
    expect(installs).toHaveLength(0)
    await expect(failing).rejects.toThrow('paper jam')
    expect(installs).toHaveLength(1)
  })

  it('"Later" never restarts, whatever happens after; the update installs on quit', () => {
    const { gate, installs } = gateWithSpies()
    gate.updateDownloaded('0.2.0')
    gate.setRendererBusy('call', true)
    expect(gate.later()).toEqual({ phase: 'later', version: '0.2.0', waitingFor: ['call'] })
    gate.setRendererBusy('call', false)
    expect(gate.status().phase).toBe('later')
    expect(installs).toHaveLength(0)
  })

  it('"Later" after "Restart now" cancels the waiting restart', () => {
    const { gate, installs } = gateWithSpies()
    gate.updateDownloaded('0.2.0')
    gate.setRendererBusy('call', true)
    gate.restartNow()
    gate.later()
    gate.setRendererBusy('call', false)
    expect(installs).toHaveLength(0)
  })

  it('a newer download asks again after "Later", but keeps a waiting restart', () => {
    const { gate } = gateWithSpies()
    gate.updateDownloaded('0.2.0')
    gate.later()
    expect(gate.updateDownloaded('0.3.0')).toEqual({ phase: 'ready', version: '0.3.0', waitingFor: [] })
    gate.setRendererBusy('print', true)
    gate.restartNow()
    expect(gate.updateDownloaded('0.4.0')).toMatchObject({ phase: 'waiting', version: '0.4.0' })
  })

  it('a reloaded or crashed page releases its marks', () => {
    const { gate, installs } = gateWithSpies()
    gate.updateDownloaded('0.2.0')
    gate.setRendererBusy('call', true)
    gate.setRendererBusy('print', true)
    gate.restartNow()
    gate.rendererReset()
    expect(installs).toHaveLength(1)
  })

  it('refuses to restart with no update, and ignores malformed busy reports', () => {
    const { gate, installs, published } = gateWithSpies()
    expect(gate.restartNow().phase).toBe('none')
    expect(gate.later().phase).toBe('none')
    gate.updateDownloaded('0.2.0')
    gate.setRendererBusy('call', true)
    for (const [kind, busy] of [['call', 'no'], ['printing', false], [null, false], ['call', 0], ['__proto__', false]] as const) {
      expect(gate.setRendererBusy(kind, busy)).toBeNull()
    }
    gate.restartNow()
    expect(installs).toHaveLength(0)
    expect(published.at(-1)).toEqual({ phase: 'waiting', version: '0.2.0', waitingFor: ['call'] })
  })

  it('publishes only changes', () => {
    const { gate, published } = gateWithSpies()
    gate.setRendererBusy('call', true)
    gate.setRendererBusy('call', true)
    gate.updateDownloaded('0.2.0')
    gate.updateDownloaded('0.2.0')
    expect(published).toEqual([{ phase: 'ready', version: '0.2.0', waitingFor: ['call'] }])
  })
})
