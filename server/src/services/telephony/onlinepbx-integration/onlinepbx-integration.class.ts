import { BadRequest, NotFound } from '@feathersjs/errors'
import type { Paginated, Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { dbOf, inCallTransaction } from '../../../hooks/call-transaction'
import { now } from '../../../hooks/ids'
import { seal } from '../../messaging/integrations/secret-box'
import { onpbxDomain } from '../../../../../domain/telephony/onlinepbx'
import { OnlinePbx, PbxUnreachable, WrongApiKey, type SessionKey } from '../../../providers/telephony/onlinepbx'
import { newHookPath, onpbxBaseUrlOf, sealSession, telephonyCodec, telephonySettings, TELEPHONY_SETTINGS_TABLE, type TelephonySettings } from './telephony-store'
import type { OnlinePbxIntegration, OnlinePbxIntegrationPatch } from './onlinepbx-integration.shared'

const companyOf = (params: Params) => String((params.query as Record<string, unknown> | undefined)?.companyId ?? params.identity?.user.companyId ?? '')

/**
 * The company's OnlinePBX settings: one record, made on the first read. A patch that gives a
 * domain or an API key is checked against the PBX before anything is kept (the checked session
 * key comes from `prepare`, outside the write transaction: onlinepbx-integration.ts).
 */
export class OnlinePbxIntegrationService {
  constructor(private readonly app: Application) {}

  /** The record as the screen reads it: no secret. */
  present(settings: TelephonySettings): OnlinePbxIntegration {
    return {
      _id: settings._id,
      companyId: settings.companyId,
      domain: settings.domain,
      apiKeySet: Boolean(settings.apiKey),
      crmTokenSet: Boolean(settings.crmToken),
      connected: Boolean(settings.apiKey && settings.sessionKey),
      webhookUrl: settings.hookPath && settings.domain && settings.apiKey ? `${this.app.get('config').publicUrl.replace(/\/$/, '')}/hooks/onlinepbx/${settings.hookPath}` : null,
      lines: settings.lines,
      extensions: settings.extensions,
      defaultBranchId: settings.defaultBranchId,
      callbackAssigneeId: settings.callbackAssigneeId,
      syncedUntil: settings.syncedUntil,
      updatedAt: settings.updatedAt
    }
  }

  private read(params: Params) {
    return telephonySettings(dbOf(this.app, params), companyOf(params), this.app.get('config').authSecret)
  }

  async find(params: Params = {}): Promise<Paginated<OnlinePbxIntegration>> {
    const settings = await this.read(params)
    const wanted = (params.query as Record<string, unknown> | undefined)?._id
    const data = wanted === undefined || wanted === settings._id ? [this.present(settings)] : []
    return { total: data.length, limit: 1, skip: 0, data }
  }

  async get(id: string, params: Params = {}): Promise<OnlinePbxIntegration> {
    const settings = await this.read(params)
    if (settings._id !== id) throw clinicError(NotFound, 'not-found')
    return this.present(settings)
  }

  async patch(id: string, data: OnlinePbxIntegrationPatch, params: Params = {}): Promise<OnlinePbxIntegration> {
    const db = dbOf(this.app, params)
    const secret = this.app.get('config').authSecret
    const current = await this.read(params)
    if (current._id !== id) throw clinicError(NotFound, 'not-found')
    await this.checkReferences(current.companyId, data, params)
    const written: Record<string, unknown> = { updatedAt: now() }
    if (data.domain !== undefined) written.domain = data.domain === '' ? '' : onpbxDomain(data.domain)
    if (data.apiKey !== undefined) written.apiKey = data.apiKey === '' ? null : seal(data.apiKey, secret)
    if (data.crmToken !== undefined) written.crmToken = data.crmToken === '' ? null : seal(data.crmToken, secret)
    for (const key of ['lines', 'extensions', 'defaultBranchId', 'callbackAssigneeId'] as const) if (data[key] !== undefined) written[key] = data[key]
    const checked = checkedSession.get(params)
    if (data.domain !== undefined || data.apiKey !== undefined) {
      // Another PBX or key: the old session key is of the old one; the checked one (if any) replaces it.
      written.sessionKey = checked ? sealSession(checked, secret) : null
      if (checked) written.hookPath = current.hookPath ?? newHookPath()
    }
    await db(TELEPHONY_SETTINGS_TABLE).where({ _id: id, companyId: current.companyId }).update(telephonyCodec.toDb(written))
    return this.present(await this.read(params))
  }

  /** Branches and members named must be the company's own (another company's id is not found: refused). */
  private async checkReferences(companyId: string, data: OnlinePbxIntegrationPatch, params: Params) {
    const inCall = inCallTransaction(params)
    const exists = async (path: 'branches' | 'users', id: string) =>
      (this.app.service(path) as unknown as { get: (id: string, params: Params) => Promise<unknown> })
        .get(id, { ...inCall, query: { companyId } })
        .then(() => true, () => false)
    const branchIds = [...(data.lines ?? []).map((line) => line.branchId), ...(data.defaultBranchId ? [data.defaultBranchId] : [])]
    for (const branchId of new Set(branchIds)) if (!(await exists('branches', branchId))) throw clinicError(BadRequest, 'invalid-request', data.defaultBranchId === branchId ? 'defaultBranchId' : 'lines')
    const userIds = [...(data.extensions ?? []).map((one) => one.userId), ...(data.callbackAssigneeId ? [data.callbackAssigneeId] : [])]
    for (const userId of new Set(userIds)) if (!(await exists('users', userId))) throw clinicError(BadRequest, 'invalid-request', data.callbackAssigneeId === userId ? 'callbackAssigneeId' : 'extensions')
  }
}

/** The session key `prepare` got from the PBX for this call's domain and API key. */
export const checkedSession = {
  key: Symbol('onlinepbx.checkedSession'),
  get(params: Params): SessionKey | undefined {
    return (params as Record<symbol, SessionKey | undefined>)[this.key]
  },
  set(params: Params, value: SessionKey) {
    ;(params as Record<symbol, SessionKey>)[this.key] = value
  }
}

/**
 * Before the transaction: the domain must be `<name>.onpbx.ru` (the spec's message), and a
 * domain or API key given (with the other one, given or stored) must be accepted by the PBX:
 * "Wrong API key" when it refuses, "OnlinePBX could not be reached" when it does not answer.
 */
export async function checkWithPbx(app: Application, data: OnlinePbxIntegrationPatch, params: Params): Promise<void> {
  if (data.domain !== undefined && data.domain !== '' && !onpbxDomain(data.domain)) throw clinicError(BadRequest, 'onpbx-domain-invalid', 'domain')
  if (data.domain === undefined && data.apiKey === undefined) return
  const stored = await telephonySettings(app.get('db'), companyOf(params), app.get('config').authSecret)
  const domain = data.domain !== undefined ? onpbxDomain(data.domain) : stored.domain
  const apiKey = data.apiKey !== undefined ? data.apiKey : stored.apiKey
  if (!domain || !apiKey) return
  const pbx = new OnlinePbx({ baseUrl: onpbxBaseUrlOf(app), domain, apiKey, session: { get: async () => null, set: async () => undefined } })
  try {
    checkedSession.set(params, await pbx.authenticate())
  } catch (error) {
    if (error instanceof WrongApiKey) throw clinicError(BadRequest, 'onpbx-wrong-api-key', 'apiKey')
    if (error instanceof PbxUnreachable) throw clinicError(BadRequest, 'onpbx-unreachable', 'domain')
    throw error
  }
}
