import { engines, eventWhere, failure, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { booking, openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { TelegramServer, type TelegramUser } from '../../../support/telegram-server'
import { OutboxWorker } from '../../../../../server/src/jobs/outbox-worker'
import type { ChatMessage } from '../../../../../server/src/services/messaging/customer-chat-messages/customer-chat-messages.shared'
import type { Communication } from '../../../../../server/src/services/messaging/communications/communications.shared'
import type { TelegramDeepLink } from '../../../../../server/src/services/messaging/telegram/telegram.shared'

/**
 * The patients' conversations (issue 18, item 7): a linked patient writes to the clinic's bot
 * (the local Bot API server delivers it to the webhook), the message lands in their
 * conversation and every member who sees the patient hears it; a reply goes through the outbox to
 * Telegram with its state; the inbox counts unread conversations with one read marker per
 * company; other companies, branches and roles see and hear nothing.
 */
describe.each(engines)('customer-chat-messages on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let admin: SignedIn
  let colleague: SignedIn
  let tg: TelegramServer
  let clock = Date.parse('2031-05-01T07:00:00Z')
  let counter = 0
  const chat = (who: SignedIn) => who.client.service('customer-chat-messages')

  beforeAll(async () => {
    tg = await new TelegramServer().start()
    server = await startServer(engine)
    server.app.set('telegramApiRoot', tg.url)
    server.app.set('messagingClock', () => clock)
    server.app.get('config').publicUrl = server.url
    clinic = await openClinic(server)
    admin = clinic.admin
    colleague = await signedInMember(server, admin, { role: 'director' })
    const settings = (await admin.client.service('integrations').find()).data[0]
    await admin.client.service('integrations').patch(settings._id, { telegram: { token: tg.token, mode: 'webhook' } })
    await admin.client.service('telegram-integration').create({})
  })
  afterAll(async () => {
    await server.stop()
    await tg.stop()
  })

  const user = (id: number): TelegramUser => ({ id, first_name: 'Dilnoza', username: `dilnoza${id}`, language_code: 'ru' })
  /** A patient (of the branch given, else the clinic's) linked to Telegram user `tgId`. */
  async function linkedPatient(tgId: number, branchId?: string) {
    counter += 1
    const phone = `+998 90 ${300 + counter} 44 ${String(counter).padStart(2, '0')}`
    const patient = await admin.client.service('customers').create({ first_name: 'Dilnoza', last_name: `Chat${counter}`, phone, ...(branchId ? { branchId } : {}) })
    const deep = (await admin.client.service('telegram').create({ customerId: patient._id })) as unknown as TelegramDeepLink
    await tg.opens(user(tgId), new URL(deep.url).searchParams.get('start')!)
    await tg.shareContact(user(tgId), phone.replace(/\D/g, ''))
    return patient
  }
  const tick = () => new OutboxWorker(server.app, { concurrency: 1 }).tick()

  it('stores a linked patient\'s message in their conversation, live for a colleague, with the outbox rows in time order; an unlinked chat gets the hint', async () => {
    const patient = await linkedPatient(7101)
    // A visit notice already in the outbox for the patient (Telegram: they are linked).
    await admin.client.service('appointment').create(booking(clinic, '2031-05-20', '10:00', { customerId: patient._id, notifyClient: true }))
    clock += 60_000
    const heard = eventWhere<ChatMessage>(colleague.client, 'customer-chat-messages', 'created', (message) => message.customerId === patient._id)
    expect(await tg.says(user(7101), '  Можно перенести визит на пятницу?  ', 501)).toBe(200)
    const message = await heard
    expect(message).toMatchObject({ customerId: patient._id, direction: 'in', channel: 'telegram', text: 'Можно перенести визит на пятницу?', state: 'received', sender: '@dilnoza7101', read: false, unread: 1 })
    // The same message delivered again is stored once.
    expect(await tg.says(user(7101), 'Можно перенести визит на пятницу?', 501)).toBe(200)
    const timeline = await chat(colleague).find({ query: { customerId: patient._id } })
    expect(timeline.total).toBe(3)
    expect(timeline.data.map((item) => `${item.direction}:${item.event ?? item.state}`)).toEqual(['in:received', 'out:reminder', 'out:bookingMade'])
    // Nothing of the outbox row's phone or address leaves in the chat's shape.
    expect(Object.keys(timeline.data[1])).not.toContain('phone')
    expect(await chat(colleague).get(message._id)).toMatchObject({ _id: message._id, read: false })

    // A chat linked to nobody: nothing stored, the bot says how to link.
    const before = await server.db('customer_chat_messages').count({ count: '*' }).first()
    expect(await tg.says(user(7199), 'Здравствуйте')).toBe(200)
    expect(tg.lastTo(7199)!.params.text).toContain('откройте ссылку')
    expect(await server.db('customer_chat_messages').count({ count: '*' }).first()).toEqual(before)
  })

  it('counts unread conversations per company: one member\'s read mark clears them for all, a reply marks read', async () => {
    const first = await linkedPatient(7201)
    const second = await linkedPatient(7202)
    clock += 60_000
    await tg.says(user(7201), 'Первое')
    clock += 60_000
    await tg.says(user(7201), 'Второе')
    clock += 60_000
    await tg.says(user(7202), 'Болит зуб')
    const inbox = await chat(admin).find({ query: { $limit: 50 } })
    const rows = inbox.data.filter((item) => [first._id, second._id].includes(item.customerId))
    // Newest first, each conversation's last message with its unread count.
    expect(rows.map((item) => [item.customerId, item.text, item.unread])).toEqual([[second._id, 'Болит зуб', 1], [first._id, 'Второе', 2]])
    const unreadBefore = (await chat(colleague).find({ query: { unread: { $gt: 0 }, $limit: 0 } })).total

    // The colleague opens the first conversation: read up to its newest message, for everybody.
    const newest = (await chat(colleague).find({ query: { customerId: first._id } })).data[0]
    const heard = eventWhere<ChatMessage>(admin.client, 'customer-chat-messages', 'patched', (message) => message.customerId === first._id)
    expect(await chat(colleague).patch(newest._id, { read: true })).toMatchObject({ _id: newest._id, read: true, unread: 0 })
    expect(await heard).toMatchObject({ unread: 0 })
    expect((await chat(admin).find({ query: { unread: { $gt: 0 }, $limit: 0 } })).total).toBe(unreadBefore - 1)
    expect((await chat(admin).find({ query: { customerId: first._id } })).data.filter((item) => item.direction === 'in').every((item) => item.read)).toBe(true)

    // A reply to the second marks it read too.
    await chat(admin).create({ customerId: second._id, text: 'Приходите сегодня в 15:00' })
    expect((await chat(admin).find({ query: { unread: { $gt: 0 }, $limit: 0 } })).total).toBe(unreadBefore - 2)
    const [last] = (await chat(admin).find({ query: { $limit: 1 } })).data
    expect(last).toMatchObject({ customerId: second._id, direction: 'out', text: 'Приходите сегодня в 15:00', unread: 0 })
  })

  it('sends a reply through the outbox to Telegram; its state reaches the bubble live', async () => {
    const patient = await linkedPatient(7301)
    const heardCreated = eventWhere<ChatMessage>(colleague.client, 'customer-chat-messages', 'created', (message) => message.customerId === patient._id)
    const reply = await chat(admin).create({ customerId: patient._id, text: '  Добрый день! Ждём вас.  ' })
    expect(reply).toMatchObject({ direction: 'out', channel: 'telegram', event: 'chatReply', state: 'scheduled', text: 'Добрый день! Ждём вас.', createdBy: admin.auth.user._id })
    expect(await heardCreated).toMatchObject({ _id: reply._id })
    // The patient's communications log has it too.
    const logged = (await admin.client.service('communications').get(reply._id)) as Communication
    expect(logged).toMatchObject({ event: 'chatReply', automated: false, channel: 'telegram' })
    const heardSent = eventWhere<Communication>(colleague.client, 'communications', 'patched', (row) => row._id === reply._id && row.state === 'sent')
    await tick()
    await heardSent
    const sent = tg.sent().filter((call) => Number(call.params.chat_id) === 7301)
    expect(sent.at(-1)!.params).toMatchObject({ text: 'Добрый день! Ждём вас.' })
    expect(sent.at(-1)!.params.reply_markup).toBeUndefined()
    expect(await chat(colleague).get(reply._id)).toMatchObject({ state: 'sent' })
  })

  it('refuses bad replies and marks: blank, too long, unknown fields, another channel, an unlinked patient', async () => {
    const patient = await linkedPatient(7401)
    const plain = await admin.client.service('customers').create({ first_name: 'No', last_name: 'Telegram' })
    expect((await failure(chat(admin).create({ customerId: patient._id, text: '   ' }))).data).toMatchObject({ code: 'field-required', path: 'text' })
    expect((await failure(chat(admin).create({ customerId: patient._id, text: '' }))).data).toMatchObject({ code: 'field-required', path: 'text' })
    expect((await failure(chat(admin).create({ customerId: patient._id, text: 'я'.repeat(4097) }))).data).toMatchObject({ code: 'chat-text-too-long', path: 'text' })
    expect((await failure(chat(admin).create(malformed({ customerId: patient._id, text: 'Hi', state: 'sent' })))).name).toBe('BadRequest')
    expect((await failure(chat(admin).create(malformed({ customerId: patient._id, text: 'Hi', channel: 'sms' })))).name).toBe('BadRequest')
    expect((await failure(chat(admin).create(malformed({ text: 'Hi' })))).name).toBe('BadRequest')
    expect((await failure(chat(admin).create({ customerId: plain._id, text: 'Hi' }))).data).toMatchObject({ code: 'telegram-user-not-found' })
    // WhatsApp replies need the company's WhatsApp number first.
    expect((await failure(chat(admin).create({ customerId: patient._id, text: 'Hi', channel: 'whatsapp' }))).data).toMatchObject({ code: 'whatsapp-not-configured' })
    expect((await failure(chat(admin).find({ query: malformed({ customerId: patient._id, text: 'x' }) }))).name).toBe('BadRequest')
    expect((await failure(chat(admin).find({ query: malformed({ unread: { $gt: 5 } }) }))).name).toBe('BadRequest')
    // A read mark names a patient's message and only says read.
    await tg.says(user(7401), 'Спасибо')
    const [mine] = (await chat(admin).find({ query: { customerId: patient._id } })).data
    expect((await failure(chat(admin).patch(mine._id, malformed({ read: false })))).name).toBe('BadRequest')
    expect((await failure(chat(admin).patch(mine._id, malformed({ read: true, text: 'changed' })))).name).toBe('BadRequest')
    const reply = await chat(admin).create({ customerId: patient._id, text: 'Пожалуйста' })
    expect((await failure(chat(admin).patch(reply._id, { read: true }))).name).toBe('NotFound')
    const removable = chat(admin) as unknown as { remove: (id: string) => Promise<unknown> }
    expect((await failure(removable.remove(mine._id))).name).toBe('MethodNotAllowed')
  })

  it('a merge of two records of one person makes one conversation of their two', async () => {
    const kept = await linkedPatient(7601)
    const merged = await linkedPatient(7602)
    clock += 60_000
    await tg.says(user(7601), 'Старый номер')
    clock += 60_000
    await tg.says(user(7602), 'Новый номер')
    await admin.client.service('customers-merge').create({ keepId: kept._id, mergeId: merged._id })
    const conversation = await chat(admin).find({ query: { customerId: kept._id } })
    expect(conversation.data.filter((item) => item.direction === 'in').map((item) => item.text)).toEqual(['Новый номер', 'Старый номер'])
    const rows = (await chat(admin).find({ query: { $limit: 200 } })).data.filter((item) => [kept._id, merged._id].includes(item.customerId))
    expect(rows.map((item) => [item.customerId, item.text, item.unread])).toEqual([[kept._id, 'Новый номер', 2]])
  })

  it('keeps conversations to those who may see them: other companies, other branches, doctors without the right', async () => {
    const north = await admin.client.service('branches').create({ name: 'North' })
    const northPatient = await linkedPatient(7501, north._id)
    // A front desk role of the main branch only, with the communications rights.
    const role = await admin.client.service('roles').create({ name: 'Front desk chat', permissions: [{ resource: 'customers', view: true }, { resource: 'communications', view: true, create: true }] })
    const mainDesk = await signedInMember(server, admin, { roleId: role._id, branchIds: [clinic.branchId] })
    const elsewhere = await server.registerClinic('Elsewhere')

    const deskHears = receivesEvent(mainDesk.client, 'customer-chat-messages', 'created', 1500)
    const otherHears = receivesEvent(elsewhere.client, 'customer-chat-messages', 'created', 1500)
    const doctorHears = receivesEvent(clinic.doctor.client, 'customer-chat-messages', 'created', 1500)
    const adminHears = eventWhere<ChatMessage>(admin.client, 'customer-chat-messages', 'created', (message) => message.customerId === northPatient._id)
    clock += 60_000
    await tg.says(user(7501), 'Я из северного филиала')
    const message = await adminHears
    expect([await deskHears, await otherHears, await doctorHears]).toEqual([false, false, false])

    // Not in their inbox, not by id, not by patient; no reply to them.
    expect((await chat(mainDesk).find({ query: { $limit: 200 } })).data.map((item) => item.customerId)).not.toContain(northPatient._id)
    expect((await failure(chat(mainDesk).get(message._id))).name).toBe('NotFound')
    expect((await failure(chat(mainDesk).find({ query: { customerId: northPatient._id } }))).name).toBe('NotFound')
    expect((await failure(chat(mainDesk).create({ customerId: northPatient._id, text: 'Hi' }))).name).toBe('NotFound')
    expect((await failure(chat(mainDesk).patch(message._id, { read: true }))).name).toBe('NotFound')
    // Another company: nothing at all.
    expect((await chat(elsewhere).find({})).total).toBe(0)
    expect((await failure(chat(elsewhere).get(message._id))).name).toBe('NotFound')
    expect((await failure(chat(elsewhere).create({ customerId: northPatient._id, text: 'Hi' }))).data).toMatchObject({ code: 'invalid-reference' })
    // A doctor without `communications` sees nothing.
    expect((await failure(chat(clinic.doctor).find({}))).name).toBe('Forbidden')
    expect((await failure(chat(clinic.doctor).find({ query: { customerId: northPatient._id } }))).name).toBe('Forbidden')
    // A role that may read but not reply.
    const reader = await admin.client.service('roles').create({ name: 'Chat reader', permissions: [{ resource: 'customers', view: true }, { resource: 'communications', view: true }] })
    const readOnly = await signedInMember(server, admin, { roleId: reader._id, branchIds: [clinic.branchId, north._id] })
    expect((await chat(readOnly).find({ query: { customerId: northPatient._id } })).total).toBe(1)
    expect((await failure(chat(readOnly).create({ customerId: northPatient._id, text: 'Hi' }))).name).toBe('Forbidden')
  })
})
