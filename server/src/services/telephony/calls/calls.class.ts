/* eslint-disable @typescript-eslint/no-explicit-any */
import { BadRequest } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { clinicError } from '../../../errors'
import { newId, now } from '../../../hooks/ids'
import { dbOf } from '../../../hooks/call-transaction'
import { asCaller } from '../../../access/caller'
import { phoneDigits } from '../../../../../domain/telephony/onlinepbx'
import { pbxClient, pbxConfigured, telephonySettings } from '../onlinepbx-integration/telephony-store'
import { PbxUnreachable } from '../../../providers/telephony/onlinepbx'
import type { Call, CallData, CallQuery } from './calls.schema'

export type { Call, CallData, CallQuery }
export type CallParams = RecordParams & { query?: CallQuery; dialled?: { uuid: string; phone: string; extension: string } }

export const CALLS_TABLE = 'calls'
export const CALL_EVENTS_TABLE = 'call_events'
export const callRowShape = { boolean: ['hasRecording'], instant: ['startedAt', 'answeredAt', 'endedAt'] }

/** The call log; rows come from the PBX (call-intake.ts) and from click-to-call (`create`). */
export class CallService extends RecordService<Call, CallData, CallParams> {
  /** Click-to-call's record: the PBX already rings the member's phone (`prepare`: dialPatient). */
  override async _create(data: CallData, params?: CallParams): Promise<Call>
  override async _create(data: any, params?: CallParams): Promise<any> {
    const dialled = params?.dialled
    if (!dialled || Array.isArray(data)) return super._create(data, params)
    const identity = params!.identity!
    // The PBX may report the call (its webhook's call_start) before this write: the row it made
    // becomes the click's, instead of the click failing on the call's unique uuid.
    const reported = (await this.knexOf(params)(CALLS_TABLE).where({ companyId: identity.user.companyId, uuid: dialled.uuid }).first('_id')) as { _id: string } | undefined
    if (reported) {
      const claim = { customerId: (data as CallData).customerId, userId: identity.user._id, createdBy: identity.user._id, source: 'click', updatedAt: now() }
      return this._patch(reported._id, claim, params)
    }
    const record = {
      _id: newId(),
      companyId: identity.user.companyId,
      branchId: (data as CallData).branchId ?? identity.branchIds[0],
      createdAt: now(),
      updatedAt: now(),
      createdBy: identity.user._id,
      uuid: dialled.uuid,
      direction: 'outbound',
      state: 'waiting',
      phone: dialled.phone,
      line: dialled.extension,
      customerId: (data as CallData).customerId,
      userId: identity.user._id,
      startedAt: now(),
      answeredAt: null,
      endedAt: null,
      duration: 0,
      talkTime: 0,
      hasRecording: false,
      callbackTaskId: null,
      source: 'click'
    }
    return super._create(record as never, params)
  }
}

export const callServiceOptions = (app: Application) => recordOptions(app, CALLS_TABLE, { trash: false })

/**
 * Before the transaction (the PBX is called outside it): the patient as the caller sees them, with
 * a phone; the company's PBX set up ("OnlinePBX is not configured"); the caller's extension; then
 * OnlinePBX rings the extension and dials the patient (`call/now.json`).
 */
export async function dialPatient(app: Application, data: CallData, params: CallParams): Promise<void> {
  const identity = params.identity
  if (!identity) return
  const customer = (await app.service('customers').get(data.customerId, asCaller(params))) as { phone?: string | null }
  // The number is read internally: a member who may not see it may still call it.
  const stored = (await app.service('customers').get(data.customerId, { query: { companyId: identity.user.companyId } })) as { phone?: string | null }
  const phone = phoneDigits(stored.phone ?? customer.phone)
  if (!phone) throw clinicError(BadRequest, 'call-no-phone', 'customerId')
  const settings = await telephonySettings(dbOf(app, undefined), identity.user.companyId, app.get('config').authSecret)
  if (!pbxConfigured(settings)) throw clinicError(BadRequest, 'onpbx-not-configured')
  const extension = settings.extensions.find((one) => one.userId === identity.user._id)?.extension
  if (!extension) throw clinicError(BadRequest, 'onpbx-no-extension')
  try {
    const uuid = await pbxClient(app, settings).callNow(extension, phone)
    params.dialled = { uuid: uuid ?? `click-${newId()}`, phone, extension }
  } catch (error) {
    if (error instanceof PbxUnreachable) throw clinicError(BadRequest, 'onpbx-unreachable')
    throw error
  }
}
