/**
 * Broadcasts (issue 18, items 5 and 6), on SQLite and (with TEST_DATABASE_URL) PostgreSQL:
 * 1. a broadcast to `--recipients` patients (100,000): the runner's time to write every
 *    recipient's message to the outbox (a page of 500 per transaction), and the process's peak
 *    resident memory while it does (process.memoryUsage().rss sampled every 20 ms) against the
 *    memory before it started;
 * 2. the outbox worker sending a broadcast of `--messages` through the local Eskiz server
 *    (tests/server/support/eskiz-server.ts, real HTTP): with the provider limited to 2,000/s
 *    (the worker's own speed), and limited to `--limit`/s with the company's rate set to it
 *    (the pacing: how close to the limit, and whether the provider refused any).
 *
 *   node --import tsx bench/dispatch.ts [--recipients 100000] [--messages 5000] [--limit 100]
 */
import { performance } from 'node:perf_hooks'
import { engines, startServer, type TestServer, type SignedIn } from '../tests/server/support/harness'
import { EskizServer } from '../tests/server/support/eskiz-server'
import { OutboxWorker } from '../server/src/jobs/outbox-worker'
import { DispatchRunner } from '../server/src/jobs/dispatch-runner'
import { newId } from '../server/src/hooks/ids'
import { option } from './bench-kit'

const RECIPIENTS = Number(option('recipients', '100000'))
const MESSAGES = Number(option('messages', '5000'))
const LIMIT = Number(option('limit', '100'))
const MiB = (bytes: number) => (bytes / 1048576).toFixed(0)

async function clinic(server: TestServer, eskiz: EskizServer, rate: number): Promise<SignedIn> {
  server.app.set('eskizBaseUrl', eskiz.url)
  server.app.get('config').publicUrl = 'https://clinic.example.uz'
  const admin = await server.registerClinic('Bench')
  const [settings] = (await admin.client.service('integrations').find()).data
  await admin.client.service('integrations').patch(settings._id, {
    eskiz: { email: eskiz.email, password: eskiz.password, from: '4546' },
    // Quiet hours wide open: the bench runs at any hour.
    rules: { ...settings.rules, quietHours: { start: '00:00', end: '23:59' }, smsSegmentPrice: 7500, smsSendsPerSecond: rate }
  })
  return admin
}

async function patients(server: TestServer, admin: SignedIn, count: number, tagId: string) {
  const companyId = admin.auth.company._id
  const branchId = admin.auth.branchIds[0]
  // 500 rows a statement: SQLite's multi-row insert is a compound SELECT of at most 500 terms.
  for (let at = 0; at < count; at += 500) {
    const rows = Array.from({ length: Math.min(500, count - at) }, (_, index) => ({
      _id: newId(), companyId, branchId, first_name: index % 2 ? 'Dilnoza' : 'Анна', last_name: `Patient${at + index}`, phone: `99890${String(at + index).padStart(7, '0')}`,
      promoSmsConsent: index % 10 !== 0, smsConsent: true, tagIds: JSON.stringify([tagId]), notificationChannels: '["sms"]', customFields: '{}', color: '#336699'
    }))
    await server.db('customers').insert(rows)
  }
}

async function broadcast(admin: SignedIn, tagId: string) {
  const draft = await admin.client.service('dispatch').create({ name: 'Bench', text: 'Весенняя скидка 20% на профгигиену, {{patient}}! До 31 мая. {{clinic}}', filter: { tagIds: [tagId] } })
  return admin.client.service('dispatch').patch(draft._id, { state: 'scheduled' })
}

async function enqueueRun(engine: 'sqlite' | 'postgres') {
  const eskiz = await new EskizServer().start()
  const server = await startServer(engine)
  try {
    const admin = await clinic(server, eskiz, 100)
    const tag = await admin.client.service('tags').create({ name: 'All' })
    await patients(server, admin, RECIPIENTS, tag._id)
    const scheduled = await broadcast(admin, tag._id)
    global.gc?.()
    const before = process.memoryUsage().rss
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
    const started = performance.now()
    await new DispatchRunner(server.app).enqueueAll()
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    peak = Math.max(peak, process.memoryUsage().rss)
    const written = await admin.client.service('dispatch').get(scheduled._id)
    console.log(`| ${engine} | ${RECIPIENTS} | ${written.recipients} | ${Object.values(written.excluded).reduce((sum, count) => sum + (count ?? 0), 0)} | ${seconds.toFixed(1)} s | ${(written.recipients / seconds).toFixed(0)} | ${MiB(before)} MiB | ${MiB(peak)} MiB | +${MiB(peak - before)} MiB |`)
  } finally {
    await server.stop()
    await eskiz.stop()
  }
}

async function sendRun(engine: 'sqlite' | 'postgres', providerLimit: number, rate: number, label: string, messages: number) {
  const eskiz = await new EskizServer().start()
  eskiz.perSecond = providerLimit
  const server = await startServer(engine)
  try {
    const admin = await clinic(server, eskiz, rate)
    const tag = await admin.client.service('tags').create({ name: 'All' })
    // 1 in 10 has no promo consent: about `messages` recipients of messages / 0.9 patients.
    await patients(server, admin, Math.ceil(messages / 0.9), tag._id)
    await broadcast(admin, tag._id)
    await new DispatchRunner(server.app).enqueueAll()
    const worker = new OutboxWorker(server.app, { batch: 200, concurrency: 16 })
    const started = performance.now()
    while ((await worker.tick()) > 0);
    const seconds = (performance.now() - started) / 1000
    const sent = Number((await server.db('outbox_messages').where({ state: 'sent' }).count({ count: '*' }))[0].count)
    console.log(`| ${engine} | ${label} | ${sent} | ${seconds.toFixed(1)} s | ${(sent / seconds).toFixed(0)} | ${eskiz.peakPerSecond} | ${eskiz.refused} |`)
  } finally {
    await server.stop()
    await eskiz.stop()
  }
}

console.log(`Enqueue: a broadcast to ${RECIPIENTS} patients (1 in 10 without promo consent)\n`)
console.log('| engine | patients | messages written | left out | time | messages/s | RSS before | RSS peak | growth |')
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
for (const engine of engines) await enqueueRun(engine)
console.log(`\nSending: broadcast SMS through one worker (batches of 200, 16 in flight) to the local Eskiz\n`)
console.log('| engine | run | sent | time | sent/s | provider peak per second | refused (429) |')
console.log('| --- | --- | --- | --- | --- | --- | --- |')
for (const engine of engines) {
  await sendRun(engine, 2000, 2000, 'provider 2000/s, company rate 2000/s', MESSAGES)
  // Ten seconds' worth at the limit.
  await sendRun(engine, LIMIT, LIMIT, `provider ${LIMIT}/s, company rate ${LIMIT}/s`, LIMIT * 10)
}
process.exit(0)
