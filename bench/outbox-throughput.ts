/**
 * Messages per second through the outbox (issue 18): N SMS rows due now, one worker sending them
 * to the local Eskiz server (tests/server/support/eskiz-server.ts) over real HTTP, on SQLite and
 * (with TEST_DATABASE_URL) PostgreSQL. Three runs per engine: the provider without a limit; the
 * provider limited to `--limit` per second and the worker unpaced (what 429s cost: those
 * messages wait for their retry); the worker paced to the provider's limit.
 *
 *   node --import tsx bench/outbox-throughput.ts [--messages 2000] [--limit 100]
 */
import { performance } from 'node:perf_hooks'
import { engines, startServer, type TestServer } from '../tests/server/support/harness'
import { EskizServer } from '../tests/server/support/eskiz-server'
import { OutboxWorker } from '../server/src/jobs/outbox-worker'
import { insertMessages, type OutboxRow } from '../server/src/services/messaging/communications/outbox-store'
import { newId } from '../server/src/hooks/ids'

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const MESSAGES = arg('messages', 2000)
const LIMIT = arg('limit', 100)

async function fill(server: TestServer, companyId: string, count: number) {
  const now = new Date(Date.now() - 1000).toISOString()
  const rows: OutboxRow[] = Array.from({ length: count }, (_, index) => ({
    _id: newId(), companyId, createdAt: now, updatedAt: now, createdBy: null, branchId: null, customerId: null, appointmentId: null,
    channel: 'sms', provider: 'eskiz', event: 'reminder', locale: 'ru', collapseKey: null, phone: `99890${String(1000000 + index).slice(-7)}`, email: null,
    params: {}, subject: '', text: `Напоминание о визите №${index}`, segments: 1, automated: true, promotional: false, state: 'scheduled', dueAt: now,
    attempts: 0, claimedBy: null, claimedAt: null, providerMessageId: null, cost: null, error: null, sentAt: null, deliveredAt: null, checkedAt: null, fallbackOf: null
  }))
  for (let index = 0; index < rows.length; index += 500) await insertMessages(server.db, rows.slice(index, index + 500))
}

async function run(engine: 'sqlite' | 'postgres', label: string, providerLimit: number, paced: boolean) {
  const eskiz = await new EskizServer().start()
  eskiz.perSecond = providerLimit
  const server = await startServer(engine)
  try {
    server.app.set('eskizBaseUrl', eskiz.url)
    const admin = await server.registerClinic('Bench')
    const [settings] = (await admin.client.service('integrations').find()).data
    await admin.client.service('integrations').patch(settings._id, { eskiz: { email: eskiz.email, password: eskiz.password, from: '4546' } })
    await fill(server, admin.auth.company._id, MESSAGES)
    const worker = new OutboxWorker(server.app, { batch: 200, concurrency: 16, sendsPerSecond: paced ? providerLimit : Infinity })
    const memory = process.memoryUsage().rss
    const started = performance.now()
    // Rounds until nothing is due now (retries after a 429 are due a minute later).
    while ((await worker.tick()) > 0);
    const seconds = (performance.now() - started) / 1000
    const states = await server.db('outbox_messages').select('state').count({ total: '*' }).groupBy('state')
    const count = (state: string) => Number((states as Array<{ state: string; total: number | string }>).find((row) => row.state === state)?.total ?? 0)
    console.log(
      `| ${engine} | ${label} | ${MESSAGES} | ${count('sent')} | ${count('scheduled')} | ${seconds.toFixed(1)} s | ${(count('sent') / seconds).toFixed(0)} | ${((process.memoryUsage().rss - memory) / 1048576).toFixed(0)} MiB |`
    )
  } finally {
    await server.stop()
    await eskiz.stop()
  }
}

console.log(`${MESSAGES} SMS, provider limit ${LIMIT}/s\n`)
console.log('| engine | run | messages | sent | waiting for retry | time | sent per second | memory growth |')
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |')
for (const engine of engines) {
  await run(engine, 'provider without limit', Infinity, false)
  await run(engine, `provider ${LIMIT}/s, worker unpaced`, LIMIT, false)
  await run(engine, `provider ${LIMIT}/s, worker paced to it`, LIMIT, true)
}
process.exit(0)
