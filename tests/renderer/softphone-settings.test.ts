import { addressOfRecord, MAX_FIELD_LENGTH, parseStoredSettings, sipDomain, sipUserName, validateSoftphoneSettings } from '../../renderer/src/features/softphone/softphone-settings'

/** Issue 20 item 3: the softphone's SIP account on a workstation (renderer/src/features/softphone/softphone-settings.ts). */
const good = { server: ' wss://pbx.clinic.uz:8089/ws ', user: ' 101 ', password: ' secret ', displayName: ' Front desk ' }

test('good settings are trimmed (not the password) and have no problems', () => {
  expect(validateSoftphoneSettings(good)).toEqual({
    settings: { server: 'wss://pbx.clinic.uz:8089/ws', user: '101', password: ' secret ', displayName: 'Front desk' },
    problems: {}
  })
  expect(validateSoftphoneSettings({ ...good, displayName: '' }).problems).toEqual({})
})

test('server, user and password are required; the display name is not', () => {
  expect(validateSoftphoneSettings({}).problems).toEqual({ server: 'required', user: 'required', password: 'required' })
  expect(validateSoftphoneSettings({ server: 5, user: null, password: ['x'] }).problems).toEqual({ server: 'required', user: 'required', password: 'required' })
})

test('the server must be a wss:// address; plain ws:// only on this computer itself', () => {
  const problem = (server: string) => validateSoftphoneSettings({ ...good, server }).problems.server
  expect(problem('wss://sip.example.uz/ws')).toBeUndefined()
  expect(problem('ws://127.0.0.1:8090')).toBeUndefined()
  expect(problem('ws://localhost:8090/ws')).toBeUndefined()
  expect(problem('ws://[::1]:8090')).toBeUndefined()
  expect(problem('ws://pbx.clinic.uz:8088/ws')).toBe('server-insecure')
  expect(problem('ws://10.0.0.5:8088')).toBe('server-insecure')
  expect(problem('https://pbx.clinic.uz')).toBe('server-invalid')
  expect(problem('sip:101@pbx.clinic.uz')).toBe('server-invalid')
  expect(problem('pbx.clinic.uz')).toBe('server-invalid')
  expect(problem(`wss://${'a'.repeat(MAX_FIELD_LENGTH)}.uz`)).toBe('too-long')
})

test('the user is a SIP user part, with an optional domain', () => {
  const problem = (user: string) => validateSoftphoneSettings({ ...good, user }).problems.user
  expect(problem('101')).toBeUndefined()
  expect(problem('front.desk_2')).toBeUndefined()
  expect(problem('101@clinic.example.uz')).toBeUndefined()
  expect(problem('101@clinic.example.uz:5060')).toBeUndefined()
  expect(problem('front desk')).toBe('user-invalid')
  expect(problem('101@')).toBe('user-invalid')
  expect(problem('@clinic.uz')).toBe('user-invalid')
  expect(problem('a@b@c')).toBe('user-invalid')
  expect(problem('101@clinic uz')).toBe('user-invalid')
  expect(problem('<sip:101>')).toBe('user-invalid')
})

test('the domain is the user\'s when given, else the server\'s host; the address of record joins them', () => {
  expect(sipDomain({ server: 'wss://pbx.clinic.uz:8089/ws', user: '101' })).toBe('pbx.clinic.uz')
  expect(sipDomain({ server: 'ws://127.0.0.1:8090', user: 'frontdesk' })).toBe('127.0.0.1')
  expect(sipDomain({ server: 'wss://edge.provider.uz/ws', user: '101@clinic.onpbx.ru' })).toBe('clinic.onpbx.ru')
  expect(sipUserName({ user: '101@clinic.onpbx.ru' })).toBe('101')
  expect(addressOfRecord({ server: 'wss://edge.provider.uz/ws', user: '101@clinic.onpbx.ru' })).toBe('sip:101@clinic.onpbx.ru')
  expect(addressOfRecord({ server: 'wss://pbx.clinic.uz:8089/ws', user: '101' })).toBe('sip:101@pbx.clinic.uz')
})

test('stored settings are read back only when they are still whole and valid', () => {
  const stored = JSON.stringify(validateSoftphoneSettings(good).settings)
  expect(parseStoredSettings(stored)?.user).toBe('101')
  expect(parseStoredSettings(null)).toBeNull()
  expect(parseStoredSettings('{not json')).toBeNull()
  expect(parseStoredSettings('"a string"')).toBeNull()
  expect(parseStoredSettings(JSON.stringify({ ...good, password: '' }))).toBeNull()
  expect(parseStoredSettings(JSON.stringify({ ...good, server: 'ws://pbx.clinic.uz' }))).toBeNull()
})
