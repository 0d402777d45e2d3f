import { hooks as schemaHooks } from '@feathersjs/schema'
import { BadRequest } from '@feathersjs/errors'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { dbOf } from '../../../hooks/call-transaction'
import { clinicError } from '../../../errors'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { quietHoursProblem } from '../../../../../domain/messaging/quiet-hours'
import { IntegrationService, integrationServiceOptions } from './integrations.class'
import { integrationExternalResolver, integrationPatchSchema, integrationPatchValidator, integrationQueryValidator, integrationResolver, type IntegrationPatch, type StoredEskiz, type StoredPlayMobile, type StoredSmsRu, type StoredSmtp, type StoredTelegram, type StoredWhatsapp } from './integrations.schema'
import { integrationRowShape, MESSAGING_SETTINGS_TABLE, mergeCredentials } from './integration-store'
import { seal } from './secret-box'
import { integrationMethods, integrationPath } from './integrations.shared'
import { randomBytes } from 'node:crypto'
import { RowCodec } from '../../row-codec'
import { now } from '../../../hooks/ids'

declare module '../../../declarations' {
  interface ServiceTypes {
    [integrationPath]: IntegrationService
  }
}

const storedCodec = new RowCodec({ json: ['eskiz', 'smtp', 'telegram', 'playmobile', 'smsru', 'whatsapp'] })

/**
 * A patch: quiet hours must open before they close; provider passwords are sealed into the
 * stored settings (a password '' clears it, one left out stays), so the data written is the
 * whole stored provider object, never the plain password.
 */
async function prepareIntegrationPatch(context: HookContext) {
  const data = context.data as IntegrationPatch
  if (data.rules) {
    const problem = quietHoursProblem(data.rules.quietHours)
    if (problem) throw clinicError(BadRequest, 'invalid-request', 'rules.quietHours.end')
  }
  if (!data.eskiz && !data.smtp && !data.telegram && !data.playmobile && !data.smsru && !data.whatsapp) {
    context.data = { ...data, updatedAt: now() }
    return
  }
  const row = await dbOf(context.app, context.params)(MESSAGING_SETTINGS_TABLE).where({ _id: context.id, ...(context.params.query ?? {}) }).first('eskiz', 'smtp', 'telegram', 'playmobile', 'smsru', 'whatsapp')
  if (!row) return
  const stored = storedCodec.fromDb<{ eskiz: StoredEskiz; smtp: StoredSmtp; telegram: StoredTelegram | null; playmobile: StoredPlayMobile | null; smsru: StoredSmsRu | null; whatsapp: StoredWhatsapp | null }>(row)
  const secret = context.app.get('config').authSecret
  const written: Record<string, unknown> = { ...data, updatedAt: now() }
  // Other credentials: the kept bearer token is of the old account.
  if (data.eskiz) Object.assign(written, { eskiz: mergeCredentials(stored.eskiz ?? {}, data.eskiz, secret), eskizToken: null, eskizTokenAt: null })
  if (data.smtp) written.smtp = mergeCredentials(stored.smtp ?? {}, data.smtp, secret)
  // Play Mobile and SMS.ru: the delivery reports' secret path is made with the first save of the account.
  if (data.playmobile) {
    const playmobile = mergeCredentials<StoredPlayMobile>(stored.playmobile ?? {}, data.playmobile, secret)
    playmobile.hookPath ??= randomBytes(24).toString('hex')
    Object.assign(written, { playmobile, playmobileHookPath: playmobile.hookPath })
  }
  if (data.smsru) {
    const { apiId, ...rest } = data.smsru
    const smsru: StoredSmsRu = { ...(stored.smsru ?? {}), ...rest }
    if (typeof apiId === 'string') smsru.apiId = apiId === '' ? null : seal(apiId, secret)
    smsru.hookPath ??= randomBytes(24).toString('hex')
    Object.assign(written, { smsru, smsruHookPath: smsru.hookPath })
  }
  if (data.telegram) {
    const telegram: StoredTelegram = { ...(stored.telegram ?? {}) }
    if (data.telegram.mode) telegram.mode = data.telegram.mode
    if (typeof data.telegram.token === 'string') {
      // Another bot: its name comes from the next connection test, its updates from the start.
      telegram.token = data.telegram.token === '' ? null : seal(data.telegram.token, secret)
      telegram.username = ''
      written.telegramOffset = null
    }
    written.telegram = telegram
  }
  if (data.whatsapp) {
    const whatsapp: StoredWhatsapp = { ...(stored.whatsapp ?? {}) }
    const { accessToken, appSecret, verifyToken, phoneNumberId, templates } = data.whatsapp
    for (const [key, value] of [['accessToken', accessToken], ['appSecret', appSecret], ['verifyToken', verifyToken]] as const) {
      if (typeof value === 'string') whatsapp[key] = value === '' ? null : seal(value, secret)
    }
    if (typeof phoneNumberId === 'string' && phoneNumberId !== whatsapp.phoneNumberId) {
      // Another number: what the connection test learnt of the old one no longer holds.
      whatsapp.phoneNumberId = phoneNumberId
      whatsapp.displayPhoneNumber = ''
      whatsapp.verifiedName = ''
    }
    if (templates) whatsapp.templates = templates
    written.whatsapp = whatsapp
  }
  context.data = written
}

