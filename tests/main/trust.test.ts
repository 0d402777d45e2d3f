import { clinicOrigin, dialableNumber, isClinicUrl, serverUrlFrom } from '../../main/src/trust'
import { mainWindowOptions } from '../../main/src/window-options'
import { ipcChannels } from '../../main/src/ipc-channels'

describe('desktop shell trust rules', () => {
  it('treats only the clinic server origin as its own', () => {
    expect(isClinicUrl('http://localhost:3030/people/team', 'http://localhost:3030')).toBe(true)
    expect(isClinicUrl('http://localhost:3031/', 'http://localhost:3030')).toBe(false)
    expect(isClinicUrl('https://evil.example/', 'http://localhost:3030')).toBe(false)
    expect(isClinicUrl('not a url', 'http://localhost:3030')).toBe(false)
    expect(clinicOrigin('https://clinic.example/app')).toBe('https://clinic.example')
  })

  it('dials only phone-number-shaped input', () => {
    expect(dialableNumber('+998 (90) 123-45-67')).toBe('+998901234567')
    expect(dialableNumber('12')).toBeNull()
    expect(dialableNumber('123; rm -rf /')).toBeNull()
    expect(dialableNumber(42)).toBeNull()
  })

  it('reads the server address from the environment and rejects a malformed one', () => {
    expect(serverUrlFrom({})).toBe('http://localhost:3030')
    expect(serverUrlFrom({ CLINIC_SERVER_URL: 'https://clinic.example' })).toBe('https://clinic.example')
    expect(() => serverUrlFrom({ CLINIC_SERVER_URL: 'nonsense' })).toThrow()
  })

  it('opens the window isolated and sandboxed, without Node', () => {
    const prefs = mainWindowOptions('/app/preload.cjs').webPreferences!
    expect(prefs).toMatchObject({ contextIsolation: true, nodeIntegration: false, sandbox: true, preload: '/app/preload.cjs' })
  })

  it('keeps IPC channel names unique and namespaced', () => {
    const names = Object.values(ipcChannels)
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) expect(name.startsWith('clinic:')).toBe(true)
  })
})
