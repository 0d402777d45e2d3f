import type { Id, Params } from '@feathersjs/feathers'
import { NotAuthenticated, NotFound } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { clinicError } from '../../../errors'
import type { PushSubscriptionData, PushSubscriptionQuery, PushSubscriptionRecord } from './push-notifications.schema'
import { dropSubscription, saveSubscription, subscriptionsOf, type StoredSubscription } from './subscription-store'
import { vapidKeys } from './vapid-keys'

export type { PushSubscriptionData, PushSubscriptionQuery, PushSubscriptionRecord }
export type PushSubscriptionParams = Params<PushSubscriptionQuery>

/** The caller's devices, with the server's VAPID public key the browser subscribes with. */
export interface PushSubscriptionPage {
  total: number
  limit: number
  skip: number
  data: PushSubscriptionRecord[]
  publicKey: string
}

const present = ({ p256dh: _p256dh, auth: _auth, ...subscription }: StoredSubscription): PushSubscriptionRecord => subscription

/**
 * `push-notifications`: the caller's own browsers subscribed to Web Push (a member never sees or
 * removes another's). `find` also answers the VAPID public key; `create` subscribes the browser
 * (the same endpoint again replaces its row); `remove` unsubscribes one.
 */
export class PushNotificationService {
  constructor(private readonly app: Application) {}

  private caller(params?: PushSubscriptionParams) {
    const identity = params?.identity
    if (!identity) throw clinicError(NotAuthenticated, 'not-authenticated')
    return { companyId: identity.user.companyId, userId: identity.user._id }
  }

  async find(params?: PushSubscriptionParams): Promise<PushSubscriptionPage> {
    const { companyId, userId } = this.caller(params)
    const endpoint = typeof params?.query?.endpoint === 'string' ? params.query.endpoint : undefined
    const rows = (await subscriptionsOf(dbOf(this.app, params), companyId, userId, endpoint)).map(present)
    return { total: rows.length, limit: rows.length, skip: 0, data: rows, publicKey: (await vapidKeys(this.app)).publicKey }
  }

  async create(data: PushSubscriptionData, params?: PushSubscriptionParams): Promise<PushSubscriptionRecord> {
    const { companyId, userId } = this.caller(params)
    const userAgent = String((params as { headers?: Record<string, string> } | undefined)?.headers?.['user-agent'] ?? '').slice(0, 300)
    const saved = await saveSubscription(dbOf(this.app, params), { companyId, userId, endpoint: data.endpoint, p256dh: data.keys.p256dh, auth: data.keys.auth, userAgent })
    return present(saved)
  }

  async remove(id: Id | null, params?: PushSubscriptionParams): Promise<PushSubscriptionRecord> {
    const { companyId, userId } = this.caller(params)
    const removed = id === null ? undefined : await dropSubscription(dbOf(this.app, params), companyId, userId, String(id))
    if (!removed) throw new NotFound(`No record found for id '${id}'`)
    return present(removed)
  }
}
