import { execFileSync } from 'node:child_process'
import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto'
import fs from 'node:fs'
import https from 'node:https'
import type { IncomingMessage } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import ece from 'http_ece'
import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { TaskReminderWorker } from '../../../../../server/src/jobs/task-reminders'
import { pushesSettled } from '../../../../../server/src/services/messaging/push-notifications/push-sender'
import { vapidKeys } from '../../../../../server/src/services/messaging/push-notifications/vapid-keys'

interface Received {
  path: string
  headers: IncomingMessage['headers']
  body: Buffer
}

/**
 * A push service on 127.0.0.1 speaking RFC 8030 over TLS (its own certificate): it keeps what it
 * receives and answers each device's path with the status it was told (201 by default).
 */
async function startPushService(dir: string) {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' })
  const received: Received[] = []
  const statuses = new Map<string, number>()
  const server = https.createServer({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) }, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) })
      response.writeHead(statuses.get(request.url ?? '') ?? 201).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { origin, received, statuses, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** A browser's push subscription keys: its P-256 key pair and auth secret. */
function browserKeys(): { ecdh: ECDH; keys: { p256dh: string; auth: string } } {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { ecdh, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } }
}

/** Checks a VAPID JWT's ES256 signature with the public key from the header (uncompressed P-256 point). */
function vapidSignatureValid(jwt: string, publicKey: string): boolean {
  const point = Buffer.from(publicKey, 'base64url')
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' })
  const [header, payload, signature] = jwt.split('.')
  return verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))
}

/**
 * Web Push (issue 18, item 8): browsers subscribe, each notification goes to its recipient's
 * devices encrypted (aes128gcm) and signed (VAPID), and a device its push service calls gone is
 * forgotten.
 */
