import { desktopUpdateNotice } from '../../renderer/src/features/desktop-update/desktop-update-notice'
import { isBusy, markBusy, onBusyChange, whileBusy } from '../../renderer/src/platform/busy'

describe('the busy registry of calls and prints', () => {
  it('tells listeners when a kind turns busy and free, not at each mark', async () => {
    const heard: Array<[string, boolean]> = []
    const stop = onBusyChange((kind, busy) => heard.push([kind, busy]))
    const first = markBusy('print')
    const second = markBusy('print')
    first()
    first()
    expect(isBusy('print')).toBe(true)
    second()
    expect(isBusy('print')).toBe(false)
    await expect(whileBusy('call', async () => {
      expect(isBusy('call')).toBe(true)
      throw new Error('hung up')
    })).rejects.toThrow('hung up')
    expect(isBusy('call')).toBe(false)
    stop()
    markBusy('call')()
    expect(heard).toEqual([['print', true], ['print', false], ['call', true], ['call', false]])
  })
})

describe('the desktop update notice', () => {
  it('shows nothing without an update, or once "Later" was chosen', () => {
    expect(desktopUpdateNotice(null)).toBeNull()
    expect(desktopUpdateNotice({ phase: 'none', version: null, waitingFor: [] })).toBeNull()
    expect(desktopUpdateNotice({ phase: 'later', version: '0.2.0', waitingFor: ['call'] })).toBeNull()
  })

  it('offers Restart and Later for a downloaded update, busy or not', () => {
    expect(desktopUpdateNotice({ phase: 'ready', version: '0.2.0', waitingFor: [] })).toEqual({ text: 'ready', version: '0.2.0', actions: ['restart', 'later'] })
    expect(desktopUpdateNotice({ phase: 'ready', version: '0.2.0', waitingFor: ['call'] })?.actions).toEqual(['restart', 'later'])
  })

  it('says what a chosen restart waits for, and lets it be put off', () => {
    expect(desktopUpdateNotice({ phase: 'waiting', version: '0.2.0', waitingFor: ['call'] })).toEqual({ text: 'waitingCall', version: '0.2.0', actions: ['later'] })
    expect(desktopUpdateNotice({ phase: 'waiting', version: '0.2.0', waitingFor: ['print'] })?.text).toBe('waitingPrint')
    expect(desktopUpdateNotice({ phase: 'waiting', version: '0.2.0', waitingFor: ['call', 'print'] })?.text).toBe('waitingBoth')
    expect(desktopUpdateNotice({ phase: 'installing', version: '0.2.0', waitingFor: [] })).toEqual({ text: 'installing', version: '0.2.0', actions: [] })
  })
})
