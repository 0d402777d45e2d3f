import sync from 'feathers-sync'
import { createClient, type RedisClientType } from 'redis'
import type { Configuration } from './configuration'
import type { Application, HookContext, NextFunction } from './declarations'
import { SignInThrottle } from './access/sign-in-throttle'
import { deserializeEvent, serializeEvent } from './sync-messages'
import { publishesToNoOne } from './channels'
import { RedisPaceSlots } from './jobs/send-pace'

/** Redis keys and channels of one deployment start so (several share a Redis, tests too). */
export const DEFAULT_REDIS_PREFIX = 'clinic'

export const redisPrefix = (config: Pick<Configuration, 'redisPrefix'>) => config.redisPrefix || DEFAULT_REDIS_PREFIX

/** The Redis link of an instance: ready once all its connections are up; closed on teardown. */
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
 * The connection sign-in counting uses. Without the offline queue a command fails at once while
 * Redis is away (instead of waiting for it to come back), so the throttle's memory insurance
 * takes over and signing in neither hangs nor fails.
 */
export function signInCountersClient(url: string, onError: (error: Error) => void): RedisClientType {
  const client = createClient({ url, disableOfflineQueue: true }) as RedisClientType
  client.on('error', onError)
  return client
}

/** feathers-sync's context flag (typed only as a named export, which ESM cannot import from it). */
const SYNC = (sync as unknown as { SYNC: symbol }).SYNC
const PUBLISHERS = Symbol.for('@feathersjs/transport-commons/publishers')

/**
 * True when some publisher (the service's own or an app-wide one) may send `service`'s events
 * to someone: only then do they travel to the other instances.
 */
export function eventsTravel(app: Application, service: object): boolean {
  if (publishesToNoOne(service)) return false
  const own = (service as Record<symbol, object | undefined>)[PUBLISHERS] ?? {}
  const appWide = (app as unknown as Record<symbol, object | undefined>)[PUBLISHERS] ?? {}
  return Reflect.ownKeys(own).length > 0 || Reflect.ownKeys(appWide).length > 0
}

/**
 * Events no client hears stay on their instance: those of services that publish to no one
 * (channels.ts `publishToNoOne`: authentication, whose results hold tokens; customer cabinet
 * links, which are credentials) and of services without any publisher. They would reach no
 * socket on the other instances either, and Redis does not get to see them. (feathers-sync
 * emits an event only locally when its context says SYNC false.)
 */
async function keepUnheardEventsHere(context: HookContext, next: NextFunction) {
  if (!eventsTravel(context.app, context.self)) (context as unknown as Record<symbol, unknown>)[SYNC] = false
  await next()
}

/** Resolves once `client` is ready; its first connection error rejects. */
function readyOf(client: RedisClientType): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (client.isReady) return resolve()
    client.once('ready', () => resolve())
    client.once('error', reject)
  })
}

/**
 * With REDIS_URL, several instances act as one server:
 *
 * - service events travel through Redis (feathers-sync): the instance that made a change does
 *   not emit it locally but publishes it, and every instance, itself included, emits it to
 *   its own sockets when it comes back, so each client hears it exactly once;
 * - sign-in failures are counted in Redis, so limits hold whichever instance is asked;
 * - the sends to each provider keep one shared pace (jobs/send-pace.ts), not one per instance.
 *
 * Must run before any service is registered: feathers-sync wraps each service's `emit` as the
 * service is added. Three connections: publishing, subscribed, and the shared counters.
 */
export function linkInstances(app: Application, config: Configuration, options: { signInThrottle?: SignInThrottle } = {}) {
  const logger = app.get('logger')
  const prefix = redisPrefix(config)
  const logError = (error: Error) => logger.warn({ msg: 'redis error', err: error.message })
  const events = createClient({ url: config.redisUrl }) as RedisClientType
  // The subscriber is made from this client (duplicate) and gets its error handlers. Without a
  // handler node-redis throws; while Redis is away it reconnects by itself, so a log is enough.
  // Events published meanwhile wait in the client's queue and go out when Redis is back.
  events.on('error', logError)
  // feathers-sync publishes without waiting for the answer: a publish that fails (Redis gone
  // while stopping) is logged instead of becoming an unhandled rejection that ends the process.
  const publish = events.publish.bind(events)
  Object.assign(events, {
    publish: (channel: string, message: string) =>
      publish(channel, message).catch((error: Error) => {
        logger.warn({ msg: 'could not publish an event to the other instances', err: error.message })
        return 0
      })
  })
  app.hooks({ around: { all: [keepUnheardEventsHere] } })
  app.configure(sync({ uri: config.redisUrl, key: `${prefix}:events`, serialize: serializeEvent, deserialize: deserializeEvent, redisClient: events } as Parameters<typeof sync>[0]))
  const { sync: link } = app as unknown as SyncedApplication

  // Counters every instance shares: sign-in failures, and the pace of sends to each provider.
  const counters = signInCountersClient(config.redisUrl, logError)
  counters.connect().catch(() => undefined)
  const connections = [link.sub, link.pub, counters]
  if (!options.signInThrottle) app.set('signInThrottle', SignInThrottle.inRedis(counters, config.signInLimits, prefix))
  app.set('paceSlots', new RedisPaceSlots(counters, prefix, (error) => logger.warn({ msg: 'shared send pace unreachable; this instance paces alone', err: error.message })))

  const close = async () => {
    for (const connection of connections) {
      // close() lets pending commands finish; a connection that never came up is just dropped.
      if (connection.isReady) await connection.close().catch(() => connection.destroy())
      else if (connection.isOpen) connection.destroy()
    }
  }
  // feathers-sync waits for the subscriber only. The first connection error of any of them
  // fails the start: an instance that cannot reach Redis must not serve as if it were alone.
  const ready = Promise.all([link.ready, ...connections.slice(1).map(readyOf)]).then(() => undefined)
  // Whoever starts the server awaits it (index.ts); until then a failure is not "unhandled".
  ready.catch(() => undefined)
  app.set('instanceLink', { ready, close })
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
