import { feathers } from '@feathersjs/feathers'
import { koa, errorHandler } from '@feathersjs/koa'
import socketio from '@feathersjs/socketio'
import type { Knex } from 'knex'
import type { Configuration } from './configuration'
import type { Application } from './declarations'
import { databaseFromConfiguration } from './db'
import { createLogger } from './logger'
import { channels } from './channels'
import { services } from './services'
import { logCall } from './hooks/log-call'
import { shapeErrors } from './hooks/shape-errors'
import { sanitizeCall } from './hooks/sanitize-call'
import { recordServicePaths } from './services/record.class'
import { deferEventsUntilCommit, joinOpenTransaction } from './hooks/call-transaction'
import { InFlightCalls } from './hooks/track-in-flight'
import { freshPublishNotes } from './services/publish-notes'
import { healthCheck, serveWebApp } from './web'
import { mediaRoutes } from './http/media-routes'
import { documentRoutes } from './http/document-routes'
import { reportExportRoutes } from './http/report-export-routes'
import { messagingRoutes } from './http/messaging-routes'
import { paymentRoutes } from './http/payment-routes'
import { telephonyRoutes } from './http/telephony-routes'
import { rememberSocket } from './access/session-connections'
import type { SignInThrottle } from './access/sign-in-throttle'
import { linkInstances } from './instances'
import { OneMessagePerTurnServer, shareCallsFairly } from './access/connection-fairness'
import { answerEveryCall } from './access/every-call-answered'

declare module './declarations' {
  interface AppSettings {
    inFlight: InFlightCalls
    stopping: boolean
    signInThrottle?: SignInThrottle
  }
}

export interface AppOptions {
  /** An existing database connection (tests share one per suite). */
  db?: Knex
  signInThrottle?: SignInThrottle
}

/** Builds the Feathers app: koa for the few plain HTTP routes, socket.io for every data call. */
export function createApp(config: Configuration, options: AppOptions = {}): Application {
  const app: Application = koa(feathers())
  const db = options.db ?? databaseFromConfiguration(config)
  const inFlight = new InFlightCalls()
  app.set('config', config)
  app.set('db', db)
  app.set('logger', createLogger(config.logLevel))
  app.set('inFlight', inFlight)
  app.set('stopping', false)
  if (options.signInThrottle) app.set('signInThrottle', options.signInThrottle)
  // Before anything is registered: events of every service then travel through Redis.
  if (config.redisUrl) linkInstances(app, config, { signInThrottle: options.signInThrottle })

  app.use(errorHandler())
  app.use(healthCheck(db, () => app.get('stopping')))
  // File upload and download (the services they use are registered below, before any request).
  app.use(mediaRoutes(app))
  app.use(documentRoutes(app))
  app.use(reportExportRoutes(app))
  app.use(messagingRoutes(app))
  app.use(paymentRoutes(app))
  app.use(telephonyRoutes(app))
  app.use(serveWebApp(config.webRoot))

  app.configure(
    socketio(
      {
        // Websocket only, on the server too: no long-polling fallback to attack or to proxy.
        transports: ['websocket'],
        maxHttpBufferSize: config.maxMessageBytes,
        serveClient: false,
        wsEngine: OneMessagePerTurnServer
      },
      (io) => {
        io.use((socket, next) => {
          if (app.get('stopping')) return next(new Error('Server is restarting'))
          const forwarded = String(socket.handshake.headers['x-forwarded-for'] ?? '').split(',')[0].trim()
          const connection = socket.feathers as Record<string, unknown>
          connection.ip = process.env.TRUST_PROXY === '1' && forwarded ? forwarded : socket.handshake.address
          connection.userAgent = String(socket.handshake.headers['user-agent'] ?? '')
          rememberSocket(socket.feathers, socket)
          next()
        })
        shareCallsFairly(app, io, config.callsPerConnection)
        // After the gate: a call of a method no service offers, or of no service, is answered at once.
        answerEveryCall(app, io)
      }
    )
  )
  app.configure(channels)

  // Before any service's own hooks: no arrays, no prototype keys, no deep nesting (sanitize-call.ts).
  // Each service's access, write transaction and activity log come from registerService; a call
  // made inside a write's transaction without one of its own joins it (joinOpenTransaction).
  // Every call starts with its own notes for its publisher (publish-notes.ts).
  app.hooks({
    around: { all: [logCall, inFlight.hook, shapeErrors, joinOpenTransaction, freshPublishNotes] },
    before: { all: [sanitizeCall] }
  })
  // Record services learn their path when registered: removing moves rows to trash.
  app.configure(recordServicePaths)
  // A service's events leave only after the transaction they were made in commits (call-transaction.ts).
  app.configure(deferEventsUntilCommit)
  app.configure(services)
  return app
}

declare module 'socket.io' {
  interface Socket {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    feathers: any
  }
}
