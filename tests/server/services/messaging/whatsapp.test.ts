import { engines, eventWhere, failure, nextEvent, startServer, type SignedIn, type TestServer } from '../../support/harness'
import { booking, openClinic, type Clinic } from '../../support/appointment-fixtures'
import { malformed } from '../../support/malformed'
import { WhatsappServer, graphError, type WhatsappSent } from '../../support/whatsapp-server'
import { OutboxWorker } from '../../../../server/src/jobs/outbox-worker'
import { whatsappOutcome } from '../../../../server/src/providers/whatsapp/whatsapp'
import type { Communication } from '../../../../server/src/services/messaging/communications/communications.shared'
import type { WhatsappCheck } from '../../../../server/src/services/messaging/whatsapp-integration/whatsapp-integration.shared'

/**
 * WhatsApp Cloud API (issue 18): a clinic's number tested against a local server speaking the
 * Graph API. Outside the 24-hour window a visit message goes as the clinic's approved template
 * with Confirm / Cancel quick replies, inside it as free-form text with reply buttons; delivery
 * statuses arrive by the signed webhook; a quick reply confirms the visit and every calendar
 * sees it; only what WhatsApp said it did not send is retried.
 */
describe.each(engines)('WhatsApp on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let admin: SignedIn
  let wa: WhatsappServer
  let check: WhatsappCheck
  let clock = Date.parse('2031-05-01T07:00:00Z')
  let counter = 0
  const worker = () => new OutboxWorker(server.app, { concurrency: 1 })
  const verifyToken = 'meta-verify-token-of-the-clinic'
  const templates = { bookingMade: 'visit_booked', bookingMoved: '', bookingCancelled: 'visit_cancelled', reminder: 'visit_reminder' }

  beforeAll(async () => {
    wa = await new WhatsappServer().start()
    server = await startServer(engine)
    server.app.set('whatsappBaseUrl', wa.url)
    // SMS (a fallback of a refused WhatsApp message) reaches nothing real: connection refused.
    server.app.set('eskizBaseUrl', 'http://127.0.0.1:9/api')
    server.app.set('messagingClock', () => clock)
    server.app.get('config').publicUrl = server.url
    clinic = await openClinic(server)
    admin = clinic.admin
    // An SMS account too (never reached here): WhatsApp comes before SMS in the default order.
    await admin.client.service('integrations').patch(await settingsId(), { eskiz: { email: 'clinic@example.uz', password: 'never-used', from: '4546' } })
  })
  afterAll(async () => {
    await server.stop()
    await wa.stop()
  })

  const settingsId = async () => (await admin.client.service('integrations').find()).data[0]._id
  async function patient(phone: string, extra: Record<string, unknown> = {}) {
    counter += 1
    return admin.client.service('customers').create({ first_name: 'Анна', last_name: `Ватсап${counter}`, phone, smsConsent: true, ...extra })
  }
  const messagesOf = async (customerId: string): Promise<Communication[]> => (await admin.client.service('communications').find({ query: { customerId, $sort: { createdAt: 1 } } })).data
  const messageOf = async (customerId: string, id: string) => (await messagesOf(customerId)).find((row) => row._id === id)!
  /** Books a visit and lets the booking notice go; the row and what the Graph API took. */
  async function bookAndSend(customerId: string, date: string) {
    const visit = await admin.client.service('appointment').create(booking(clinic, date, '10:00', { customerId, notifyClient: true }))
    const notice = (await messagesOf(customerId)).find((row) => row.event === 'bookingMade' && row.appointmentId === visit._id)!
    clock = Math.max(clock, Date.parse(notice.dueAt))
    const before = wa.sent.length
    await worker().tick()
    return { visit, notice, sent: wa.sent.slice(before) as WhatsappSent[] }
  }

  it('is set up with sealed secrets, tested against Meta, and never shows the secrets again', async () => {
    expect(await failure(admin.client.service('whatsapp-integration').create({}))).toMatchObject({ name: 'BadRequest', message: 'WhatsApp integration is not configured', data: { code: 'whatsapp-not-configured' } })
    const id = await settingsId()
    const patch = admin.client.service('integrations')
    expect(await failure(patch.patch(id, { whatsapp: { phoneNumberId: 'not-digits' } }))).toMatchObject({ name: 'BadRequest' })
    expect(await failure(patch.patch(id, { whatsapp: { templates: { ...templates, reminder: 'Has Spaces' } } }))).toMatchObject({ name: 'BadRequest' })
    expect(await failure(patch.patch(id, malformed({ whatsapp: { baseUrl: 'http://evil.example' } })))).toMatchObject({ name: 'BadRequest' })
    await patch.patch(id, { whatsapp: { accessToken: 'EAAGwrongToken', phoneNumberId: wa.phoneNumberId } })
    expect(await failure(admin.client.service('whatsapp-integration').create({}))).toMatchObject({ name: 'BadRequest', data: { code: 'whatsapp-connection-failed' } })
    const saved = await patch.patch(id, { whatsapp: { accessToken: wa.accessToken, appSecret: wa.appSecret, verifyToken, templates } })
    expect(saved.whatsapp).toEqual({ phoneNumberId: wa.phoneNumberId, displayPhoneNumber: '', verifiedName: '', accessTokenSet: true, appSecretSet: true, verifyTokenSet: true, templates })
    for (const secret of [wa.accessToken, wa.appSecret, verifyToken]) expect(JSON.stringify(saved)).not.toContain(secret)
    const stored = await server.db('messaging_settings').where({ _id: id }).first()
    for (const secret of [wa.accessToken, wa.appSecret, verifyToken]) expect(String(stored.whatsapp)).not.toContain(secret)
    check = await admin.client.service('whatsapp-integration').create({})
    expect(check).toMatchObject({ displayPhoneNumber: wa.displayPhoneNumber, verifiedName: 'Clinic Test', webhookReady: true })
    expect(check.webhookUrl).toMatch(new RegExp(`^${server.url}/hooks/whatsapp/[0-9a-f]{48}$`))
    wa.webhookUrl = check.webhookUrl
    expect((await patch.get(id)).whatsapp).toMatchObject({ displayPhoneNumber: wa.displayPhoneNumber, verifiedName: 'Clinic Test' })
    // The webhook path is never in a settings read; a doctor may not test the number.
    expect(JSON.stringify(await patch.get(id))).not.toContain(check.webhookUrl.split('/').at(-1))
    expect(await failure(clinic.doctor.client.service('whatsapp-integration').create({}))).toMatchObject({ name: 'Forbidden' })
  })

  it('answers Meta\'s verification only with the verify token; refuses unsigned or badly signed posts; an unknown path is 404', async () => {
    expect(await wa.verify(verifyToken, '8765')).toEqual({ status: 200, text: '8765' })
    const wrong = await wa.verify('not-the-token')
    expect(wrong).toMatchObject({ status: 403 })
    const missing = await fetch(wa.webhookUrl)
    expect(missing.status).toBe(403)
    expect(await wa.notify({ messages: [] }, { signature: 'sha256=' + '0'.repeat(64) })).toBe(401)
    expect(await wa.notify({ messages: [] }, { signature: '' })).toBe(401)
    const unknown = `${server.url}/hooks/whatsapp/${'0'.repeat(48)}`
    expect((await wa.verify(verifyToken, '1', unknown)).status).toBe(404)
    expect(await wa.notify({ messages: [] }, { url: unknown })).toBe(404)
    expect(await wa.notify({ messages: [] })).toBe(200)
  })

  it('sends the approved template outside the 24-hour window, free-form text with reply buttons inside it', async () => {
    const anna = await patient('+998 90 111 22 33')
    const { notice, sent } = await bookAndSend(anna._id, '2031-05-20')
    expect(notice).toMatchObject({ channel: 'whatsapp', provider: 'whatsapp', phone: '998901112233' })
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ to: '998901112233', type: 'template' })
    const template = sent[0].body.template as { name: string; language: { code: string }; components: Array<{ type: string; sub_type?: string; index?: string; parameters: Array<{ type: string; text?: string; payload?: string }> }> }
    expect(template.name).toBe('visit_booked')
    expect(template.language).toEqual({ code: 'ru' })
    const body = template.components.find((part) => part.type === 'body')!
    expect(body.parameters.map((item) => item.text)).toEqual(['Анна', '20.05.2031', '10:00', expect.any(String), expect.any(String), '-'])
    const buttons = template.components.filter((part) => part.type === 'button')
    expect(buttons.map((part) => [part.sub_type, part.index])).toEqual([['quick_reply', '0'], ['quick_reply', '1']])
    expect(buttons[0].parameters[0].payload).toMatch(/^visit:c:/)
    expect(await messageOf(anna._id, notice._id)).toMatchObject({ state: 'sent', providerMessageId: sent[0].id })

    // Boris wrote to the clinic an hour ago: his window is open, free-form text goes.
    const boris = await patient('+998 90 444 55 66')
    const written = eventWhere<{ customerId: string; channel: string; text: string; direction: string }>(admin.client, 'customer-chat-messages', 'created', (message) => message.customerId === boris._id)
    expect(await wa.text('998904445566', 'Здравствуйте, можно записаться?', clock - 3_600_000)).toBe(200)
    // What he wrote is in his conversation (the chat), by WhatsApp.
    expect(await written).toMatchObject({ customerId: boris._id, channel: 'whatsapp', direction: 'in', text: 'Здравствуйте, можно записаться?' })
    const free = await bookAndSend(boris._id, '2031-05-21')
    expect(free.sent).toHaveLength(1)
    expect(free.sent[0].type).toBe('interactive')
    const interactive = free.sent[0].body.interactive as { type: string; body: { text: string }; action: { buttons: Array<{ reply: { id: string; title: string } }> } }
    expect(interactive.body.text).toContain('вы записаны')
    expect(interactive.action.buttons.map((button) => button.reply.title)).toEqual(['Подтвердить', 'Отменить'])

    // No template for a move and no window: WhatsApp cannot carry it, SMS does.
    const visit = (await messagesOf(anna._id)).find((row) => row.event === 'bookingMade')!.appointmentId!
    await admin.client.service('appointment').patch(visit, { start: booking(clinic, '2031-05-20', '12:00').start })
    const moved = (await messagesOf(anna._id)).filter((row) => row.event === 'bookingMoved')
    expect(moved.map((row) => row.channel)).toEqual(['sms'])
  })

  it('staff reply from the chat by WhatsApp while the patient\'s 24-hour window is open, as plain text; after it, or to a number that never wrote, it is refused', async () => {
    const chat = admin.client.service('customer-chat-messages')
    const vera = await patient('+998 90 777 66 55')
    const silent = await patient('+998 90 777 66 00')
    // Never wrote by WhatsApp: Meta would take only a template, and a reply has none.
    expect(await failure(chat.create({ customerId: vera._id, text: 'Здравствуйте', channel: 'whatsapp' }))).toMatchObject({ name: 'BadRequest', data: { code: 'whatsapp-window-closed', path: 'channel' } })
    expect(await wa.text('998907776655', 'Можно перенести визит?', clock - 60_000)).toBe(200)
    const before = wa.sent.length
    const reply = await chat.create({ customerId: vera._id, text: 'Да, на пятницу 10:00?', channel: 'whatsapp' })
    expect(reply).toMatchObject({ direction: 'out', channel: 'whatsapp', event: 'chatReply', state: 'scheduled' })
    // The outbox row goes to her number, and the patient's log has it; its phone never reaches the chat.
    expect(await messageOf(vera._id, reply._id)).toMatchObject({ channel: 'whatsapp', provider: 'whatsapp', phone: '998907776655' })
    expect(JSON.stringify(reply)).not.toContain('998907776655')
    await worker().tick()
    const sent = wa.sent.slice(before)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ to: '998907776655', type: 'text' })
    expect((sent[0].body.text as { body: string }).body).toBe('Да, на пятницу 10:00?')
    expect(await chat.get(reply._id)).toMatchObject({ state: 'sent' })
    // Her window is hers: another patient's number is still closed.
    expect(await failure(chat.create({ customerId: silent._id, text: 'Здравствуйте', channel: 'whatsapp' }))).toMatchObject({ data: { code: 'whatsapp-window-closed' } })
    // A day later the window has closed: refused, and nothing more went.
    clock += 24 * 3_600_000
    expect(await failure(chat.create({ customerId: vera._id, text: 'Ждём вас', channel: 'whatsapp' }))).toMatchObject({ data: { code: 'whatsapp-window-closed' } })
    await worker().tick()
    expect(wa.sent.length).toBe(before + 1)
  })

  it('statuses by webhook: delivered and read mark the company\'s row delivered live, failed marks it failed; other companies\' rows are untouched', async () => {
    const carl = await patient('+998 90 777 88 99')
    const { notice, sent } = await bookAndSend(carl._id, '2031-05-22')
    const heard = eventWhere<Communication>(admin.client, 'communications', 'patched', (row) => row._id === notice._id && row.state === 'delivered')
    expect(await wa.status(sent[0].id, 'delivered')).toBe(200)
    expect(await heard).toMatchObject({ _id: notice._id, state: 'delivered' })
    expect(await wa.status(sent[0].id, 'read')).toBe(200)
    expect(await messageOf(carl._id, notice._id)).toMatchObject({ state: 'delivered' })

    // Another clinic with the same WhatsApp credentials: its webhook cannot touch this clinic's rows.
    const other = await server.registerClinic('Other')
    const otherId = (await other.client.service('integrations').find()).data[0]._id
    await other.client.service('integrations').patch(otherId, { whatsapp: { accessToken: wa.accessToken, phoneNumberId: wa.phoneNumberId, appSecret: wa.appSecret, verifyToken } })
    const otherHook = (await other.client.service('whatsapp-integration').create({})).webhookUrl
    expect(otherHook).not.toBe(wa.webhookUrl)
    const dora = await patient('+998 90 000 11 22')
    const second = await bookAndSend(dora._id, '2031-05-23')
    wa.webhookUrl = otherHook
    try {
      expect(await wa.status(second.sent[0].id, 'failed', Date.now(), [{ code: 131026, title: 'Message undeliverable' }])).toBe(200)
    } finally {
      wa.webhookUrl = check.webhookUrl
    }
    expect(await messageOf(dora._id, second.notice._id)).toMatchObject({ state: 'sent' })
    expect(await wa.status(second.sent[0].id, 'failed', Date.now(), [{ code: 131026, title: 'Message undeliverable' }])).toBe(200)
    const failed = await messageOf(dora._id, second.notice._id)
    expect(failed).toMatchObject({ state: 'failed' })
    expect(failed.error).toContain('131026')
    // Meta took it and then could not deliver it: the next channel of the order (SMS) takes the notice, once.
    const fallbacks = (await messagesOf(dora._id)).filter((row) => row.fallbackOf === second.notice._id)
    expect(fallbacks).toHaveLength(1)
    expect(fallbacks[0]).toMatchObject({ channel: 'sms', event: 'bookingMade', appointmentId: second.visit._id, collapseKey: second.notice.collapseKey, state: 'scheduled' })
    // A repeated report changes nothing more.
    expect(await wa.status(second.sent[0].id, 'failed', Date.now(), [{ code: 131026, title: 'Message undeliverable' }])).toBe(200)
    expect((await messagesOf(dora._id)).filter((row) => row.fallbackOf === second.notice._id)).toHaveLength(1)
    // Carl's delivered notice has none.
    expect((await messagesOf(carl._id)).some((row) => row.fallbackOf === notice._id)).toBe(false)
  })

  it('a quick reply confirms the visit through the appointment service; a second client hears it; forged or foreign replies change nothing', async () => {
    const eva = await patient('+998 91 222 33 44')
    const { visit, sent } = await bookAndSend(eva._id, '2031-05-24')
    const template = sent[0].body.template as { components: Array<{ type: string; parameters: Array<{ payload?: string }> }> }
    const [confirm, cancel] = template.components.filter((part) => part.type === 'button').map((part) => part.parameters[0].payload!)
    // A forged payload (another signature), and a real one from someone else's number: nothing changes.
    expect(await wa.quickReply('998912223344', confirm.replace(/.{4}$/, 'AAAA'), 'Подтвердить')).toBe(200)
    expect(await wa.quickReply('998900000001', confirm, 'Подтвердить')).toBe(200)
    expect((await admin.client.service('appointment').get(visit._id)).status).toBe('planned')

    const before = wa.sent.length
    const heard = nextEvent<{ _id: string; status: string }>(clinic.doctor.client, 'appointment', 'patched')
    expect(await wa.quickReply('998912223344', confirm, 'Подтвердить')).toBe(200)
    expect(await heard).toMatchObject({ _id: visit._id, status: 'confirmed' })
    expect((await server.db('appointment_links').where({ appointmentId: visit._id }).whereNotNull('usedAt')).map((row) => row.action)).toEqual(['confirm:whatsapp'])
    // The patient is told, as free-form text (they just wrote).
    expect(wa.sent.slice(before)).toMatchObject([{ to: '998912223344', type: 'text', body: { text: { body: 'Визит подтверждён. Ждём вас!' } } }])

    // Cancel by a reply button of a free-form message works the same way.
    const cancelled = nextEvent<{ _id: string; status: string }>(clinic.doctor.client, 'appointment', 'patched')
    expect(await wa.buttonReply('998912223344', cancel, 'Отменить')).toBe(200)
    expect(await cancelled).toMatchObject({ _id: visit._id, status: 'cancelled' })
  })

  it('retries only what WhatsApp said it did not send: rate limits again later, refusals fail, 5xx and dropped answers are unknown', async () => {
    // What earlier tests left due goes first, so the scripted answers meet these messages.
    clock += 3_600_000
    await worker().tick()
    const rows: Array<{ customerId: string; id: string }> = []
    for (const [index, phone] of ['+998 93 100 00 01', '+998 93 100 00 02', '+998 93 100 00 03', '+998 93 100 00 04', '+998 93 100 00 05'].entries()) {
      const someone = await patient(phone)
      const visit = await admin.client.service('appointment').create(booking(clinic, `2031-06-0${index + 1}`, '10:00', { customerId: someone._id, notifyClient: true }))
      rows.push({ customerId: someone._id, id: (await messagesOf(someone._id)).find((row) => row.appointmentId === visit._id && row.event === 'bookingMade')!._id })
    }
    clock += 10 * 60_000
    wa.script(
      graphError(400, 130429, 'Rate limit hit', 'Cloud API message throughput has been reached.'),
      graphError(400, 80007, 'Rate limit issues', 'The WhatsApp Business Account has reached its rate limit.'),
      graphError(400, 132001, 'Template name does not exist in the translation', 'template name (visit_booked) does not exist in ru'),
      graphError(500, 131000, 'Something went wrong'),
      'drop'
    )
    await worker().tick()
    const states = await Promise.all(rows.map((row) => messageOf(row.customerId, row.id)))
    expect(states.map((row) => row.state)).toEqual(['scheduled', 'scheduled', 'failed', 'unknown', 'unknown'])
    expect(states[0].error).toContain('130429')
    expect(Date.parse(states[0].dueAt)).toBe(clock + 60_000)
    expect(states[2].error).toContain('132001')
    // The rate-limited ones go a minute later; the unknown ones are never resent.
    clock += 60_000
    const before = wa.sent.length
    await worker().tick()
    expect(wa.sent.slice(before).map((message) => message.to)).toEqual(['998931000001', '998931000002'])
    expect((await Promise.all(rows.map((row) => messageOf(row.customerId, row.id)))).map((row) => row.state)).toEqual(['sent', 'sent', 'failed', 'unknown', 'unknown'])
  })
})

describe('WhatsApp outcomes', () => {
  it('maps Graph API errors as the retry policy says', () => {
    const outcome = (status: number, code?: number) => whatsappOutcome(status, code === undefined ? undefined : { code, message: 'x' })
    expect(outcome(400, 130429)).toMatchObject({ kind: 'not-sent', retry: true })
    expect(outcome(429, 80007)).toMatchObject({ kind: 'not-sent', retry: true })
    expect(outcome(400, 131056)).toMatchObject({ kind: 'not-sent', retry: true })
    expect(outcome(401, 190)).toMatchObject({ kind: 'not-sent', retry: true })
    for (const refused of [131026, 131030, 100, 132000, 132001, 132015, 131047, 131009]) expect(outcome(400, refused)).toMatchObject({ kind: 'not-sent', retry: false })
    expect(outcome(500, 131000)).toMatchObject({ kind: 'unknown' })
    expect(outcome(503)).toMatchObject({ kind: 'unknown' })
    expect(outcome(200)).toMatchObject({ kind: 'unknown' })
  })
})
