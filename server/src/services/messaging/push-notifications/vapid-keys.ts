import webPush from 'web-push'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { open, seal } from '../integrations/secret-box'
import { now } from '../../../hooks/ids'
import { PUSH_SUBSCRIPTIONS_TABLE } from './subscription-store'

export const VAPID_KEYS_TABLE = 'push_vapid_keys'
const ROW_ID = 'vapid'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

const loaded = new WeakMap<Application, Promise<VapidKeys>>()

/**
 * The server's VAPID key pair (RFC 8292), the identity push services know this deployment by.
 * Made on first start and kept in `push_vapid_keys` (one row, shared by every instance), the
 * private key sealed under AUTH_SECRET like the messaging credentials. Two instances starting at
 * once both try to insert; the first row wins and both read it. A private key that no longer
 * opens (AUTH_SECRET changed) is replaced by a new pair, and the subscriptions made for the old
 * public key are dropped: browsers subscribe again from the bell's menu.
 */
export function vapidKeys(app: Application): Promise<VapidKeys> {
  let keys = loaded.get(app)
  if (!keys) {
    keys = loadOrMake(app.get('db'), app.get('config').authSecret)
    loaded.set(app, keys)
    keys.catch(() => loaded.delete(app))
  }
  return keys
}

async function loadOrMake(db: Knex, secret: string): Promise<VapidKeys> {
  const stored = await db(VAPID_KEYS_TABLE).where({ _id: ROW_ID }).first()
  const privateKey = stored ? open(stored.privateKey, secret) : null
  if (stored && privateKey) return { publicKey: stored.publicKey, privateKey }
  const made = webPush.generateVAPIDKeys()
  const row = { _id: ROW_ID, publicKey: made.publicKey, privateKey: seal(made.privateKey, secret), createdAt: now() }
  if (stored) {
    await db.transaction(async (trx) => {
      await trx(VAPID_KEYS_TABLE).where({ _id: ROW_ID }).update(row)
      await trx(PUSH_SUBSCRIPTIONS_TABLE).del()
    })
    return made
  }
  await db(VAPID_KEYS_TABLE).insert(row).onConflict('_id').ignore()
  const kept = await db(VAPID_KEYS_TABLE).where({ _id: ROW_ID }).first()
  return { publicKey: kept.publicKey, privateKey: open(kept.privateKey, secret) ?? made.privateKey }
}