/** The log of a change to the settings names what changed, never a password. */
function integrationActivity(context: HookContext) {
  const data = (context.arguments[1] ?? {}) as IntegrationPatch
  const fields = (value: Record<string, unknown> | undefined) => (value ? Object.keys(value).map((key) => (key === 'password' ? 'password (changed)' : key)) : undefined)
  const telegram = data.telegram ? Object.keys(data.telegram).map((key) => (key === 'token' ? 'token (changed)' : key)) : undefined
  const smsru = data.smsru ? Object.keys(data.smsru).map((key) => (key === 'apiId' ? 'apiId (changed)' : key)) : undefined
  const secrets = new Set(['accessToken', 'appSecret', 'verifyToken'])
  const whatsapp = data.whatsapp ? Object.keys(data.whatsapp).map((key) => (secrets.has(key) ? `${key} (changed)` : key)) : undefined
  return { action: 'settings', rules: data.rules ? true : undefined, smsProvider: data.smsProvider, eskiz: fields(data.eskiz), playmobile: fields(data.playmobile), smsru, smtp: fields(data.smtp), telegram, whatsapp }
}

/**
 * `integrations`: the company's messaging settings (issue 18): which events send by which
 * channel, quiet hours, the grace period, the default reminder, the SMS provider chosen (Eskiz,
 * Play Mobile or SMS.ru) and each one's account, the e-mail (SMTP) account, the Telegram bot and the WhatsApp number. Passwords are sealed at rest and never leave the server (`passwordSet`
 * says whether one is there). Reading and changing need `notifications` view and edit.
 */
export function integrations(app: Application) {
  registerService(app, integrationPath, new IntegrationService(integrationServiceOptions(app), integrationRowShape), {
    methods: [...integrationMethods],
    tables: [MESSAGING_SETTINGS_TABLE],
    activity: { changes: integrationActivity },
    access: {
      data: { patch: integrationPatchSchema },
      methods: { find: { resource: 'notifications', flag: 'view' }, get: { resource: 'notifications', flag: 'view' }, patch: { resource: 'notifications', flag: 'edit' } },
      refuses: {
        create: 'one row per company, made on its first read',
        update: 'settings are changed field by field; passwords left out are kept',
        remove: 'a company always has its messaging settings'
      }
    },
    hooks: {
      around: { all: [resolveExternal(integrationExternalResolver), resolveResult(integrationResolver)] },
      before: {
        all: [checkId(), schemaHooks.validateQuery(integrationQueryValidator), companyScope],
        patch: [schemaHooks.validateData(integrationPatchValidator), prepareIntegrationPatch]
      }
    }
  })
}
