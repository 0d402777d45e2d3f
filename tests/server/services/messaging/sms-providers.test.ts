import { randomUUID } from 'node:crypto'
import { engines, eventWhere, failure, nextEvent, startServer, type SignedIn, type TestServer } from '../../support/harness'
import { booking, openClinic, type Clinic } from '../../support/appointment-fixtures'
import { malformed } from '../../support/malformed'
import { PlayMobileServer } from '../../support/playmobile-server'
import { SmsRuServer } from '../../support/smsru-server'
import { TelegramServer } from '../../support/telegram-server'
import { OutboxWorker } from '../../../../server/src/jobs/outbox-worker'
import type { Communication } from '../../../../server/src/services/messaging/communications/communications.shared'

/**
 * Issue 18, item 2: Play Mobile and SMS.ru behind the outbox, each against a local server
 * speaking its protocol; the SMS provider chosen per company; delivery reports by callback (a
 * secret path per company) and by polling; retried / failed / unknown by the answer's shape; and
 * the channel order's fallback Telegram → SMS (never after an unknown outcome).
 */
describe.each(engines)('SMS providers and the channel order on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let other: Clinic
  let admin: SignedIn
  let pm: PlayMobileServer
  let smsru: SmsRuServer
  let tg: TelegramServer
  let clock = Date.parse('2031-05-01T07:00:00Z')
  let counter = 0
  const minutes = (count: number) => count * 60_000
  const worker = () => new OutboxWorker(server.app, { concurrency: 1 })

  beforeAll(async () => {
    pm = await new PlayMobileServer().start()
    smsru = await new SmsRuServer().start()
    tg = await new TelegramServer().start()
    server = await startServer(engine)
    server.app.set('playmobileBaseUrl', pm.url)
    server.app.set('smsruBaseUrl', smsru.url)
    server.app.set('telegramApiRoot', tg.url)
    server.app.set('messagingClock', () => clock)
    server.app.get('config').publicUrl = server.url
    clinic = await openClinic(server)
    other = await openClinic(server)
    admin = clinic.admin
  })
  afterAll(async () => {
    await server.stop()
    await Promise.all([pm.stop(), smsru.stop(), tg.stop()])
  })

  const settingsOf = async (who: SignedIn) => (await who.client.service('integrations').find()).data[0]
  async function patient(who: SignedIn = admin) {
    counter += 1
    return who.client.service('customers').create({ first_name: 'Анна', last_name: `Смс${counter}`, phone: `+998 90 ${String(200 + counter)} ${String(10 + counter).slice(-2)} 33` })
  }
  const messagesOf = async (customerId: string, who: SignedIn = admin): Promise<Communication[]> =>
    (await who.client.service('communications').find({ query: { customerId, $sort: { createdAt: 1 } } })).data
  let day = 0
  /** A visit notice for a new patient (a visit on a day of its own), sent: the notice row after the round. */
  async function sentNotice(who: Clinic = clinic) {
    const person = await patient(who.admin)
    day += 1
    await who.admin.client.service('appointment').create(booking(who, `2031-07-${String(day).padStart(2, '0')}`, '10:00', { customerId: person._id, notifyClient: true }))
    clock += minutes(3)
    await worker().tick()
    return { person, notice: (await messagesOf(person._id, who.admin)).find((row) => row.event === 'bookingMade')! }
  }

  it('keeps Play Mobile and SMS.ru credentials sealed, shows each report address, refuses unknown fields', async () => {
    const settings = await settingsOf(admin)
    expect(settings.smsProvider).toBe('eskiz')
    expect(settings.playmobile).toEqual({ login: '', originator: '', passwordSet: false, reportUrl: '' })
    const saved = await admin.client.service('integrations').patch(settings._id, {
      smsProvider: 'playmobile',
      playmobile: { login: pm.login, password: pm.password, originator: '3700' },
      smsru: { apiId: smsru.apiId, from: 'Clinic' }
    })
    expect(saved.smsProvider).toBe('playmobile')
    expect(saved.playmobile).toMatchObject({ login: pm.login, originator: '3700', passwordSet: true })
    expect(saved.playmobile.reportUrl).toMatch(new RegExp(`^${server.url}/hooks/playmobile/[0-9a-f]{48}$`))
    expect(saved.smsru).toMatchObject({ from: 'Clinic', apiIdSet: true })
    expect(saved.smsru.reportUrl).toMatch(/\/hooks\/smsru\/[0-9a-f]{48}$/)
    expect(saved.smsru.reportUrl.split('/').at(-1)).not.toBe(saved.playmobile.reportUrl.split('/').at(-1))
    const text = JSON.stringify(saved)
    expect(text).not.toContain(pm.password)
    expect(text).not.toContain(smsru.apiId)
    const row = await server.db('messaging_settings').where({ _id: settings._id }).first()
    expect(`${row.playmobile}${row.smsru}`).not.toContain(pm.password)
    expect(`${row.playmobile}${row.smsru}`).not.toContain(smsru.apiId)
    const log = await server.db('user_activities').where({ service: 'integrations' })
    expect(JSON.stringify(log)).not.toContain(smsru.apiId)
    // A later save keeps the report address and the secrets not given again.
    const kept = await admin.client.service('integrations').patch(settings._id, { playmobile: { originator: '3700' } })
    expect(kept.playmobile).toMatchObject({ passwordSet: true, reportUrl: saved.playmobile.reportUrl })
    expect((await failure(admin.client.service('integrations').patch(settings._id, malformed({ smsProvider: 'sms-bulk' })))).name).toBe('BadRequest')
    expect((await failure(admin.client.service('integrations').patch(settings._id, malformed({ playmobile: { login: 'x', url: 'http://evil' } })))).name).toBe('BadRequest')
  })

  it('Play Mobile: sends with HTTP Basic, marks delivered by its report (unknown path 404), asks get-status when no report came', async () => {
    const { person, notice } = await sentNotice()
    expect(notice).toMatchObject({ channel: 'sms', provider: 'playmobile', state: 'sent' })
    const sms = pm.messages.find((item) => item.messageId === notice.providerMessageId)!
    expect(sms).toMatchObject({ recipient: person.phone!.replace(/\D/g, ''), originator: '3700' })
    expect(sms.text).toMatch(/\d\d\.07\.2031/)
    const { playmobile } = await settingsOf(admin)
    const heard = nextEvent<Communication>(admin.client, 'communications', 'patched')
    expect(await pm.report(playmobile.reportUrl, sms.messageId, 'delivered')).toBe(200)
    expect(await heard).toMatchObject({ _id: notice._id, state: 'delivered' })
    const wrong = await fetch(`${server.url}/hooks/playmobile/${'0'.repeat(48)}`, { method: 'POST', body: JSON.stringify({ 'message-id': sms.messageId, status: 'failed' }), headers: { 'content-type': 'application/json' } })
    expect(wrong.status).toBe(404)
    // Another company's report address cannot touch this company's message.
    const otherSettings = await settingsOf(other.admin)
    const theirs = await other.admin.client.service('integrations').patch(otherSettings._id, { playmobile: { login: 'someone', password: 'else', originator: '3700' } })
    await pm.report(theirs.playmobile.reportUrl, sms.messageId, 'failed')
    expect((await messagesOf(person._id)).find((row) => row._id === notice._id)!.state).toBe('delivered')

    // No report: the worker asks after five minutes.
    const second = await sentNotice()
    pm.setStatus(second.notice.providerMessageId!, 'notDelivered')
    clock += minutes(6)
    await worker().tick()
    expect((await messagesOf(second.person._id)).find((row) => row._id === second.notice._id)).toMatchObject({ state: 'failed', error: 'playmobile: notDelivered' })
  })

  it('Play Mobile: a wrong password is retried, a refusal fails, a 500 or its error 100 is unknown', async () => {
    await worker().tick()
    const people = []
    for (let index = 0; index < 4; index += 1) {
      const person = await patient()
      await admin.client.service('appointment').create(booking(clinic, '2031-06-03', `${10 + index}:00`, { customerId: person._id, notifyClient: true }))
      people.push(person._id)
    }
    clock += minutes(3)
    pm.script(
      { status: 401, body: 'Unauthorized' },
      { status: 400, body: { 'error-code': 406, 'error-description': 'Invalid content' } },
      { status: 500, body: 'Internal Server Error' },
      { status: 400, body: { 'error-code': 100, 'error-description': 'Internal server error' } }
    )
    await worker().tick()
    const rows = await Promise.all(people.map(async (id) => (await messagesOf(id)).find((row) => row.event === 'bookingMade')!))
    expect(rows.map((row) => row.state)).toEqual(['scheduled', 'failed', 'unknown', 'unknown'])
    expect(Date.parse(rows[0].dueAt)).toBe(clock + minutes(1))
    expect(rows[1].error).toContain('406 Invalid content')
    clock += minutes(1)
    await worker().tick()
    expect((await messagesOf(people[0])).find((row) => row.event === 'bookingMade')!.state).toBe('sent')
  })

  it('SMS.ru: the company switches provider; sends, the callback marks delivered and is answered "100", polling reads the code and the cost', async () => {
    const settings = await settingsOf(admin)
    await admin.client.service('integrations').patch(settings._id, { smsProvider: 'smsru' })
    // A message scheduled while Play Mobile was chosen goes by SMS.ru, chosen when it goes.
    const { person, notice } = await sentNotice()
    expect(notice).toMatchObject({ provider: 'smsru', state: 'sent' })
    const sms = smsru.messages.find((item) => item.smsId === notice.providerMessageId)!
    expect(sms).toMatchObject({ to: person.phone!.replace(/\D/g, ''), from: 'Clinic' })
    const { smsru: account } = await settingsOf(admin)
    const heard = nextEvent<Communication>(admin.client, 'communications', 'patched')
    expect(await smsru.report(account.reportUrl, sms.smsId, 103)).toEqual({ status: 200, text: '100' })
    expect(await heard).toMatchObject({ _id: notice._id, state: 'delivered' })
    expect((await fetch(`${server.url}/hooks/smsru/${'f'.repeat(48)}`, { method: 'POST', body: 'data[0]=sms_status' })).status).toBe(404)

    const second = await sentNotice()
    smsru.setCode(second.notice.providerMessageId!, 104)
    clock += minutes(6)
    await worker().tick()
    expect((await messagesOf(second.person._id)).find((row) => row._id === second.notice._id)).toMatchObject({ state: 'failed', cost: 255 })
  })

  it('SMS.ru: "temporarily unavailable" is retried, a refused number fails, a server error or a dropped answer is unknown', async () => {
    await worker().tick()
    const people = []
    for (let index = 0; index < 4; index += 1) {
      const person = await patient()
      await admin.client.service('appointment').create(booking(clinic, '2031-06-04', `${10 + index}:00`, { customerId: person._id, notifyClient: true }))
      people.push(person)
    }
    clock += minutes(3)
    smsru.script(
      { status: 200, body: { status: 'ERROR', status_code: 220, status_text: 'Сервис временно недоступен' } },
      SmsRuServer.refusedNumber(people[1].phone!.replace(/\D/g, ''), 207, 'На этот номер нет маршрута'),
      { status: 200, body: { status: 'ERROR', status_code: 500, status_text: 'Ошибка на сервере' } },
      'drop'
    )
    await worker().tick()
    const rows = await Promise.all(people.map(async (person) => (await messagesOf(person._id)).find((row) => row.event === 'bookingMade')!))
    expect(rows.map((row) => row.state)).toEqual(['scheduled', 'failed', 'unknown', 'unknown'])
    expect(rows[1].error).toContain('207')
  })

  it('chooses the SMS provider per company: one clinic by SMS.ru, another by Play Mobile', async () => {
    // The retry left by the test before goes first.
    clock += minutes(2)
    await worker().tick()
    const settings = await settingsOf(other.admin)
    await other.admin.client.service('integrations').patch(settings._id, { smsProvider: 'playmobile', playmobile: { login: pm.login, password: pm.password, originator: 'OTHER' } })
    const before = { pm: pm.messages.length, smsru: smsru.messages.length }
    const theirs = await sentNotice(other)
    const ours = await sentNotice(clinic)
    expect(theirs.notice.provider).toBe('playmobile')
    expect(ours.notice.provider).toBe('smsru')
    expect(pm.messages.slice(before.pm).map((item) => item.originator)).toEqual(['OTHER'])
    expect(smsru.messages.slice(before.smsru)).toHaveLength(1)
  })

  describe('the channel order: Telegram, then SMS', () => {
    async function linkedPatient() {
      const person = await patient()
      const chatId = String(700_000 + counter)
      await server.db('telegram_links').insert({ _id: randomUUID(), companyId: admin.auth.company._id, createdAt: new Date(clock).toISOString(), updatedAt: new Date(clock).toISOString(), customerId: person._id, telegramUserId: chatId, chatId, username: '', phone: person.phone })
      return person
    }
    const book = async (customerId: string, time: string) => admin.client.service('appointment').create(booking(clinic, '2031-06-10', time, { customerId, notifyClient: true }))

    beforeAll(async () => {
      await admin.client.service('integrations').patch((await settingsOf(admin))._id, { telegram: { token: tg.token, mode: 'polling' } })
      await worker().tick()
    })

    it('a patient unlinked before the message went: the Telegram message fails ("Telegram user is not found") and an SMS linked to it goes', async () => {
      const person = await linkedPatient()
      await book(person._id, '10:00')
      const [notice] = (await messagesOf(person._id)).filter((row) => row.event === 'bookingMade')
      expect(notice.channel).toBe('telegram')
      await server.db('telegram_links').where({ customerId: person._id }).delete()
      clock += minutes(3)
      // The booking's own messages' events may still be on their way: wait for the fallback's.
      const created = eventWhere<Communication>(admin.client, 'communications', 'created', (row) => row.fallbackOf === notice._id)
      await worker().tick()
      const rows = (await messagesOf(person._id)).filter((row) => row.event === 'bookingMade')
      expect(rows.map((row) => [row.channel, row.state])).toEqual([['telegram', 'failed'], ['sms', 'scheduled']])
      expect(rows[0].error).toContain('Telegram user is not found')
      expect(rows[1]).toMatchObject({ fallbackOf: notice._id, collapseKey: notice.collapseKey, provider: 'smsru' })
      expect((await created)._id).toBe(rows[1]._id)
      await worker().tick()
      const sent = (await messagesOf(person._id)).find((row) => row._id === rows[1]._id)!
      expect(sent.state).toBe('sent')
      expect(smsru.messages.find((item) => item.smsId === sent.providerMessageId)!.msg).toContain('10.06.2031')
    })

    it('the patient blocked the bot (403): SMS instead; after an unknown outcome (Telegram 500) nothing more', async () => {
      await worker().tick()
      const blocked = await linkedPatient()
      const unsure = await linkedPatient()
      await book(blocked._id, '11:00')
      await book(unsure._id, '12:00')
      clock += minutes(3)
      tg.script(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' })
      tg.script(500, { ok: false, error_code: 500, description: 'Internal Server Error' })
      await worker().tick()
      const blockedRows = (await messagesOf(blocked._id)).filter((row) => row.event === 'bookingMade')
      expect(blockedRows.map((row) => [row.channel, row.state])).toEqual([['telegram', 'failed'], ['sms', 'scheduled']])
      expect(blockedRows[1].fallbackOf).toBe(blockedRows[0]._id)
      const unsureRows = (await messagesOf(unsure._id)).filter((row) => row.event === 'bookingMade')
      expect(unsureRows.map((row) => [row.channel, row.state])).toEqual([['telegram', 'unknown']])
      await worker().tick()
      expect((await messagesOf(unsure._id)).filter((row) => row.event === 'bookingMade')).toHaveLength(1)
    })

    it('a branch whose order is SMS only: no Telegram fallback is tried when the SMS is refused', async () => {
      await worker().tick()
      const settings = await settingsOf(admin)
      await admin.client.service('integrations').patch(settings._id, { rules: { ...settings.rules, branchChannelOrder: { [clinic.branchId]: ['sms'] } } })
      const person = await linkedPatient()
      await book(person._id, '13:00')
      clock += minutes(3)
      smsru.script(SmsRuServer.refusedNumber(person.phone!.replace(/\D/g, ''), 209, 'Номер в стоп-листе'))
      await worker().tick()
      expect((await messagesOf(person._id)).filter((row) => row.event === 'bookingMade').map((row) => [row.channel, row.state])).toEqual([['sms', 'failed']])
      await admin.client.service('integrations').patch(settings._id, { rules: settings.rules })
    })
  })
})
