import { DEFAULT_CHECK_HOURS, parseFeedUrl, updateConfigFrom } from '../../main/src/update-config'

const HOUR = 60 * 60 * 1000

describe('where the shell looks for updates', () => {
  it('is off unless CLINIC_UPDATE_URL is set', () => {
    expect(updateConfigFrom({})).toEqual({ enabled: false, problem: 'notConfigured' })
    expect(updateConfigFrom({ CLINIC_UPDATE_URL: '  ' })).toEqual({ enabled: false, problem: 'notConfigured' })
  })

  it('takes an https folder, ending it with a slash, and checks every 4 hours by default', () => {
    expect(updateConfigFrom({ CLINIC_UPDATE_URL: 'https://updates.clinic.example/desktop' })).toEqual({
      enabled: true,
      feedUrl: 'https://updates.clinic.example/desktop/',
      checkEveryMs: DEFAULT_CHECK_HOURS * HOUR
    })
    expect(parseFeedUrl('https://updates.clinic.example/desktop/?channel=x')).toEqual({ ok: true, url: 'https://updates.clinic.example/desktop/?channel=x' })
  })

  it('allows plain http to this machine only', () => {
    for (const url of ['http://localhost:8080/u/', 'http://127.0.0.1:9/', 'http://[::1]:9/']) expect(parseFeedUrl(url).ok).toBe(true)
    for (const url of ['http://updates.clinic.example/', 'http://192.168.1.10/updates/', 'http://localhost.evil.test/', 'http://127.0.0.2/']) {
      expect(parseFeedUrl(url)).toEqual({ ok: false, problem: 'insecureUrl' })
    }
    expect(updateConfigFrom({ CLINIC_UPDATE_URL: 'http://updates.clinic.example/' })).toEqual({ enabled: false, problem: 'insecureUrl' })
  })

  it('refuses what is not an update folder address', () => {
    for (const url of ['updates.clinic.example', 'file:///srv/updates/', 'ftp://clinic.example/', 'https://user:secret@clinic.example/', 'https://clinic.example/u/#x', 'javascript:alert(1)']) {
      expect(parseFeedUrl(url)).toEqual({ ok: false, problem: 'invalidUrl' })
    }
  })

  it('reads the interval in whole hours from 1 to 24', () => {
    const url = 'https://updates.clinic.example/'
    expect(updateConfigFrom({ CLINIC_UPDATE_URL: url, CLINIC_UPDATE_CHECK_HOURS: '1' })).toMatchObject({ checkEveryMs: HOUR })
    expect(updateConfigFrom({ CLINIC_UPDATE_URL: url, CLINIC_UPDATE_CHECK_HOURS: '24' })).toMatchObject({ checkEveryMs: 24 * HOUR })
    for (const hours of ['0', '25', '1.5', 'often', '-3']) {
      expect(updateConfigFrom({ CLINIC_UPDATE_URL: url, CLINIC_UPDATE_CHECK_HOURS: hours })).toEqual({ enabled: false, problem: 'invalidInterval' })
    }
  })
})
