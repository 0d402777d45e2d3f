import { engines, eventWhere, failure, startServer, type SignedIn, type TestServer } from '../../support/harness'
import { signedInMember } from '../../support/fixtures'
import { malformed } from '../../support/malformed'
import { OnlinePbxServer } from '../../support/onlinepbx-server'
import { CallHistorySync } from '../../../../server/src/jobs/call-history-sync'
import type { IncomingCall } from '../../../../server/src/services/telephony/onlinepbx-incoming-call/onlinepbx-incoming-call.shared'
import type { Call } from '../../../../server/src/services/telephony/calls/calls.shared'
import type { OnlinePbxIntegration } from '../../../../server/src/services/telephony/onlinepbx-integration/onlinepbx-integration.shared'

const PHONE = '998901112233'
const LINE_A = '781234567'
const LINE_B = '781234568'

/** Whether `client` hears `event` of `service` within `ms` (false: it heard nothing). */
const hears = (client: SignedIn, service: string, event: string, ms = 700) =>
  eventWhere(client.client, service, event, () => true, ms).then(
    () => true,
    () => false
  )

/**
 * OnlinePBX (issue 20, items 4 and 5) against a local server speaking its API: settings checked
 * against the PBX with the spec's messages, webhooks on a secret path taken once per (call, event),
 * the screen pop on the right branch's sockets only (phone protection respected), missed calls
 * making "call back" tasks, the history reconciliation, click-to-call and recordings through the server.
 */