describe.each(engines)('web push on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn & { user: { _id: string } }
  let finance: SignedIn & { user: { _id: string } }
  let push: Awaited<ReturnType<typeof startPushService>>
  let dir: string

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-push-'))
    push = await startPushService(dir)
    // The local push service stands in for the browsers' own: the only host a subscription may name here.
    server = await startServer(engine, { pushServiceHosts: ['127.0.0.1'] })
    server.app.set('pushAgent', new https.Agent({ rejectUnauthorized: false }))
    admin = await server.registerClinic('Push')
    admin.client.set('currentBranchId', admin.auth.branchIds[0])
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    finance = await signedInMember(server, admin, { role: 'finance' })
  })
  afterAll(async () => {
    await server.stop()
    await push.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const devices = (who: SignedIn) => who.client.service('push-notifications')
  async function remindDoctor(description: string) {
    const at = new Date(Date.now() - 60_000).toISOString()
    await admin.client.service('tasks').create({ kind: 'user-reminder', description, assigneeId: doctor.user._id, startAt: at, dueAt: at, remindAt: at })
    await new TaskReminderWorker(server.app).tick()
    await pushesSettled(server.app)
  }

  it('keeps one VAPID key pair, its private half sealed, and gives browsers the public half', async () => {
    const keys = await vapidKeys(server.app)
    const row = await server.db('push_vapid_keys').first()
    expect(row.publicKey).toBe(keys.publicKey)
    expect(row.privateKey.startsWith('v1:')).toBe(true)
    expect(row.privateKey).not.toContain(keys.privateKey)
    const page = await devices(doctor).find({})
    expect(page).toMatchObject({ total: 0, data: [], publicKey: keys.publicKey })
    expect(Buffer.from(page.publicKey, 'base64url')).toHaveLength(65)
  })

  it('sends a notification to each of the recipient\'s devices, encrypted and signed', async () => {
    const laptop = browserKeys()
    const phone = browserKeys()
    const made = await devices(doctor).create({ endpoint: `${push.origin}/push/doctor-laptop`, expirationTime: null, keys: laptop.keys })
    expect(made).toMatchObject({ userId: doctor.user._id, endpoint: `${push.origin}/push/doctor-laptop`, companyId: admin.auth.company._id })
    expect(made).not.toHaveProperty('p256dh')
    expect(made).not.toHaveProperty('keys')
    await devices(doctor).create({ endpoint: `${push.origin}/push/doctor-phone`, keys: phone.keys })
    await devices(finance).create({ endpoint: `${push.origin}/push/finance`, keys: browserKeys().keys })
    push.received.length = 0

    await remindDoctor('Order implants')
    expect(push.received.map((request) => request.path).sort()).toEqual(['/push/doctor-laptop', '/push/doctor-phone'])
    const { publicKey } = await vapidKeys(server.app)
    for (const request of push.received) {
      expect(request.headers['content-encoding']).toBe('aes128gcm')
      expect(Number(request.headers.ttl)).toBeGreaterThan(0)
      const authorization = String(request.headers.authorization)
      const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)
      expect(match).not.toBeNull()
      expect(match![2]).toBe(publicKey)
      const claims = JSON.parse(Buffer.from(match![1].split('.')[1], 'base64url').toString())
      expect(claims.aud).toBe(push.origin)
      expect(claims.exp * 1000).toBeGreaterThan(Date.now())
      expect(vapidSignatureValid(match![1], publicKey)).toBe(true)
      // Only the device can read it: the body is not the text, and its keys open it.
      expect(request.body.toString('utf8')).not.toContain('Order implants')
      const device = request.path.endsWith('laptop') ? laptop : phone
      const plain = ece.decrypt(request.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.keys.auth })
      const payload = JSON.parse(plain.toString('utf8'))
      expect(payload).toMatchObject({ kind: 'task-due', body: 'Order implants', link: '/company/tasks' })
      expect(typeof payload.title).toBe('string')
      expect(payload.title.length).toBeGreaterThan(0)
    }
  })

  it('drops a device its push service calls gone (404, 410) and keeps one that failed otherwise', async () => {
    await devices(doctor).create({ endpoint: `${push.origin}/push/doctor-gone`, keys: browserKeys().keys })
    await devices(doctor).create({ endpoint: `${push.origin}/push/doctor-missing`, keys: browserKeys().keys })
    await devices(doctor).create({ endpoint: `${push.origin}/push/doctor-busy`, keys: browserKeys().keys })
    push.statuses.set('/push/doctor-gone', 410)
    push.statuses.set('/push/doctor-missing', 404)
    push.statuses.set('/push/doctor-busy', 503)
    push.received.length = 0
    await remindDoctor('Check the autoclave')
    expect(push.received.map((request) => request.path)).toEqual(expect.arrayContaining(['/push/doctor-gone', '/push/doctor-missing', '/push/doctor-busy']))
    const endpoints = (await devices(doctor).find({})).data.map((device) => device.endpoint.replace(push.origin, ''))
    expect(endpoints.sort()).toEqual(['/push/doctor-busy', '/push/doctor-laptop', '/push/doctor-phone'])
    // The bell still has the notification.
    expect((await doctor.client.service('my-notifications').find({ query: { readAt: null } })).data[0].params.description).toBe('Check the autoclave')
  })

  it('refuses endpoints that are not https and malformed keys; a member sees and removes only their own devices', async () => {
    const keys = browserKeys().keys
    expect((await failure(devices(doctor).create({ endpoint: 'http://127.0.0.1:1/push', keys }))).name).toBe('BadRequest')
    // An address that is not a push service (the server would post to a host of the caller's choosing).
    for (const endpoint of ['https://intranet.example/push', 'https://fcm.googleapis.com.evil.example/push', 'https://10.0.0.7/push']) {
      const refused = await failure(devices(doctor).create({ endpoint, keys }))
      expect([endpoint, refused.name, refused.data?.code, refused.data?.path]).toEqual([endpoint, 'BadRequest', 'push-service-unknown', 'endpoint'])
    }
    expect((await failure(devices(doctor).create({ endpoint: 'file:///etc/passwd', keys }))).name).toBe('BadRequest')
    expect((await failure(devices(doctor).create({ endpoint: `${push.origin}/push/x`, keys: { p256dh: 'short', auth: keys.auth } }))).name).toBe('BadRequest')
    expect((await failure(devices(doctor).create(malformed({ endpoint: `${push.origin}/push/x`, keys, userId: finance.user._id })))).name).toBe('BadRequest')
    const own = (await devices(doctor).find({ query: { endpoint: `${push.origin}/push/doctor-busy` } })).data
    expect(own).toHaveLength(1)
    expect((await failure(devices(finance).remove(own[0]._id))).name).toBe('NotFound')
    expect((await devices(finance).find({})).data.map((device) => device.userId)).toEqual([finance.user._id])
    const removed = await devices(doctor).remove(own[0]._id)
    expect(removed._id).toBe(own[0]._id)
    expect((await devices(doctor).find({ query: { endpoint: `${push.origin}/push/doctor-busy` } })).total).toBe(0)
    expect((await failure(devices(doctor).remove(randomUUID()))).name).toBe('NotFound')
    // Another company's member reaches none of them.
    const elsewhere = await server.registerClinic('Elsewhere')
    const laptop = (await devices(doctor).find({ query: { endpoint: `${push.origin}/push/doctor-laptop` } })).data[0]
    expect((await failure(devices(elsewhere).remove(laptop._id))).name).toBe('NotFound')
    expect((await devices(elsewhere).find({})).total).toBe(0)
  })

  it('moves a browser to the member who subscribes on it last', async () => {
    const endpoint = `${push.origin}/push/shared-desk`
    await devices(doctor).create({ endpoint, keys: browserKeys().keys })
    await devices(finance).create({ endpoint, keys: browserKeys().keys })
    expect((await devices(doctor).find({ query: { endpoint } })).total).toBe(0)
    expect((await devices(finance).find({ query: { endpoint } })).total).toBe(1)
    push.received.length = 0
    await remindDoctor('Not for the desk')
    expect(push.received.map((request) => request.path)).not.toContain('/push/shared-desk')
  })
})
