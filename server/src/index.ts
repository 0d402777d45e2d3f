import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { configurationFromEnv } from './configuration'
import { createApp } from './app'
import { keepStatisticsFresh, migrateToLatest, oneInstanceAtATime } from './db'
import { seedOnFirstStart } from './seed'
import { flushLogs } from './logger'
import { startOutboxWorker } from './jobs/outbox-worker'
import { startTelegramPoller } from './jobs/telegram-poller'
import { startTaskReminders } from './jobs/task-reminders'
import { startDispatchRunner } from './jobs/dispatch-runner'
import { startCallHistorySync } from './jobs/call-history-sync'
import { startReportExports } from './jobs/report-export-runner'
import { vapidKeys } from './services/messaging/push-notifications/vapid-keys'
import { pushesSettled } from './services/messaging/push-notifications/push-sender'

/** Starts the clinic server: configuration, migrations, first-start seed, listen, graceful stop. */
async function main() {
  const config = configurationFromEnv()
  const app = createApp(config)
  const logger = app.get('logger')
  const db = app.get('db')
  // With Redis: start only once events and sign-in counters are shared with the other instances.
  await app.get('instanceLink')?.ready
  await oneInstanceAtATime(db, config.databaseSchema, async () => {
    await migrateToLatest(db)
    await seedOnFirstStart(app)
    // The Web Push key pair: made on the first start, kept in the database (vapid-keys.ts).
    await vapidKeys(app)
  })
  const stopStatistics = await keepStatisticsFresh(db)
  const outbox = await startOutboxWorker(app)
  const telegramPoller = startTelegramPoller(app)
  // Reminders of tasks: durable (the rows say what is due and what was given), so a restart loses none.
  const reminders = startTaskReminders(app)
  // Broadcasts: their recipients written to the outbox a page at a time (the worker above sends them, paced per provider).
  const dispatches = startDispatchRunner(app)
  // OnlinePBX: the call log reconciled with the PBX's history every 3 minutes (a missed webhook still makes its call).
  const callHistory = startCallHistorySync(app)
  // Large exports of reports' rows: written in the background, kept a day (docs/decisions/reports.md).
  const reportExports = startReportExports(app)
  const server = await app.listen(config.port, config.host)
  if (!server.listening) await once(server, 'listening')
  // PORT=0 picks a free port (tests start several instances): the line says which.
  const { port } = server.address() as AddressInfo
  logger.info({ msg: 'listening', url: `http://localhost:${port}`, port, database: config.databaseUrl ? 'postgresql' : 'sqlite', redis: Boolean(config.redisUrl) })

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.set('stopping', true)
    logger.info({ msg: 'stopping', signal, callsInFlight: app.get('inFlight').size })
    server.close()
    await app.get('inFlight').drained(10_000)
    await outbox.stop()
    await telegramPoller.stop()
    await reminders.stop()
    await dispatches.stop()
    await callHistory.stop()
    await reportExports.stop()
    // Pushes already handed to the push services get their answer (a gone device is dropped).
    await Promise.race([pushesSettled(app), new Promise((resolve) => setTimeout(resolve, 5000))])
    // Open websockets keep the HTTP server alive: close them once the calls in flight are done.
    // Clients reconnect (to another instance, or to this one when it is back).
    app.io?.close()
    server.closeAllConnections()
    await app.teardown().catch(() => undefined)
    stopStatistics()
    await db.destroy()
    logger.info({ msg: 'stopped' })
    // A stuck log collector must not keep the process: the last lines get two seconds at most.
    await flushLogs(2000)
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

main().catch(async (error) => {
  console.error(error)
  await flushLogs(2000)
  process.exit(1)
})
