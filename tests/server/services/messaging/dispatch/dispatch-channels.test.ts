import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { openClinic } from '../../../support/appointment-fixtures'
import { TelegramServer, type TelegramUser } from '../../../support/telegram-server'
import { WhatsappServer } from '../../../support/whatsapp-server'
import { OutboxWorker } from '../../../../../server/src/jobs/outbox-worker'
import { DispatchRunner } from '../../../../../server/src/jobs/dispatch-runner'
import { optOutToken } from '../../../../../server/src/services/messaging/dispatch/opt-out-token'
import type { DispatchChannel } from '../../../../../domain/messaging/dispatch'
import type { TelegramDeepLink } from '../../../../../server/src/services/messaging/telegram/telegram.shared'

/**
 * Broadcasts by Telegram and WhatsApp (issue 18, item 6; docs/decisions/messaging.md "Dispatch"):
 * the promo rules of SMS, then the channel's reach (Telegram: linked to the clinic's bot;
 * WhatsApp: the number's 24-hour window open when the message goes), counted by reason in the
 * preview; no SMS parts or cost; the opt-out line in every message; each recipient's result.
 * Against the local Bot API and Graph API servers.
 */
describe.each(engines)('dispatch by Telegram and WhatsApp on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let tg: TelegramServer
  let wa: WhatsappServer
  let tag: string
  let counter = 0
  // 12:00 in Helsinki: inside the quiet-hours window.
  let clock = Date.parse('2031-05-01T09:00:00Z')
  const hours = (count: number) => count * 3_600_000
  const PRICE = 5000
  const TEXT = 'Весенняя скидка, {{patient}}!'
  const patients: Record<string, { _id: string; phone: string; chat?: number }> = {}

  beforeAll(async () => {
    tg = await new TelegramServer().start()
    wa = await new WhatsappServer().start()
    server = await startServer(engine)
    server.app.set('telegramApiRoot', tg.url)
    server.app.set('whatsappBaseUrl', wa.url)
    // SMS reaches nothing real: a broadcast by Telegram or WhatsApp must never fall back to it.
    server.app.set('eskizBaseUrl', 'http://127.0.0.1:9/api')
    server.app.set('messagingClock', () => clock)
    server.app.get('config').publicUrl = server.url
    admin = (await openClinic(server)).admin
    const integrations = admin.client.service('integrations')
    const [settings] = (await integrations.find()).data
    await integrations.patch(settings._id, {
      eskiz: { email: 'clinic@example.uz', password: 'never-used', from: '4546' },
      rules: { ...settings.rules, smsSegmentPrice: PRICE },
      telegram: { token: tg.token, mode: 'webhook' },
      whatsapp: { accessToken: wa.accessToken, appSecret: wa.appSecret, verifyToken: 'meta-verify-token', phoneNumberId: wa.phoneNumberId }
    })
    await admin.client.service('telegram-integration').create({})
    wa.webhookUrl = (await admin.client.service('whatsapp-integration').create({})).webhookUrl
    tag = (await admin.client.service('tags').create({ name: 'Promo' }))._id

    /**
     * The audience (all tagged): ready linked and wrote 1 h ago; late linked, never wrote; fresh
     * not linked, wrote 23 h ago; then one left out for each promo reason (linked and wrote, so
     * only the promo rule leaves them out), and one with no phone.
     */
    const add = async (key: string, extra: Record<string, unknown> = {}) => {
      counter += 1
      const phone = `99890${String(2000000 + counter)}`
      const created = await admin.client.service('customers').create({ first_name: 'Анна', last_name: `Рассылка${counter}`, phone, smsConsent: true, promoSmsConsent: true, tagIds: [tag], ...extra })
      patients[key] = { _id: created._id, phone: created.phone ?? phone }
    }
    const link = async (key: string) => {
      const user: TelegramUser = { id: 7000 + counter++, first_name: 'Anna', username: `anna_${key}`, language_code: 'ru' }
      const deep = (await admin.client.service('telegram').create({ customerId: patients[key]._id })) as unknown as TelegramDeepLink
      await tg.opens(user, new URL(deep.url).searchParams.get('start')!)
      await tg.shareContact(user, `+${patients[key].phone}`)
      patients[key].chat = user.id
    }
    const writes = (key: string, agoMs: number) => wa.text(patients[key].phone, 'Здравствуйте', clock - agoMs)
    for (const key of ['ready', 'late', 'fresh', 'blacklisted', 'noSms', 'optedOut', 'noPromo']) await add(key)
    await add('noPhone', { phone: '' })
    for (const key of ['ready', 'late', 'blacklisted', 'noSms', 'optedOut', 'noPromo']) await link(key)
    for (const key of ['blacklisted', 'noSms', 'optedOut', 'noPromo']) await writes(key, hours(1))
    await writes('ready', hours(1))
    await writes('fresh', hours(23))
    // The promo rules, set after linking (sharing the phone must still match).
    await admin.client.service('customers').patch(patients.blacklisted._id, { blacklisted: true })
    await admin.client.service('customers').patch(patients.noSms._id, { smsConsent: false })
    await admin.client.service('customers').patch(patients.noPromo._id, { promoSmsConsent: false })
    expect((await fetch(`${server.url}/u/${optOutToken(server.app.get('config').authSecret, patients.optedOut._id)}`, { method: 'POST' })).status).toBe(200)
  })
  afterAll(async () => {
    await server.stop()
    await tg.stop()
    await wa.stop()
  })

  const preview = (channel: DispatchChannel) => admin.client.service('dispatcher').create({ filter: { tagIds: [tag] }, text: TEXT, channel })
  const promoReasons = { blacklisted: 1, noSmsConsent: 1, optedOut: 1, noPromoConsent: 1 }
  const optOutUrl = (key: string) => `${server.url}/u/${optOutToken(server.app.get('config').authSecret, patients[key]._id)}`

  it('counts by reason per channel: the promo rules, then Telegram\'s link or WhatsApp\'s window; the cost only for SMS', async () => {
    const sms = await preview('sms')
    expect(sms).toMatchObject({ channel: 'sms', matched: 8, recipients: 3, excluded: { ...promoReasons, noPhone: 1 }, segmentPrice: PRICE })
    expect(sms.cost).toBe(3 * sms.segments * PRICE)
    expect(sms.excluded).not.toHaveProperty('telegramNotLinked')

    const telegram = await preview('telegram')
    // No phone is no reason by Telegram: the patient without one is left out as not linked.
    expect(telegram).toMatchObject({ channel: 'telegram', matched: 8, recipients: 2, excluded: { ...promoReasons, telegramNotLinked: 2 }, segmentPrice: 0, cost: 0 })
    expect(telegram.excluded).not.toHaveProperty('noPhone')
    expect(telegram.sample).toMatch(/\nОтписаться: http:\/\/.+\/u\/[A-Za-z0-9_-]{30}$/)

    const whatsapp = await preview('whatsapp')
    expect(whatsapp).toMatchObject({ channel: 'whatsapp', matched: 8, recipients: 2, excluded: { ...promoReasons, noPhone: 1, whatsappWindowClosed: 1 }, segmentPrice: 0, cost: 0 })
  })

  it('a broadcast by Telegram reaches only linked consenting patients, each with their opt-out link', async () => {
    const draft = await admin.client.service('dispatch').create({ name: 'Telegram', channel: 'telegram', text: TEXT, filter: { tagIds: [tag] } })
    const scheduled = await admin.client.service('dispatch').patch(draft._id, { state: 'scheduled' })
    const runner = new DispatchRunner(server.app)
    await runner.enqueueAll()
    const before = tg.sent().length
    await new OutboxWorker(server.app, { concurrency: 1 }).tick()
    await runner.tick()

    const sent = tg.sent().slice(before)
    expect(sent.map((call) => Number(call.params.chat_id)).sort()).toEqual([patients.ready.chat, patients.late.chat].sort())
    for (const key of ['ready', 'late']) {
      const call = sent.find((item) => Number(item.params.chat_id) === patients[key].chat)!
      expect(call.params.text).toBe(`Весенняя скидка, Анна!\nОтписаться: ${optOutUrl(key)}`)
    }
    const done = await admin.client.service('dispatch').get(scheduled._id)
    expect(done).toMatchObject({ state: 'done', channel: 'telegram', matched: 8, recipients: 2, excluded: { ...promoReasons, telegramNotLinked: 2 }, segments: 0, cost: 0, progress: { sent: 2 } })
    const results = await admin.client.service('dispatcher').find({ query: { dispatchId: scheduled._id } })
    expect(results.total).toBe(2)
    expect(results.data.map((row) => row.customerId).sort()).toEqual([patients.ready._id, patients.late._id].sort())
    expect(results.data.every((row) => row.channel === 'telegram' && row.provider === 'telegram' && row.state === 'sent' && row.providerMessageId && row.segments === 0)).toBe(true)
  })

  it('a broadcast by WhatsApp goes as free text to open windows only; a window that closed before the send fails, nothing falls back to SMS', async () => {
    const draft = await admin.client.service('dispatch').create({ name: 'WhatsApp', channel: 'whatsapp', text: TEXT, filter: { tagIds: [tag] } })
    const scheduled = await admin.client.service('dispatch').patch(draft._id, { state: 'scheduled' })
    const runner = new DispatchRunner(server.app)
    await runner.enqueueAll()
    const before = wa.sent.length
    expect(await admin.client.service('dispatch').get(scheduled._id)).toMatchObject({ recipients: 2, excluded: { whatsappWindowClosed: 1, noPhone: 1 }, progress: { scheduled: 2 } })
    // An hour passes before the worker takes them: the fresh number wrote 24 h ago now.
    clock += hours(1)
    try {
      await new OutboxWorker(server.app, { concurrency: 1 }).tick()
      await runner.tick()
    } finally {
      clock -= hours(1)
    }
    const sent = wa.sent.slice(before)
    expect(sent.map((item) => item.to)).toEqual([patients.ready.phone])
    const [message] = sent
    expect(message.type).toBe('text')
    expect((message.body.text as { body: string }).body).toBe(`Весенняя скидка, Анна!\nОтписаться: ${optOutUrl('ready')}`)
    const done = await admin.client.service('dispatch').get(scheduled._id)
    expect(done).toMatchObject({ state: 'done', channel: 'whatsapp', segments: 0, cost: 0, progress: { sent: 1, failed: 1 } })
    const failed = await admin.client.service('dispatcher').find({ query: { dispatchId: scheduled._id, state: 'failed' } })
    expect(failed.data).toHaveLength(1)
    expect(failed.data[0]).toMatchObject({ customerId: patients.fresh._id, channel: 'whatsapp' })
    expect(failed.data[0].error).toMatch(/24-hour window/)
    expect(await server.db('outbox_messages').where({ customerId: patients.fresh._id, channel: 'sms' }).count({ count: '*' }).then((rows) => Number(rows[0].count))).toBe(0)
  })

  it('by the channel order each patient gets it by the first channel that reaches them; the cost only for those by SMS', async () => {
    // The default order: Telegram, WhatsApp, SMS.
    expect(await preview('order')).toMatchObject({ channel: 'order', matched: 8, recipients: 3, byChannel: { telegram: 2, whatsapp: 1 }, excluded: { ...promoReasons, noChannel: 1 }, cost: 0 })
    const integrations = admin.client.service('integrations')
    const [settings] = (await integrations.find()).data
    await integrations.patch(settings._id, { rules: { ...settings.rules, channelOrder: ['whatsapp', 'sms'] } })
    try {
      const bySms = await preview('order')
      expect(bySms).toMatchObject({ recipients: 3, byChannel: { whatsapp: 2, sms: 1 }, excluded: { ...promoReasons, noChannel: 1 }, segmentPrice: PRICE })
      expect(bySms.cost).toBe(1 * bySms.segments * PRICE)
    } finally {
      await integrations.patch(settings._id, { rules: settings.rules })
    }

    const draft = await admin.client.service('dispatch').create({ name: 'Order', channel: 'order', text: TEXT, filter: { tagIds: [tag] } })
    const scheduled = await admin.client.service('dispatch').patch(draft._id, { state: 'scheduled' })
    const runner = new DispatchRunner(server.app)
    await runner.enqueueAll()
    const [tgBefore, waBefore] = [tg.sent().length, wa.sent.length]
    await new OutboxWorker(server.app, { concurrency: 1 }).tick()
    await runner.tick()
    expect(tg.sent().slice(tgBefore).map((call) => Number(call.params.chat_id)).sort()).toEqual([patients.ready.chat, patients.late.chat].sort())
    expect(wa.sent.slice(waBefore).map((item) => item.to)).toEqual([patients.fresh.phone])
    expect(await admin.client.service('dispatch').get(scheduled._id)).toMatchObject({ state: 'done', recipients: 3, excluded: { noChannel: 1 }, segments: 0, cost: 0, progress: { sent: 3 } })
    const results = await admin.client.service('dispatcher').find({ query: { dispatchId: scheduled._id } })
    expect(Object.fromEntries(results.data.map((row) => [row.customerId, row.channel]))).toEqual({ [patients.ready._id]: 'telegram', [patients.late._id]: 'telegram', [patients.fresh._id]: 'whatsapp' })
  })

  it('needs the channel\'s account to start', async () => {
    const other = await server.registerClinic('No bot')
    for (const [channel, code] of [['telegram', 'telegram-not-configured'], ['whatsapp', 'whatsapp-not-configured']] as const) {
      const draft = await other.client.service('dispatch').create({ name: channel, channel, text: 'Hi' })
      expect((await failure(other.client.service('dispatch').patch(draft._id, { state: 'scheduled' }))).data).toMatchObject({ code })
    }
  })
})
