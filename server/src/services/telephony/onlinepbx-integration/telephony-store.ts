import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { RowCodec } from '../../row-codec'
import { newId, now } from '../../../hooks/ids'
import { open, seal } from '../../messaging/integrations/secret-box'
import { ONPBX_DEFAULT_URL, OnlinePbx, type SessionKey } from '../../../providers/telephony/onlinepbx'

/**
 * The company's OnlinePBX settings (table `telephony_settings`, owned by `onlinepbx-integration`).
 * Secrets (the API key, the session key, the CRM token) are sealed at rest with the messaging
 * settings' secret box (AUTH_SECRET) and never leave the server.
 */
declare module '../../../declarations' {
  interface AppSettings {
    /** Where OnlinePBX's API is (tests: a local server speaking its protocol). */
    onlinepbxBaseUrl?: string
    /** The only origin recordings are fetched from (tests: the local server's). */
    onlinepbxRecordingsOrigin?: string
  }
}

export const TELEPHONY_SETTINGS_TABLE = 'telephony_settings'
export const telephonyCodec = new RowCodec({ json: ['lines', 'extensions'], instant: ['syncedUntil'] })

export interface PbxLine {
  number: string
  branchId: string
}
export interface PbxExtension {
  userId: string
  extension: string
}

export interface TelephonySettings {
  _id: string
  companyId: string
  domain: string
  apiKey: string | null
  sessionKey: SessionKey | null
  hookPath: string | null
  crmToken: string | null
  lines: PbxLine[]
  extensions: PbxExtension[]
  defaultBranchId: string | null
  callbackAssigneeId: string | null
  syncedUntil: string | null
  updatedAt: string
}

/** The company's row, made empty on first need (safe when two make it at once). */
export async function ensureTelephonyRow(db: Knex, companyId: string): Promise<void> {
  const existing = await db(TELEPHONY_SETTINGS_TABLE).where({ companyId }).first('_id')
  if (existing) return
  await db(TELEPHONY_SETTINGS_TABLE)
    .insert(telephonyCodec.toDb({ _id: newId(), companyId, createdAt: now(), updatedAt: now(), createdBy: null, domain: '', lines: [], extensions: [] }))
    .onConflict('companyId')
    .ignore()
}

/** The settings with the secrets opened (null when unset or sealed under another AUTH_SECRET). */
export function openTelephonyRow(row: Record<string, unknown>, secret: string): TelephonySettings {
  const decoded = telephonyCodec.fromDb<Record<string, unknown>>(row)
  const session = open(decoded.sessionKey as string | null, secret)
  let sessionKey: SessionKey | null
  try {
    sessionKey = session ? (JSON.parse(session) as SessionKey) : null
  } catch {
    sessionKey = null
  }
  return {
    _id: String(decoded._id),
    companyId: String(decoded.companyId),
    domain: String(decoded.domain ?? ''),
    apiKey: open(decoded.apiKey as string | null, secret),
    sessionKey,
    hookPath: (decoded.hookPath as string | null) ?? null,
    crmToken: open(decoded.crmToken as string | null, secret),
    lines: (decoded.lines as PbxLine[] | null) ?? [],
    extensions: (decoded.extensions as PbxExtension[] | null) ?? [],
    defaultBranchId: (decoded.defaultBranchId as string | null) ?? null,
    callbackAssigneeId: (decoded.callbackAssigneeId as string | null) ?? null,
    syncedUntil: (decoded.syncedUntil as string | null) ?? null,
    updatedAt: String(decoded.updatedAt)
  }
}

export async function telephonySettings(db: Knex, companyId: string, secret: string): Promise<TelephonySettings> {
  await ensureTelephonyRow(db, companyId)
  return openTelephonyRow(await db(TELEPHONY_SETTINGS_TABLE).where({ companyId }).first(), secret)
}

/** A company whose PBX is set up (a domain and an API key) is "configured"; else the spec's "OnlinePBX is not configured". */
export const pbxConfigured = (settings: TelephonySettings): settings is TelephonySettings & { apiKey: string } => Boolean(settings.domain && settings.apiKey)

/** The company whose webhook is at this secret path segment; null when none (or not configured). */
export async function settingsOfHookPath(db: Knex, hookPath: string, secret: string): Promise<TelephonySettings | null> {
  if (!/^[0-9a-f]{48}$/.test(hookPath)) return null
  const row = await db(TELEPHONY_SETTINGS_TABLE).where({ hookPath }).first()
  if (!row) return null
  const settings = openTelephonyRow(row, secret)
  return pbxConfigured(settings) ? settings : null
}

/** The companies whose PBX is set up, for the history reconciliation. */
export async function configuredCompanies(db: Knex): Promise<string[]> {
  const rows = (await db(TELEPHONY_SETTINGS_TABLE).whereNot('domain', '').whereNotNull('apiKey').select('companyId')) as Array<{ companyId: string }>
  return rows.map((row) => row.companyId)
}

export const newHookPath = () => randomBytes(24).toString('hex')
export const sealSession = (key: SessionKey, secret: string) => seal(JSON.stringify(key), secret)

/** Where OnlinePBX is (tests point the app at a local server speaking its protocol). */
export const onpbxBaseUrlOf = (app: Application): string => app.get('onlinepbxBaseUrl') ?? process.env.ONLINEPBX_BASE_URL ?? ONPBX_DEFAULT_URL

/** The PBX client of a configured company: its session key kept (sealed) between calls. */
export function pbxClient(app: Application, settings: TelephonySettings & { apiKey: string }, apiKey = settings.apiKey): OnlinePbx {
  const secret = app.get('config').authSecret
  const db = app.get('db')
  let kept = settings.sessionKey
  return new OnlinePbx({
    baseUrl: onpbxBaseUrlOf(app),
    domain: settings.domain,
    apiKey,
    session: {
      get: async () => kept,
      set: async (key) => {
        kept = key
        await db(TELEPHONY_SETTINGS_TABLE).where({ companyId: settings.companyId }).update({ sessionKey: sealSession(key, secret) })
      }
    }
  })
}
