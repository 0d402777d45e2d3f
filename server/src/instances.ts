import sync from 'feathers-sync'
import { createClient, type RedisClientType } from 'redis'
import type { Configuration } from './configuration'
import type { Application } from './declarations'
import { SignInThrottle } from './access/sign-in-throttle'
import { deserializeEvent, serializeEvent } from './sync-messages'

/** Redis keys and channels of one deployment start so (several share a Redis, tests too). */
export const DEFAULT_REDIS_PREFIX = 'clinic'

export const redisPrefix = (config: Pick<Configuration, 'redisPrefix'>) => config.redisPrefix || DEFAULT_REDIS_PREFIX

/** The Redis link of an instance: ready once both connections are up; closed on teardown. */
export interface InstanceLink {
  ready: Promise<void>
  close(): Promise<void>
}

declare module './declarations' {
  interface AppSettings {
    instanceLink?: InstanceLink
  }
}

interface SyncedApplication {
  sync: { ready: Promise<unknown>; pub: RedisClientType; sub: RedisClientType }
}

/**
 * With REDIS_URL, several instances act as one server:
 *
 * - service events travel through Redis (feathers-sync): the instance that made a change does
 *   not emit it locally but publishes it, and every instance, itself included, emits it to
 *   its own sockets when it comes back, so each client hears it exactly once;
 * - sign-in failures are counted in Redis, so limits hold whichever instance is asked.
 *
 * Must run before any service is registered: feathers-sync wraps each service's `emit` as the
 * service is added. Two connections: one for commands and publishing, one subscribed.
 */
export function linkInstances(app: Application, config: Configuration, options: { signInThrottle?: SignInThrottle } = {}) {
  const logger = app.get('logger')
  const prefix = redisPrefix(config)
  const client = createClient({ url: config.redisUrl }) as RedisClientType
  // The subscriber is made from this client (duplicate) and gets its error handlers. Without a
  // handler node-redis throws; while Redis is away it reconnects by itself, so a log is enough.
  client.on('error', (error: Error) => logger.warn({ msg: 'redis error', err: error.message }))
  // feathers-sync publishes without waiting for the answer: a publish that fails (Redis gone
  // while stopping) is logged instead of becoming an unhandled rejection that ends the process.
  const publish = client.publish.bind(client)
  Object.assign(client, {
    publish: (channel: string, message: string) =>
      publish(channel, message).catch((error: Error) => {
        logger.warn({ msg: 'could not publish an event to the other instances', err: error.message })
        return 0
      })
  })

  app.configure(sync({ uri: config.redisUrl, key: `${prefix}:events`, serialize: serializeEvent, deserialize: deserializeEvent, redisClient: client } as Parameters<typeof sync>[0]))
  const { sync: link } = app as unknown as SyncedApplication

  if (!options.signInThrottle) app.set('signInThrottle', SignInThrottle.inRedis(client, config.signInLimits, prefix))

  const close = async () => {
    for (const connection of [link.sub, link.pub]) {
      // close() lets pending commands finish; a connection that never came up is just dropped.
      if (connection.isReady) await connection.close().catch(() => connection.destroy())
      else if (connection.isOpen) connection.destroy()
    }
  }
  // feathers-sync waits for the subscriber only; sign-in counting needs the other one too. The
  // first connection error fails the start: an instance that cannot reach Redis must not serve.
  const commandsReady = new Promise<void>((resolve, reject) => {
    if (client.isReady) return resolve()
    client.once('ready', () => resolve())
    client.once('error', reject)
  })
  app.set('instanceLink', { ready: Promise.all([link.ready, commandsReady]).then(() => undefined), close })
  app.hooks({
    teardown: [
      async (_context: unknown, next: () => Promise<void>) => {
        try {
          await next()
        } finally {
          await close()
        }
      }
    ]
  })
}