describe.each(engines)('OnlinePBX on %s', (engine) => {
  let server: TestServer
  let pbx: OnlinePbxServer
  let admin: SignedIn
  let other: SignedIn
  let deskA: SignedIn & { user: { _id: string } }
  let deskB: SignedIn & { user: { _id: string } }
  let branchA: string
  let branchB: string
  let settings: OnlinePbxIntegration
  let patientId: string
  let counter = 0

  const webhook = (hookUrl: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(hookUrl.replace('http://localhost:3030', server.url), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  const uuid = () => `call-${engine}-${++counter}-${Math.random().toString(36).slice(2, 8)}`
  const callOf = async (id: string) => (await server.db('calls').where({ uuid: id }).first()) as Record<string, unknown> | undefined

  beforeAll(async () => {
    pbx = await new OnlinePbxServer().start()
    server = await startServer(engine)
    server.app.set('onlinepbxBaseUrl', pbx.url)
    server.app.set('onlinepbxRecordingsOrigin', pbx.url)
    admin = await server.registerClinic('Phones')
    other = await server.registerClinic('Elsewhere')
    branchA = admin.auth.branchIds[0]
    branchB = (await admin.client.service('branches').create({ name: `Филиал Б ${engine}` }))._id
    const deskRole = await admin.client.service('roles').create({
      name: 'Front desk',
      permissions: [
        { resource: 'customers', view: true, create: true, edit: true },
        { resource: 'customer-phone', view: true },
        { resource: 'onlinepbx-incoming-call', view: true, create: true },
        { resource: 'tasks', view: true, create: true, edit: true }
      ]
    })
    deskA = await signedInMember(server, admin, { roleId: deskRole._id, branchIds: [branchA] })
    deskB = await signedInMember(server, admin, { roleId: deskRole._id, branchIds: [branchB] })
    patientId = (await admin.client.service('customers').create({ first_name: 'Дилноза', last_name: 'Каримова', phone: PHONE, branchId: branchA }))._id
  })
  afterAll(async () => {
    await server.stop()
    await pbx.stop()
  })

  it('refuses a domain not ending in .onpbx.ru and a wrong API key, with the spec messages, and keeps no secret in sight', async () => {
    const service = admin.client.service('onlinepbx-integration')
    const [row] = (await service.find()).data
    expect(row).toMatchObject({ domain: '', apiKeySet: false, connected: false, webhookUrl: null })
    expect(await failure(service.patch(row._id, { domain: 'clinic.example.com', apiKey: pbx.apiKey }))).toMatchObject({ name: 'BadRequest', message: 'Online telephony domain must end in .onpbx.ru', data: { code: 'onpbx-domain-invalid', path: 'domain' } })
    expect(await failure(service.patch(row._id, { domain: 'evil.onpbx.ru.attacker.net' }))).toMatchObject({ data: { code: 'onpbx-domain-invalid' } })
    expect(await failure(service.patch(row._id, { domain: pbx.domain, apiKey: 'not-the-key' }))).toMatchObject({ name: 'BadRequest', message: 'Wrong API key', data: { code: 'onpbx-wrong-api-key', path: 'apiKey' } })
    expect(await failure(service.patch(row._id, malformed({ baseUrl: 'http://evil.example' })))).toMatchObject({ name: 'BadRequest' })
    // Nothing was kept of the refused attempts.
    expect((await service.get(row._id)).domain).toBe('')
    // Click-to-call before the PBX is set up: the spec's message.
    expect(await failure(admin.client.service('calls').create({ customerId: patientId }))).toMatchObject({ message: 'OnlinePBX is not configured', data: { code: 'onpbx-not-configured' } })

    settings = await service.patch(row._id, {
      domain: ` ${pbx.domain.toUpperCase()} `,
      apiKey: pbx.apiKey,
      lines: [{ number: LINE_A, branchId: branchA }, { number: LINE_B, branchId: branchB }],
      extensions: [{ userId: deskA.user._id, extension: '101' }],
      callbackAssigneeId: deskA.user._id
    })
    expect(settings).toMatchObject({ domain: pbx.domain, apiKeySet: true, connected: true })
    expect(settings.webhookUrl).toMatch(/\/hooks\/onlinepbx\/[0-9a-f]{48}$/)
    expect(JSON.stringify(settings)).not.toContain(pbx.apiKey)
    const stored = await server.db('telephony_settings').where({ _id: row._id }).first()
    expect(JSON.stringify(stored)).not.toContain(pbx.apiKey)
    // Another company's branch or member is refused; the other company sees only its own empty settings.
    expect(await failure(service.patch(row._id, { defaultBranchId: other.auth.branchIds[0] }))).toMatchObject({ name: 'BadRequest', data: { path: 'defaultBranchId' } })
    expect((await other.client.service('onlinepbx-integration').find()).data[0]).toMatchObject({ domain: '', apiKeySet: false })
    expect(await failure(other.client.service('onlinepbx-integration').get(row._id))).toMatchObject({ name: 'NotFound' })
    // A member without the telephony permission on edit may not change it.
    expect(await failure(deskA.client.service('onlinepbx-integration').patch(row._id, { domain: '' }))).toMatchObject({ name: 'Forbidden' })
  })

  it('answers 404 on an unknown secret path and 405 on a GET', async () => {
    expect((await webhook(`${server.url}/hooks/onlinepbx/${'0'.repeat(48)}`, { event: 'call_start', uuid: uuid() })).status).toBe(404)
    expect((await webhook(`${server.url}/hooks/onlinepbx/not-hex`, { event: 'call_start', uuid: uuid() })).status).toBe(404)
    expect((await fetch(settings.webhookUrl!.replace('http://localhost:3030', server.url))).status).toBe(405)
  })

  it('pops the caller\'s patient on the right branch only, within a second, with the number hidden from those phone protection hides it from', async () => {
    await admin.client.service('company').patch('mine', { settings: { phoneProtection: true } })
    try {
      const id = uuid()
      const atDeskA = eventWhere<IncomingCall>(deskA.client, 'onlinepbx-incoming-call', 'created', (pop) => pop.uuid === id, 1000)
      const atAdmin = eventWhere<IncomingCall>(admin.client, 'onlinepbx-incoming-call', 'created', (pop) => pop.uuid === id, 1000)
      const atDeskB = hears(deskB, 'onlinepbx-incoming-call', 'created')
      const atOther = hears(other, 'onlinepbx-incoming-call', 'created')
      const sent = Date.now()
      const response = await webhook(settings.webhookUrl!, { domain: pbx.domain, event: 'call_start', direction: 'inbound', uuid: id, caller: `+${PHONE}`, callee: LINE_A, date: String(Math.floor(Date.now() / 1000)) })
      expect(response.status).toBe(200)
      const pop = await atDeskA
      expect(Date.now() - sent).toBeLessThan(1000)
      expect(pop).toMatchObject({ branchId: branchA, phone: null, phoneHidden: true, customers: [{ _id: patientId, last_name: 'Каримова', first_name: 'Дилноза', phone: null }] })
      expect(JSON.stringify(pop)).not.toContain(PHONE)
      expect(await atAdmin).toMatchObject({ phone: PHONE, customers: [{ _id: patientId, phone: PHONE }] })
      expect(await atDeskB).toBe(false)
      expect(await atOther).toBe(false)
      // A screen opened mid-ring finds the call too, in its own shape; desk B does not.
      expect((await deskA.client.service('onlinepbx-incoming-call').find()).data).toEqual([expect.objectContaining({ uuid: id, phone: null })])
      expect((await deskB.client.service('onlinepbx-incoming-call').find()).data.find((one) => one.uuid === id)).toBeUndefined()
      // The call log hides the number the same way.
      const [logged] = (await deskA.client.service('calls').find({ query: { customerId: patientId } })).data.filter((call) => call.uuid === id)
      expect(logged).toMatchObject({ direction: 'inbound', state: 'waiting', phone: null, phoneHidden: true, customerId: patientId })
      expect((await deskB.client.service('calls').find({ query: {} })).data.find((call) => call.uuid === id)).toBeUndefined()
    } finally {
      await admin.client.service('company').patch('mine', { settings: { phoneProtection: false } })
    }
  })

  it('takes each (call, event) once: a replayed webhook changes nothing and pops nothing', async () => {
    const id = uuid()
    const body = { event: 'call_start', direction: 'inbound', uuid: id, caller: PHONE, callee: LINE_B }
    const first = eventWhere<IncomingCall>(deskB.client, 'onlinepbx-incoming-call', 'created', (pop) => pop.uuid === id, 1000)
    expect(await (await webhook(settings.webhookUrl!, body)).json()).toMatchObject({ ok: true, replay: false })
    await first
    const again = hears(deskB, 'onlinepbx-incoming-call', 'created')
    expect(await (await webhook(settings.webhookUrl!, body)).json()).toMatchObject({ ok: true, replay: true })
    expect(await again).toBe(false)
    expect(Number((await server.db('calls').where({ uuid: id }).count({ n: '*' }))[0].n)).toBe(1)
    expect(Number((await server.db('call_events').where({ uuid: id }).count({ n: '*' }))[0].n)).toBe(1)
  })

  it('takes a call\'s events posted at once into one call, each once', async () => {
    const id = uuid()
    const post = (event: string) => webhook(settings.webhookUrl!, { event, direction: 'inbound', uuid: id, caller: PHONE, callee: LINE_A })
    const answers = await Promise.all([post('call_start'), post('call_answered'), post('call_start'), post('call_answered')])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    expect(Number((await server.db('calls').where({ uuid: id }).count({ n: '*' }))[0].n)).toBe(1)
    expect((await server.db('call_events').where({ uuid: id }).select('event')).map((row: { event: string }) => row.event).sort()).toEqual(['call_answered', 'call_start'])
    expect(await callOf(id)).toMatchObject({ state: 'started' })
  })

  it('makes a missed inbound call "not accepted" with a call back task, and an answered one "started" with its recording streamed through the server', async () => {
    const missed = uuid()
    await webhook(settings.webhookUrl!, { event: 'call_start', direction: 'inbound', uuid: missed, caller: PHONE, callee: LINE_A })
    expect((await webhook(settings.webhookUrl!, { event: 'call_end', direction: 'inbound', uuid: missed, caller: PHONE, callee: LINE_A })).status).toBe(200)
    const row = await callOf(missed)
    expect(row).toMatchObject({ state: 'not-accepted', customerId: patientId })
    const task = await deskA.client.service('tasks').get(String(row!.callbackTaskId))
    expect(task).toMatchObject({ kind: 'call-back', assigneeId: deskA.user._id, customerId: patientId, status: 'in-progress' })

    const answered = uuid()
    const start = Math.floor(Date.now() / 1000)
    await webhook(settings.webhookUrl!, { event: 'call_start', direction: 'inbound', uuid: answered, caller: PHONE, callee: LINE_A, date: String(start) })
    await webhook(settings.webhookUrl!, { event: 'call_answered', direction: 'inbound', uuid: answered, caller: PHONE, callee: LINE_A, date: String(start + 5) })
    await webhook(settings.webhookUrl!, { event: 'call_end', direction: 'inbound', uuid: answered, caller: PHONE, callee: LINE_A, date: String(start + 65) })
    const call = (await admin.client.service('calls').find({ query: { customerId: patientId } })).data.find((one) => one.uuid === answered)!
    expect(call).toMatchObject({ state: 'started', duration: 65, talkTime: 60, hasRecording: true, callbackTaskId: null })
    pbx.recordings.set(answered, Buffer.from('ID3-recording-bytes'))
    const recordingUrl = `${server.url}/calls/${call._id}/recording`
    const played = await fetch(recordingUrl, { headers: { authorization: `Bearer ${deskA.auth.accessToken}` } })
    expect(played.status).toBe(200)
    expect(played.headers.get('content-type')).toBe('audio/mpeg')
    expect(Buffer.from(await played.arrayBuffer()).toString()).toBe('ID3-recording-bytes')
    expect((await fetch(recordingUrl)).status).toBe(401)
    // Another branch's desk and another company do not find the call.
    expect((await fetch(recordingUrl, { headers: { authorization: `Bearer ${deskB.auth.accessToken}` } })).status).toBe(404)
    expect((await fetch(recordingUrl, { headers: { authorization: `Bearer ${other.auth.accessToken}` } })).status).toBe(404)
    // A link the PBX answers outside its recordings origin is never fetched (SSRF).
    server.app.set('onlinepbxRecordingsOrigin', 'https://api2.onlinepbx.ru')
    expect((await fetch(recordingUrl, { headers: { authorization: `Bearer ${deskA.auth.accessToken}` } })).status).toBe(404)
    server.app.set('onlinepbxRecordingsOrigin', pbx.url)
  })

  it('refuses webhooks without the CRM token once the clinic set one', async () => {
    await admin.client.service('onlinepbx-integration').patch(settings._id, { crmToken: 'crm-secret-token' })
    const id = uuid()
    const refused = await webhook(settings.webhookUrl!, { event: 'call_start', uuid: id, caller: PHONE, callee: LINE_A, token: 'wrong' })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'onpbx-wrong-crm-token', message: 'Wrong CRM token key' })
    expect(await callOf(id)).toBeUndefined()
    expect((await webhook(settings.webhookUrl!, { event: 'call_start', uuid: id, caller: PHONE, callee: LINE_A }, { 'x-crm-token': 'crm-secret-token' })).status).toBe(200)
    await admin.client.service('onlinepbx-integration').patch(settings._id, { crmToken: '' })
  })

  it('reconciles the call history: a call whose webhooks were lost is made once, with its patient and its call back task', async () => {
    const id = uuid()
    const now = Math.floor(Date.now() / 1000)
    pbx.history.push({ uuid: id, caller_id_number: PHONE, destination_number: LINE_A, accountcode: 'inbound', start_stamp: now - 120, end_stamp: now - 90, duration: 30, user_talk_time: 0 })
    pbx.expireSessions()
    const sync = new CallHistorySync(server.app)
    await sync.tick()
    const row = await callOf(id)
    expect(row).toMatchObject({ state: 'not-accepted', source: 'history', customerId: patientId, branchId: branchA, duration: 30 })
    expect(row!.callbackTaskId).toBeTruthy()
    // The expired session key was renewed from the API key.
    expect(pbx.requests.filter((request) => request.path === 'auth.json').length).toBeGreaterThanOrEqual(2)
    await sync.tick()
    expect(Number((await server.db('calls').where({ uuid: id }).count({ n: '*' }))[0].n)).toBe(1)
    expect(Number((await server.db('tasks').where({ kind: 'call-back', customerId: patientId }).count({ n: '*' }))[0].n)).toBe(2)
  })

  it('click-to-call rings the member\'s extension, then the patient, and logs an outbound call', async () => {
    const call: Call = await deskA.client.service('calls').create({ customerId: patientId })
    expect(pbx.dialled.at(-1)).toMatchObject({ from: '101', to: PHONE })
    expect(call).toMatchObject({ direction: 'outbound', state: 'waiting', customerId: patientId, userId: deskA.user._id, line: '101', source: 'click', uuid: pbx.dialled.at(-1)!.uuid })
    // A member with no extension is told so; another company's patient is not found.
    expect(await failure(deskB.client.service('calls').create({ customerId: patientId }))).toMatchObject({ name: 'NotFound' })
    expect(await failure(admin.client.service('calls').create({ customerId: patientId }))).toMatchObject({ data: { code: 'onpbx-no-extension' } })
    const elsewhere = await other.client.service('customers').create({ first_name: 'Чужой', last_name: 'Пациент', phone: '998909999999' })
    expect(await failure(deskA.client.service('calls').create({ customerId: elsewhere._id }))).toMatchObject({ name: 'BadRequest' })
    expect(pbx.dialled.length).toBe(1)
    expect(await failure(deskA.client.service('calls').create(malformed({ customerId: patientId, phone: '998900000000' })))).toMatchObject({ name: 'BadRequest' })
  })

  it('click-to-call takes the row of its call when the PBX\'s webhook reported the call first', async () => {
    pbx.beforeDialAnswer = async ({ uuid: id, from, to }) => {
      const answer = await webhook(settings.webhookUrl!, { event: 'call_start', direction: 'outbound', uuid: id, caller: from, callee: to })
      expect(answer.status).toBe(200)
    }
    try {
      const call: Call = await deskA.client.service('calls').create({ customerId: patientId })
      const id = pbx.dialled.at(-1)!.uuid
      expect(call).toMatchObject({ uuid: id, direction: 'outbound', customerId: patientId, userId: deskA.user._id, source: 'click' })
      expect(Number((await server.db('calls').where({ uuid: id }).count({ n: '*' }))[0].n)).toBe(1)
      expect(await callOf(id)).toMatchObject({ _id: call._id, source: 'click', userId: deskA.user._id, createdBy: deskA.user._id })
    } finally {
      pbx.beforeDialAnswer = null
    }
  })
})
