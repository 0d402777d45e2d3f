import { engines, failure, nextEvent, startServer, type SignedIn, type TestServer } from '../../support/harness'
import { booking, openClinic, type Clinic } from '../../support/appointment-fixtures'
import { TelegramServer, type TelegramUser } from '../../support/telegram-server'
import { OutboxWorker } from '../../../../server/src/jobs/outbox-worker'
import { TelegramPoller } from '../../../../server/src/jobs/telegram-poller'
import type { Communication } from '../../../../server/src/services/messaging/communications/communications.shared'
import type { TelegramDeepLink } from '../../../../server/src/services/messaging/telegram/telegram.shared'

/**
 * Telegram (issue 18): a clinic's bot tested against a local server speaking the Bot API. A
 * patient links their Telegram by a one-time deep link and their shared phone, gets a reminder
 * with Confirm / Cancel buttons, presses Confirm and every calendar sees the visit confirmed.
 */
describe.each(engines)('Telegram on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let admin: SignedIn
  let tg: TelegramServer
  let clock = Date.parse('2031-05-01T07:00:00Z')
  let counter = 0
  const worker = () => new OutboxWorker(server.app, { concurrency: 1 })
  const minutes = (count: number) => count * 60_000

  beforeAll(async () => {
    tg = await new TelegramServer().start()
    server = await startServer(engine)
    server.app.set('telegramApiRoot', tg.url)
    server.app.set('messagingClock', () => clock)
    server.app.get('config').publicUrl = server.url
    clinic = await openClinic(server)
    admin = clinic.admin
    // An SMS account too (never reached here): Telegram must win over SMS for a linked patient.
    await admin.client.service('integrations').patch(await settingsId(), { eskiz: { email: 'clinic@example.uz', password: 'never-used', from: '4546' } })
  })
  afterAll(async () => {
    await server.stop()
    await tg.stop()
  })

  const settingsId = async () => (await admin.client.service('integrations').find()).data[0]._id
  async function patient(phone?: string) {
    counter += 1
    return admin.client.service('customers').create({ first_name: 'Анна', last_name: `Телеграм${counter}`, phone: phone ?? `+998 90 ${100 + counter} 22 ${String(counter).padStart(2, '0')}` })
  }
  const messagesOf = async (customerId: string): Promise<Communication[]> => (await admin.client.service('communications').find({ query: { customerId, $sort: { createdAt: 1 } } })).data
  const user = (id: number): TelegramUser => ({ id, first_name: 'Anna', username: `anna${id}`, language_code: 'ru' })
  /** The service's create answers a deep link, not a link row. */
  const deepLinkFor = async (customerId: string) => (await admin.client.service('telegram').create({ customerId })) as unknown as TelegramDeepLink
  const tokenOf = (url: string) => new URL(url).searchParams.get('start')!

  /** Mints a deep link, opens it and shares the phone: the patient is linked. */
  async function link(customerId: string, phone: string, who: TelegramUser) {
    const deep = await deepLinkFor(customerId)
    await tg.opens(who, tokenOf(deep.url))
    await tg.shareContact(who, phone)
  }

  it('says "Telegram integration is not configured" without a bot token', async () => {
    const anna = await patient()
    expect(await failure(admin.client.service('telegram').create({ customerId: anna._id }))).toMatchObject({ name: 'BadRequest', message: 'Telegram integration is not configured', data: { code: 'telegram-not-configured' } })
    expect(await failure(admin.client.service('telegram-integration').create({}))).toMatchObject({ name: 'BadRequest', data: { code: 'telegram-not-configured' } })
  })

  it('tests the connection: getMe names the bot, the webhook is set with a secret token; the token never leaves the server', async () => {
    const id = await settingsId()
    expect(await failure(admin.client.service('integrations').patch(id, { telegram: { token: 'not a token' } }))).toMatchObject({ name: 'BadRequest' })
    await admin.client.service('integrations').patch(id, { telegram: { token: '999:wrong-token-wrong-token-wrong' } })
    expect(await failure(admin.client.service('telegram-integration').create({}))).toMatchObject({ name: 'BadRequest', data: { code: 'telegram-connection-failed' } })
    const saved = await admin.client.service('integrations').patch(id, { telegram: { token: tg.token, mode: 'webhook' } })
    expect(saved.telegram).toEqual({ mode: 'webhook', username: '', tokenSet: true })
    expect(JSON.stringify(saved)).not.toContain(tg.token)
    const stored = await server.db('messaging_settings').where({ _id: id }).first()
    expect(String(stored.telegram)).not.toContain(tg.token.split(':')[1])
    const check = await admin.client.service('telegram-integration').create({})
    expect(check).toMatchObject({ username: 'clinic_test_bot', firstName: 'Clinic Bot', mode: 'webhook' })
    expect(tg.webhook?.url).toMatch(new RegExp(`^${server.url}/hooks/telegram/[0-9a-f]{48}$`))
    expect(tg.webhook?.secretToken).toMatch(/^[0-9a-f]{48}$/)
    expect(check.webhookUrl).toBe(tg.webhook?.url)
    expect((await admin.client.service('integrations').get(id)).telegram.username).toBe('clinic_test_bot')
  })

  it('links a patient by deep link and their own phone; a wrong phone or someone else\'s contact is refused', async () => {
    const anna = await patient('+998 90 555 11 22')
    const deep = await deepLinkFor(anna._id)
    expect(deep.url).toMatch(/^https:\/\/t\.me\/clinic_test_bot\?start=[A-Za-z0-9_-]{32}$/)
    const annaTg = user(5001)
    expect(await tg.opens(annaTg, tokenOf(deep.url))).toBe(200)
    const ask = tg.lastTo(5001)!
    expect(ask.params.text).toContain('поделитесь номером')
    expect(ask.params.reply_markup).toMatchObject({ keyboard: [[{ request_contact: true }]], one_time_keyboard: true })
    // Someone else's contact, then a number that is not the card's: refused, nothing linked.
    await tg.shareContact(annaTg, '+998905551122', 7777)
    expect(tg.lastTo(5001)!.params.text).toContain('своим номером')
    await tg.shareContact(annaTg, '+998 90 000 00 00')
    expect(tg.lastTo(5001)!.params.text).toContain('не совпадает')
    expect((await admin.client.service('telegram').find({ query: { customerId: anna._id } })).data).toHaveLength(0)
    // Her own number (Telegram sends it without a plus): linked, live on the card.
    const heard = nextEvent<{ customerId: string }>(admin.client, 'telegram', 'created')
    await tg.shareContact(annaTg, '998905551122')
    expect(await heard).toMatchObject({ customerId: anna._id, chatId: '5001' })
    expect(tg.lastTo(5001)!.params.text).toContain('Готово')
    const links = (await admin.client.service('telegram').find({ query: { customerId: anna._id } })).data
    expect(links).toMatchObject([{ customerId: anna._id, chatId: '5001', telegramUserId: '5001', username: 'anna5001' }])
    // The token was one-time.
    await tg.opens(user(5002), tokenOf(deep.url))
    expect(tg.lastTo(5002)!.params.text).toContain('недействительна')
    // A contact with no deep link opened first: the spec's "Telegram user is not found".
    await tg.shareContact(user(5003), '998905551122')
    expect(tg.lastTo(5003)!.params.text).toContain('Пользователь Telegram не найден')
    // Unlinking removes it.
    await admin.client.service('telegram').remove(links[0]._id)
    expect((await admin.client.service('telegram').find({ query: { customerId: anna._id } })).data).toHaveLength(0)
  })

  it('sends the reminder by Telegram (not SMS) with Confirm / Cancel; Confirm changes the visit live and records the channel', async () => {
    const ivan = await patient('+998 91 222 33 44')
    const ivanTg = user(6001)
    await link(ivan._id, '+998912223344', ivanTg)
    const visit = await admin.client.service('appointment').create(booking(clinic, '2031-05-20', '10:00', { customerId: ivan._id, notifyClient: true }))
    const rows = await messagesOf(ivan._id)
    expect(rows.map((row) => `${row.event}:${row.channel}`).sort()).toEqual(['bookingMade:telegram', 'reminder:telegram'])
    const reminder = rows.find((row) => row.event === 'reminder')!
    clock = Date.parse(reminder.dueAt)
    await worker().tick()
    const sent = tg.sent().filter((call) => Number(call.params.chat_id) === 6001 && String(call.params.text).includes('напоминаем'))
    expect(sent).toHaveLength(1)
    const keyboard = (sent[0].params.reply_markup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> }).inline_keyboard
    expect(keyboard.map((row) => row[0].text)).toEqual(['Подтвердить', 'Отменить'])
    expect((await messagesOf(ivan._id)).find((row) => row._id === reminder._id)).toMatchObject({ state: 'sent', provider: 'telegram' })

    // A forged button (another visit's id, a wrong signature) changes nothing.
    const [confirm] = keyboard.map((row) => row[0].callback_data)
    await tg.press(ivanTg, confirm.replace(/.{4}$/, 'AAAA'))
    expect(tg.sent('answerCallbackQuery').at(-1)!.params).toMatchObject({ show_alert: true })
    // Someone not linked to the patient presses a real button: nothing.
    await tg.press(user(6999), confirm)
    expect((await admin.client.service('appointment').get(visit._id)).status).toBe('planned')

    const heard = nextEvent<{ _id: string; status: string }>(admin.client, 'appointment', 'patched')
    expect(await tg.press(ivanTg, confirm)).toBe(200)
    expect(await heard).toMatchObject({ _id: visit._id, status: 'confirmed' })
    expect(String(tg.sent('answerCallbackQuery').at(-1)!.params.text)).toContain('подтверждён')
    expect((await server.db('appointment_links').where({ appointmentId: visit._id }).whereNotNull('usedAt')).map((row) => row.action)).toEqual(['confirm:telegram'])
  })

  it('an unlinked patient gets SMS; a branch whose order puts SMS first sends SMS to a linked one too', async () => {
    const plain = await patient()
    await admin.client.service('appointment').create(booking(clinic, '2031-05-21', '10:00', { customerId: plain._id, notifyClient: true }))
    expect((await messagesOf(plain._id)).map((row) => row.channel)).toEqual(['sms', 'sms'])
    const linked = await patient('+998 95 123 45 67')
    await link(linked._id, '998951234567', user(6101))
    const settings = await admin.client.service('integrations').get(await settingsId())
    await admin.client.service('integrations').patch(settings._id, { rules: { ...settings.rules, branchChannelOrder: { [clinic.branchId]: ['sms', 'telegram'] } } })
    await admin.client.service('appointment').create(booking(clinic, '2031-05-22', '10:00', { customerId: linked._id, notifyClient: true }))
    expect((await messagesOf(linked._id)).map((row) => row.channel)).toEqual(['sms', 'sms'])
    await admin.client.service('integrations').patch(settings._id, { rules: { ...settings.rules, channelOrder: ['telegram', 'sms'] } })
    await admin.client.service('appointment').create(booking(clinic, '2031-05-23', '10:00', { customerId: linked._id, notifyClient: true }))
    expect((await messagesOf(linked._id)).slice(2).map((row) => row.channel)).toEqual(['telegram', 'telegram'])
  })

  it('a webhook call with a wrong secret token is refused and changes nothing; an unknown path is 404', async () => {
    const before = tg.calls.length
    expect(await tg.opens(user(7001), '', 'not-the-secret')).toBe(401)
    const noHeader = await fetch(tg.webhook!.url, { method: 'POST', body: '{"update_id":1}', headers: { 'content-type': 'application/json' } })
    expect(noHeader.status).toBe(401)
    expect(await tg.opens(user(7001), '')).toBe(200)
    expect(tg.calls.length).toBe(before + 1)
    const unknown = await fetch(`${server.url}/hooks/telegram/${'0'.repeat(48)}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
    expect(unknown.status).toBe(404)
  })

  it('retries a 429 no sooner than retry_after and fails a blocked chat (403)', async () => {
    // What earlier tests left due goes first, so the scripted answers meet Olga's message.
    clock += minutes(10)
    await worker().tick()
    const olga = await patient('+998 93 444 55 66')
    await link(olga._id, '+998934445566', user(8001))
    await admin.client.service('appointment').create(booking(clinic, '2031-06-20', '10:00', { customerId: olga._id, notifyClient: true }))
    const notice = (await messagesOf(olga._id)).find((row) => row.event === 'bookingMade')!
    clock = Date.parse(notice.dueAt)
    tg.script(429, { ok: false, error_code: 429, description: 'Too Many Requests: retry after 300', parameters: { retry_after: 300 } })
    await worker().tick()
    let row = (await messagesOf(olga._id)).find((item) => item._id === notice._id)!
    expect(row).toMatchObject({ state: 'scheduled' })
    expect(Date.parse(row.dueAt)).toBe(clock + 300_000)
    clock += 300_000
    tg.script(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' })
    await worker().tick()
    row = (await messagesOf(olga._id)).find((item) => item._id === notice._id)!
    expect(row).toMatchObject({ state: 'failed' })
    expect(row.error).toContain('403')
  })

  it('long polling: the webhook is deleted, updates come by getUpdates once each', async () => {
    await admin.client.service('integrations').patch(await settingsId(), { telegram: { mode: 'polling' } })
    await admin.client.service('telegram-integration').create({})
    expect(tg.webhook).toBeNull()
    const petr = await patient('+998 94 777 88 99')
    const deep = await deepLinkFor(petr._id)
    await tg.opens(user(9001), tokenOf(deep.url))
    const poller = new TelegramPoller(server.app)
    expect(await poller.tick()).toBe(1)
    await tg.shareContact(user(9001), '998947778899')
    expect(await poller.tick()).toBe(1)
    expect(await poller.tick()).toBe(0)
    expect((await admin.client.service('telegram').find({ query: { customerId: petr._id } })).data).toMatchObject([{ chatId: '9001' }])
  })
})
