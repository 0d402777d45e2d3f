import webPush, { WebPushError } from 'web-push'
import type { Agent } from 'node:https'
import type { Application } from '../../../declarations'
import { pushLanguage, pushText } from '../../../../../domain/messaging/staff-notifications'
import { companyLocale } from '../../company/company/company-reads'
import { memberLocale } from '../../team/users/user-rows'
import type { Notification } from '../notification/notification.schema'
import { vapidKeys } from './vapid-keys'
import { dropGoneSubscription, subscriptionsOf } from './subscription-store'

declare module '../../../declarations' {
  interface AppSettings {
    /** Tests only: the HTTPS agent pushes go through (a local push service with its own certificate). */
    pushAgent?: Agent
  }
}

/** What the service worker receives (web/public/push-sw.js shows it). */
export interface PushPayload {
  id: string
  kind: Notification['kind']
  title: string
  body: string
  link: string
}

const inFlight = new WeakMap<Application, Set<Promise<void>>>()

/** Resolves when every push started so far has been answered (tests; a graceful stop). */
export async function pushesSettled(app: Application): Promise<void> {
  await Promise.all([...(inFlight.get(app) ?? [])])
}

/** The VAPID subject: the clinic's public https address, else a mailto (push services accept either). */
function vapidSubject(app: Application): string {
  const url = app.get('config').publicUrl
  return url.startsWith('https://') ? url : 'mailto:notifications@clinic.invalid'
}

/**
 * Sends each notification to its recipient's subscribed devices (RFC 8030 with aes128gcm
 * content encoding and a VAPID signature: the web-push package). Started after the commit and
 * not awaited by the call: a slow push service never holds a write. A subscription its push
 * service answers 404 or 410 is gone (the browser unsubscribed or expired) and is dropped; other
 * failures are logged and the notification still waits in the bell.
 */
export function sendPushes(app: Application, notifications: readonly Notification[]): void {
  if (notifications.length === 0) return
  const running = inFlight.get(app) ?? new Set<Promise<void>>()
  inFlight.set(app, running)
  const job = deliver(app, notifications).catch((error) => app.get('logger').error({ err: error, msg: 'web push round failed' }))
  running.add(job)
  void job.finally(() => running.delete(job))
}

async function deliver(app: Application, notifications: readonly Notification[]): Promise<void> {
  const db = app.get('db')
  let keys: Awaited<ReturnType<typeof vapidKeys>> | undefined
  for (const notification of notifications) {
    const devices = await subscriptionsOf(db, notification.companyId, notification.userId)
    if (devices.length === 0) continue
    keys ??= await vapidKeys(app)
    const language = pushLanguage(await memberLocale(db, notification.companyId, notification.userId), await companyLocale(db, notification.companyId))
    const payload: PushPayload = { id: notification._id, kind: notification.kind, link: notification.link, ...pushText(notification.kind, notification.params, language) }
    for (const device of devices) {
      try {
        await webPush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
          vapidDetails: { subject: vapidSubject(app), publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: 24 * 60 * 60,
          contentEncoding: 'aes128gcm',
          timeout: 10_000,
          ...(app.get('pushAgent') ? { agent: app.get('pushAgent') } : {})
        })
      } catch (error) {
        const status = error instanceof WebPushError ? error.statusCode : undefined
        if (status === 404 || status === 410) await dropGoneSubscription(db, device._id)
        else app.get('logger').warn({ err: error, msg: 'web push not delivered', status, subscriptionId: device._id })
      }
    }
  }
}
