import type { Paginated, Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { viewerOf } from '../../../access/record-scope'
import { seesWholeCompany } from '../../../access/identity'
import { RowCodec } from '../../row-codec'
import { patientsWithNumber } from '../calls/call-intake'
import { CALLS_TABLE, callRowShape, type Call } from '../calls/calls.class'
import { popFor } from './incoming-call-pop'
import type { IncomingCall } from './onlinepbx-incoming-call.shared'

const codec = new RowCodec(callRowShape)
/** A call still "waiting" after this long is no longer shown as ringing (the PBX's end may have been missed). */
export const RINGING_FOR_MS = 2 * 60_000

/** The calls ringing now in the caller's branches, each as the caller's pop. */
export class IncomingCallService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<Paginated<IncomingCall>> {
    const identity = params.identity
    if (!identity) return { total: 0, limit: 20, skip: 0, data: [] }
    const query = this.app.get('db')(CALLS_TABLE)
      .where({ companyId: identity.user.companyId, direction: 'inbound', state: 'waiting' })
      .andWhere('startedAt', '>=', new Date(Date.now() - RINGING_FOR_MS))
      .orderBy('startedAt', 'desc')
      .limit(20)
    if (!seesWholeCompany(identity.role.permissions)) query.whereIn('branchId', identity.branchIds)
    const calls = ((await query) as Array<Record<string, unknown>>).map((row) => codec.fromDb<Call>(row))
    const viewer = viewerOf(identity)
    const data = await Promise.all(calls.map(async (call) => popFor(viewer, call, (await patientsWithNumber(this.app, call.companyId, call.phone ?? '', {})) as never)))
    return { total: data.length, limit: 20, skip: 0, data }
  }
}
