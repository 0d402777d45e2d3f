import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { now } from '../../../hooks/ids'
import { dbOf, inCallTransaction } from '../../../hooks/call-transaction'
import type { ForceLogoutResult } from './force-logout.shared'

/**
 * Emergency logout: ends every open session of the company except the caller's own, so the
 * person pressing the button stays in to deal with the emergency.
 */
export class ForceLogoutService {
  constructor(private readonly app: Application) {}

  async create(_data: Record<string, never>, params: Params = {}): Promise<ForceLogoutResult> {
    const identity = params.identity!
    const open = await dbOf(this.app, params)('sessions')
      .where({ companyId: identity.user.companyId })
      .whereNull('endedAt')
      .whereNot({ _id: identity.session._id })
      .select('_id')
    const endedAt = now()
    const sessions = this.app.service('sessions')
    // Through the service, one by one, so each end is an event every instance acts on.
    for (const { _id } of open as Array<{ _id: string }>) await sessions.patch(_id, { endedAt, endedBy: identity.user._id }, inCallTransaction(params))
    return { ended: open.length }
  }
}
