/**
 * The softphone's SIP account on this workstation (docs/decisions/softphone.md): the clinic's
 * SIP server as a WebSocket address, the account's user and password, and the name callers see.
 * Pure functions, unit-tested in tests/renderer/softphone-settings.test.ts.
 */
export interface SoftphoneSettings {
  /** wss://pbx.example.uz:8089/ws (plain ws:// only on this computer itself). */
  server: string
  /** The SIP user ("101") or a whole address ("101@clinic.example.uz") when the domain differs from the server's host. */
  user: string
  password: string
  /** Shown to the people called (optional). */
  displayName: string
}

export type SettingsField = keyof SoftphoneSettings
export type SettingsProblem = 'required' | 'server-invalid' | 'server-insecure' | 'user-invalid' | 'too-long'

export const MAX_FIELD_LENGTH = 200

/** Hosts where an unencrypted ws:// server is allowed: a proxy on the workstation itself (tests, a local gateway). */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/

/** RFC 3261's user part (unreserved, escaped and user-unreserved characters), without the '@'. */
const USER_PART = /^[A-Za-z0-9\-_.!~*'()&=+$,;?/%]+$/
const DOMAIN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/

function serverProblem(server: string): SettingsProblem | null {
  let url: URL
  try {
    url = new URL(server)
  } catch {
    return 'server-invalid'
  }
  if (url.protocol === 'wss:') return url.hostname ? null : 'server-invalid'
  if (url.protocol === 'ws:') return LOOPBACK.test(url.hostname) ? null : 'server-insecure'
  return 'server-invalid'
}

function userProblem(user: string): SettingsProblem | null {
  const [name, domain, ...rest] = user.split('@')
  if (rest.length > 0 || !USER_PART.test(name)) return 'user-invalid'
  if (domain !== undefined && !DOMAIN.test(domain)) return 'user-invalid'
  return null
}

/** The settings as typed, trimmed (not the password: spaces may be part of it) and checked field by field. */
export function validateSoftphoneSettings(input: Partial<Record<SettingsField, unknown>>): {
  settings: SoftphoneSettings
  problems: Partial<Record<SettingsField, SettingsProblem>>
} {
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  const settings: SoftphoneSettings = {
    server: text(input.server).trim(),
    user: text(input.user).trim(),
    password: text(input.password),
    displayName: text(input.displayName).trim()
  }
  const problems: Partial<Record<SettingsField, SettingsProblem>> = {}
  for (const field of Object.keys(settings) as SettingsField[]) {
    if (settings[field].length > MAX_FIELD_LENGTH) problems[field] = 'too-long'
  }
  if (!settings.server) problems.server = 'required'
  else problems.server ??= serverProblem(settings.server) ?? undefined
  if (!settings.user) problems.user = 'required'
  else problems.user ??= userProblem(settings.user) ?? undefined
  if (!settings.password) problems.password = 'required'
  for (const field of Object.keys(problems) as SettingsField[]) if (!problems[field]) delete problems[field]
  return { settings, problems }
}

/** The SIP domain of the account: the one in the user ("101@clinic.uz"), else the server's host. */
export function sipDomain(settings: Pick<SoftphoneSettings, 'server' | 'user'>): string {
  const at = settings.user.indexOf('@')
  if (at >= 0) return settings.user.slice(at + 1)
  return new URL(settings.server).host.replace(/:\d+$/, '')
}

/** The user part alone: what the server's password challenge is answered with. */
export function sipUserName(settings: Pick<SoftphoneSettings, 'user'>): string {
  return settings.user.split('@')[0]
}

/** The account's address of record, which the registration binds to this workstation. */
export function addressOfRecord(settings: Pick<SoftphoneSettings, 'server' | 'user'>): string {
  return `sip:${sipUserName(settings)}@${sipDomain(settings)}`
}

/** Settings read back from storage, or null when they are missing or no longer valid. */
export function parseStoredSettings(raw: string | null): SoftphoneSettings | null {
  if (!raw) return null
  try {
    const { settings, problems } = validateSoftphoneSettings(JSON.parse(raw) as Record<string, unknown>)
    return Object.keys(problems).length === 0 ? settings : null
  } catch {
    return null
  }
}
