import { engines, failure, nextEvent, startServer, type SignedIn, type TestServer } from '../../support/harness'
import { signedInMember } from '../../support/fixtures'
import { booking, openClinic, setSchedule, FULL_WEEK, type Clinic } from '../../support/appointment-fixtures'
import { EskizServer } from '../../support/eskiz-server'
import { Mailbox } from '../../support/mailbox'
import { OutboxWorker } from '../../../../server/src/jobs/outbox-worker'
import type { Communication } from '../../../../server/src/services/messaging/communications/communications.shared'
import type { AppointmentData } from '../../../../server/src/services/appointments/appointment/appointment.shared'

/**
 * The outbox (issue 18): booking, moving and cancelling a visit schedules the patient's messages
 * in the same transaction; the worker sends them through the local Eskiz and SMTP servers; states,
 * retries, interrupted sends, delivery reports, quiet hours, consent, the confirm/cancel page.
 */
describe.each(engines)('the outbox on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let admin: SignedIn
  let eskiz: EskizServer
  let mailbox: Mailbox
  let clock = Date.parse('2031-05-01T07:00:00Z')
  let counter = 0
  const worker = () => new OutboxWorker(server.app, { concurrency: 2 })

  beforeAll(async () => {
    eskiz = await new EskizServer().start()
    mailbox = await new Mailbox().start()
    server = await startServer(engine)
    server.app.set('eskizBaseUrl', eskiz.url)
    server.app.set('messagingClock', () => clock)
    // Links and callback addresses point at this test server.
    server.app.get('config').publicUrl = server.url
    clinic = await openClinic(server)
    admin = clinic.admin
    const settings = (await admin.client.service('integrations').find()).data[0]
    await admin.client.service('integrations').patch(settings._id, {
      eskiz: { email: eskiz.email, password: eskiz.password, from: '4546' },
      smtp: { host: '127.0.0.1', port: mailbox.port, secure: false, from: 'Clinic <clinic@clinic.test>' }
    })
  })
  afterAll(async () => {
    await server.stop()
    await eskiz.stop()
    await mailbox.stop()
  })

  async function patient(extra: Record<string, unknown> = {}) {
    counter += 1
    return admin.client.service('customers').create({
      first_name: 'Анна', last_name: `Пациент${counter}`, phone: `+998 90 ${String(1000000 + counter).slice(0, 3)} ${String(counter).padStart(2, '0')} 11`, email: `anna${counter}@patient.test`, ...extra
    })
  }
  const messagesOf = async (customerId: string): Promise<Communication[]> => (await admin.client.service('communications').find({ query: { customerId, $sort: { createdAt: 1 } } })).data
  const minutes = (count: number) => count * 60_000
  const book = (customerId: string, date: string, time: string, extra: Partial<AppointmentData> = {}) =>
    admin.client.service('appointment').create(booking(clinic, date, time, { customerId, notifyClient: true, ...extra }))

  describe('settings', () => {
    it('keeps provider passwords sealed: never sent back, never in the log, not readable in the database', async () => {
      const [settings] = (await admin.client.service('integrations').find()).data
      expect(settings.eskiz).toEqual({ email: eskiz.email, from: '4546', passwordSet: true })
      expect(settings.smtp).toMatchObject({ host: '127.0.0.1', passwordSet: false })
      expect(JSON.stringify(settings)).not.toContain(eskiz.password)
      const row = await server.db('messaging_settings').where({ companyId: admin.auth.company._id }).first()
      expect(row.eskiz).not.toContain(eskiz.password)
      const log = await server.db('user_activities').where({ service: 'integrations' })
      expect(log.length).toBeGreaterThan(0)
      expect(JSON.stringify(log)).not.toContain(eskiz.password)
      // A patch without a password keeps it.
      const kept = await admin.client.service('integrations').patch(settings._id, { eskiz: { from: '4546' } })
      expect(kept.eskiz.passwordSet).toBe(true)
    })

    it('refuses quiet hours that close before they open, and callers without the notifications permission', async () => {
      const [settings] = (await admin.client.service('integrations').find()).data
      const bad = await failure(admin.client.service('integrations').patch(settings._id, { rules: { ...settings.rules, quietHours: { start: '20:00', end: '09:00' } } }))
      expect(bad.name).toBe('BadRequest')
      const doctor = await signedInMember(server, admin, { role: 'doctor' })
      expect((await failure(doctor.client.service('integrations').find())).name).toBe('Forbidden')
      expect((await failure(doctor.client.service('communications').find({ query: { customerId: clinic.customerId } }))).name).toBe('Forbidden')
    })
  })

  describe('booking messages', () => {
    it('schedules an SMS and an e-mail after the grace period, rewrites it on a quick move, and sends one of each', async () => {
      const anna = await patient()
      const visit = await book(anna._id, '2031-05-06', '10:00')
      let rows = await messagesOf(anna._id)
      const notices = rows.filter((row) => row.event === 'bookingMade')
      expect(notices.map((row) => row.channel).sort()).toEqual(['email', 'sms'])
      expect(notices.every((row) => row.state === 'scheduled' && Date.parse(row.dueAt) === clock + minutes(3))).toBe(true)
      expect(notices.find((row) => row.channel === 'sms')!.text).toContain('06.05.2031 в 10:00')
      // The reminder (the company default: a day before) is scheduled too.
      expect(rows.filter((row) => row.event === 'reminder')).toHaveLength(2)
      // Moved a minute later: the waiting notice is rewritten, not doubled.
      clock += minutes(1)
      await admin.client.service('appointment').patch(visit._id, { start: booking(clinic, '2031-05-07', '11:00').start })
      rows = await messagesOf(anna._id)
      const live = rows.filter((row) => row.collapseKey === `notice:${visit._id}` && row.state === 'scheduled')
      expect(live).toHaveLength(2)
      expect(live.every((row) => row.event === 'bookingMade' && row.text.includes('07.05.2031') && Date.parse(row.dueAt) === clock + minutes(3))).toBe(true)
      const reminders = rows.filter((row) => row.event === 'reminder')
      expect(reminders.filter((row) => row.state === 'cancelled')).toHaveLength(2)
      expect(reminders.filter((row) => row.state === 'scheduled').every((row) => row.dueAt === new Date(Date.parse(booking(clinic, '2031-05-06', '11:00').start)).toISOString())).toBe(true)
      // Nothing is due yet.
      const before = eskiz.messages.length
      expect(await worker().tick()).toBe(0)
      clock += minutes(3)
      expect(await worker().tick()).toBe(2)
      expect(eskiz.messages.length).toBe(before + 1)
      const sms = eskiz.messages.at(-1)!
      expect(sms).toMatchObject({ mobile_phone: anna.phone, from: '4546' })
      expect(sms.message).toContain('07.05.2031 в 11:00')
      expect(sms.callback_url).toMatch(/\/hooks\/eskiz\/[0-9a-f]{48}$/)
      const mail = await mailbox.mailTo(anna.email)
      expect(mail.subject).toContain('Запись')
      expect(mail.text).toContain('07.05.2031')
      rows = await messagesOf(anna._id)
      expect(rows.filter((row) => row.collapseKey === `notice:${visit._id}`).map((row) => row.state).sort()).toEqual(['sent', 'sent'])
      expect(rows.find((row) => row.channel === 'sms' && row.state === 'sent')!.providerMessageId).toBe(sms.id)
    })

    it('withdraws a notice still waiting when the visit is cancelled (nothing sent), and tells of a cancellation once a notice went', async () => {
      const boris = await patient()
      const quick = await book(boris._id, '2031-05-08', '10:00')
      await admin.client.service('appointment').patch(quick._id, { status: 'cancelled' })
      let rows = await messagesOf(boris._id)
      expect(rows.every((row) => row.state === 'cancelled')).toBe(true)
      const visit = await book(boris._id, '2031-05-09', '10:00')
      clock += minutes(3)
      await worker().tick()
      await admin.client.service('appointment').patch(visit._id, { status: 'cancelled' })
      rows = await messagesOf(boris._id)
      const cancelled = rows.filter((row) => row.event === 'bookingCancelled')
      expect(cancelled.map((row) => row.channel).sort()).toEqual(['email', 'sms'])
      expect(cancelled.every((row) => row.state === 'scheduled')).toBe(true)
      expect(rows.filter((row) => row.event === 'reminder' && row.appointmentId === visit._id).every((row) => row.state === 'cancelled')).toBe(true)
    })

    it('sends nothing for a visit that does not notify, no SMS without SMS consent, and a blacklisted patient their visit notices', async () => {
      const quiet = await patient()
      await book(quiet._id, '2031-05-10', '10:00', { notifyClient: false })
      expect(await messagesOf(quiet._id)).toEqual([])
      const noSms = await patient({ smsConsent: false })
      await book(noSms._id, '2031-05-10', '11:00')
      const rows = await messagesOf(noSms._id)
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.every((row) => row.channel === 'email')).toBe(true)
      // A blacklisted patient (booked by an administrator) still hears of their visit: not promotion.
      const listed = await patient({ blacklisted: true })
      await book(listed._id, '2031-05-10', '12:00')
      const notices = (await messagesOf(listed._id)).filter((row) => row.event === 'bookingMade')
      expect(notices.map((row) => [row.channel, row.promotional]).sort()).toEqual([['email', false], ['sms', false]])
    })

    it('schedules nothing when the booking is rolled back', async () => {
      const dora = await patient()
      await book(dora._id, '2031-05-12', '10:00')
      const count = (await messagesOf(dora._id)).length
      // The same slot again: refused as a double booking, and its messages with it.
      expect((await failure(book(dora._id, '2031-05-12', '10:00'))).name).toBe('Conflict')
      expect((await messagesOf(dora._id)).length).toBe(count)
    })

    it('uses the clinic template in the patient language', async () => {
      await admin.client.service('notification-templates').create({ event: 'bookingMade', channel: 'sms', locale: 'uz', body: 'Salom {{patient}}! {{date}} {{time}}' })
      const uz = await patient({ serviceLanguage: 'uz', first_name: 'Aziz' })
      await book(uz._id, '2031-05-13', '10:00')
      const sms = (await messagesOf(uz._id)).find((row) => row.channel === 'sms' && row.event === 'bookingMade')!
      expect(sms).toMatchObject({ locale: 'uz', text: 'Salom Aziz! 13.05.2031 10:00', segments: 1 })
      const mail = (await messagesOf(uz._id)).find((row) => row.channel === 'email' && row.event === 'bookingMade')!
      expect(mail.subject).toContain('qabulga yozildingiz')
    })
  })

  describe('the worker', () => {
    it('resends nothing left in sending by a server that died: it becomes unknown', async () => {
      const eva = await patient({ email: '' })
      await book(eva._id, '2031-05-14', '10:00')
      const [sms] = (await messagesOf(eva._id)).filter((row) => row.event === 'bookingMade')
      // A worker claimed it and the process died before the provider answered.
      await server.db('outbox_messages').where({ _id: sms._id }).update({ state: 'sending', claimedBy: 'dead-instance', claimedAt: new Date(clock).toISOString(), attempts: 1 })
      const toEva = () => eskiz.messages.filter((message) => message.mobile_phone === eva.phone).length
      clock += minutes(3)
      const fresh = worker()
      const recovered = await fresh.recover()
      if (engine === 'sqlite') expect(recovered.map((row) => row._id)).toContain(sms._id)
      else {
        // Other instances may be sending: only past the timeout (10 minutes).
        expect(recovered.map((row) => row._id)).not.toContain(sms._id)
        clock += minutes(11)
        await fresh.tick()
      }
      await fresh.tick()
      const row = (await messagesOf(eva._id)).find((item) => item._id === sms._id)!
      expect(row.state).toBe('unknown')
      expect(toEva()).toBe(0)
      expect((await messagesOf(eva._id)).filter((item) => item.event === 'bookingMade' && item.state === 'scheduled')).toEqual([])
    })

    it('retries only when the provider said it did not send: 429 later, 400 fails, a dropped answer is unknown', async () => {
      const ids: string[] = []
      for (const time of ['10:00', '11:00', '12:00']) {
        const person = await patient({ email: '' })
        await book(person._id, '2031-05-15', time)
        ids.push(person._id)
      }
      clock += minutes(3)
      eskiz.script({ status: 429, body: { message: 'Too many requests' } }, { status: 400, body: { message: 'Invalid phone' } }, 'drop')
      const sent = eskiz.messages.length
      await new OutboxWorker(server.app, { concurrency: 1 }).tick()
      // Claimed in the order they fell due (then by id: booking order), so the answers go in that order.
      const states = await Promise.all(ids.map(async (id) => (await messagesOf(id)).find((row) => row.event === 'bookingMade')!))
      expect(states.map((row) => row.state)).toEqual(['scheduled', 'failed', 'unknown'])
      expect(states[0]).toMatchObject({ attempts: 1, error: expect.stringContaining('too many') })
      expect(Date.parse(states[0].dueAt)).toBe(clock + minutes(1))
      expect(states[1].error).toContain('Invalid phone')
      // The retry goes a minute later; the others are never taken again.
      clock += minutes(1)
      expect(await worker().tick()).toBe(1)
      expect(eskiz.messages.length).toBe(sent + 1)
      const after = await Promise.all(ids.map(async (id) => (await messagesOf(id)).find((row) => row.event === 'bookingMade')!.state))
      expect(after).toEqual(['sent', 'failed', 'unknown'])
    })

    it('logs in again when the token expired, and reuses a token between rounds', async () => {
      const person = await patient({ email: '' })
      await book(person._id, '2031-05-16', '10:00')
      clock += minutes(3)
      const logins = eskiz.logins.length
      await worker().tick()
      expect(eskiz.logins.length).toBe(logins) // the kept token
      eskiz.expireTokens()
      const second = await patient({ email: '' })
      await book(second._id, '2031-05-16', '11:00')
      clock += minutes(3)
      const refreshes = eskiz.refreshes.length
      await worker().tick()
      expect(eskiz.refreshes.length).toBe(refreshes + 1)
      expect((await messagesOf(second._id)).find((row) => row.event === 'bookingMade')!.state).toBe('sent')
    })

    it('two workers at once claim each message once', async () => {
      const people = []
      for (const time of ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30']) {
        const person = await patient({ email: '' })
        await book(person._id, '2031-05-17', time)
        people.push(person._id)
      }
      clock += minutes(3)
      const sent = eskiz.messages.length
      const claimed = await Promise.all([worker().tick(), worker().tick(), worker().tick()])
      expect(claimed.reduce((sum, count) => sum + count, 0)).toBe(6)
      expect(eskiz.messages.length).toBe(sent + 6)
      for (const id of people) expect((await messagesOf(id)).filter((row) => row.event === 'bookingMade').map((row) => row.state)).toEqual(['sent'])
    })
  })

  describe('delivery reports', () => {
    it('marks an SMS delivered by the callback, live on the patient card, and ignores unknown secrets', async () => {
      const fay = await patient({ email: '' })
      await book(fay._id, '2031-05-19', '10:00')
      clock += minutes(3)
      await worker().tick()
      const sms = (await messagesOf(fay._id)).find((row) => row.event === 'bookingMade')!
      const heard = nextEvent<Communication>(admin.client, 'communications', 'patched')
      expect(await eskiz.report(sms.providerMessageId!, 'DELIVRD')).toBe(200)
      expect((await heard).state).toBe('delivered')
      expect((await messagesOf(fay._id)).find((row) => row._id === sms._id)!.state).toBe('delivered')
      const wrong = await fetch(`${server.url}/hooks/eskiz/${'0'.repeat(48)}`, { method: 'POST', body: JSON.stringify({ message_id: sms.providerMessageId, status: 'UNDELIV' }), headers: { 'content-type': 'application/json' } })
      expect(wrong.status).toBe(404)
    })

    it('asks Eskiz when no report came (polling fallback)', async () => {
      const gus = await patient({ email: '' })
      await book(gus._id, '2031-05-20', '10:00')
      clock += minutes(3)
      await worker().tick()
      const sms = (await messagesOf(gus._id)).find((row) => row.event === 'bookingMade')!
      eskiz.setStatus(sms.providerMessageId!, 'UNDELIV')
      clock += minutes(6)
      await worker().tick()
      expect((await messagesOf(gus._id)).find((row) => row._id === sms._id)).toMatchObject({ state: 'failed', cost: 50 })
    })
  })

  describe('quiet hours', () => {
    it('holds a reminder due at 19:55 server time (00:55 in Tashkent) for an early visit until 09:00 Tashkent', async () => {
      const other = await server.registerClinic('Tashkent')
      await other.client.service('company').patch('mine', { timezone: 'Asia/Tashkent' })
      other.client.set('currentBranchId', other.auth.branchIds[0])
      const [settings] = (await other.client.service('integrations').find()).data
      await other.client.service('integrations').patch(settings._id, { smtp: { host: '127.0.0.1', port: mailbox.port, secure: false, from: 'clinic@tashkent.test' } })
      const doctor = await signedInMember(server, other, { role: 'doctor' })
      await setSchedule(server, doctor.user._id, FULL_WEEK)
      const person = await other.client.service('customers').create({ first_name: 'Dilnoza', last_name: 'Karimova', email: 'dilnoza@patient.test' })
      // Visit 09:30 Tashkent on 21 May = 04:30Z; a reminder 8 h 35 min before is 19:55Z on 20 May.
      const visit = await other.client.service('appointment').create({
        customerId: person._id, staffId: doctor.user._id, start: '2031-05-21T04:30:00.000Z', duration: 30, notifyClient: true, reminder: { amount: 515, unit: 'minutes' }
      } satisfies AppointmentData)
      const reminder = (await other.client.service('communications').find({ query: { customerId: person._id, event: 'reminder' } })).data[0]
      expect(reminder.appointmentId).toBe(visit._id)
      expect(reminder.dueAt).toBe('2031-05-21T04:00:00.000Z')
      // One at 19:55 Tashkent (14:55Z) goes at its time; one whose window opens after the visit is not scheduled.
      const evening = await other.client.service('appointment').create({
        customerId: person._id, staffId: doctor.user._id, start: '2031-05-22T06:00:00.000Z', duration: 30, notifyClient: true, reminder: { amount: 905, unit: 'minutes' }
      } satisfies AppointmentData)
      const held = (await other.client.service('communications').find({ query: { customerId: person._id, appointmentId: evening._id, event: 'reminder' } })).data[0]
      expect(held.dueAt).toBe('2031-05-21T14:55:00.000Z')
      const early = await other.client.service('appointment').create({
        customerId: person._id, staffId: doctor.user._id, start: '2031-05-23T03:30:00.000Z', duration: 30, notifyClient: true, reminder: { amount: 60, unit: 'minutes' }
      } satisfies AppointmentData)
      expect((await other.client.service('communications').find({ query: { customerId: person._id, appointmentId: early._id, event: 'reminder' } })).data).toEqual([])
      // Another company's messages are not found by this one.
      expect((await failure(admin.client.service('communications').get(reminder._id))).name).toBe('NotFound')
    })
  })

  describe('the confirm/cancel page', () => {
    it('shows the visit on GET without changing it, confirms by POST, and every calendar hears it', async () => {
      const ivan = await patient({ email: '' })
      const visit = await book(ivan._id, '2031-05-26', '10:00')
      const sms = (await messagesOf(ivan._id)).find((row) => row.event === 'bookingMade')!
      const link = /https?:\/\/\S+\/v\/([A-Za-z0-9_-]+)/.exec(sms.text)![1]
      const shown = await fetch(`${server.url}/v/${link}`)
      expect(shown.status).toBe(200)
      const html = await shown.text()
      expect(html).toContain('Подтвердить визит')
      expect(html).toContain('26.05.2031 10:00')
      expect((await admin.client.service('appointment').get(visit._id)).status).toBe('planned')
      const heard = nextEvent<{ _id: string; status: string }>(admin.client, 'appointment', 'patched')
      const confirmed = await fetch(`${server.url}/v/${link}`, { method: 'POST', body: 'action=confirm', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
      expect(confirmed.status).toBe(200)
      expect(await confirmed.text()).toContain('Визит подтверждён')
      expect(await heard).toMatchObject({ _id: visit._id, status: 'confirmed' })
      expect((await server.db('appointment_links').where({ appointmentId: visit._id }).whereNotNull('usedAt')).map((row) => row.action)).toEqual(['confirm:link'])
      const cancelled = await fetch(`${server.url}/v/${link}`, { method: 'POST', body: 'action=cancel', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
      expect(cancelled.status).toBe(200)
      expect((await admin.client.service('appointment').get(visit._id)).status).toBe('cancelled')
      expect((await fetch(`${server.url}/v/not-a-real-token-at-all`)).status).toBe(404)
    })
  })
})
