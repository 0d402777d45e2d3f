import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../support/harness'
import { signedInMember } from '../../support/fixtures'
import { malformed } from '../../support/malformed'
import { anyService } from '../../support/any-service'
import { booking, openClinic, type Clinic } from '../../support/appointment-fixtures'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { Mailbox } from '../../support/mailbox'
import { OutboxWorker } from '../../../../server/src/jobs/outbox-worker'
import { SmtpEmail } from '../../../../server/src/providers/email/smtp'
import type { Communication } from '../../../../server/src/services/messaging/communications/communications.shared'

/** `notification-templates`, `integrations` and the communications log's rules; the SMTP adapter's outcomes. */
describe.each(engines)('messaging settings and templates on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let admin: SignedIn
  let other: SignedIn
  let mailbox: Mailbox
  let clock = Date.parse('2031-06-01T07:00:00Z')

  beforeAll(async () => {
    mailbox = await new Mailbox().start()
    server = await startServer(engine)
    server.app.set('messagingClock', () => clock)
    clinic = await openClinic(server)
    admin = clinic.admin
    other = await server.registerClinic('Elsewhere')
  })
  afterAll(async () => {
    await server.stop()
    await mailbox.stop()
  })

  const templates = (who: SignedIn = admin) => who.client.service('notification-templates')

  describe('templates', () => {
    it('keeps one text per event, channel and language, trims it, and refuses a second', async () => {
      const made = await templates().create({ event: 'reminder', channel: 'email', locale: 'ru', subject: ' Напоминание ', body: ' Ждём вас {{date}} ' })
      expect(made).toMatchObject({ event: 'reminder', channel: 'email', locale: 'ru', subject: 'Напоминание', body: 'Ждём вас {{date}}', companyId: admin.auth.company._id })
      const twice = await failure(templates().create({ event: 'reminder', channel: 'email', locale: 'ru', body: 'again' }))
      expect(twice).toMatchObject({ name: 'Conflict', data: { code: 'conflict', path: 'event' } })
      // The other company may have its own, and sees none of ours.
      await templates(other).create({ event: 'reminder', channel: 'email', locale: 'ru', body: 'theirs' })
      expect((await templates(other).find({ query: { event: 'reminder' } })).data.map((item) => item.body)).toEqual(['theirs'])
      expect((await failure(templates(other).get(made._id))).name).toBe('NotFound')
      expect((await failure(templates(other).patch(made._id, { body: 'taken over' }))).name).toBe('NotFound')
      // The key is fixed at creation; empty and unknown values are refused.
      expect((await failure(templates().patch(made._id, malformed({ event: 'birthday' })))).name).toBe('BadRequest')
      expect((await failure(templates().create(malformed({ event: 'payday', channel: 'sms', locale: 'ru', body: 'x' })))).name).toBe('BadRequest')
      expect((await failure(templates().create({ event: 'birthday', channel: 'sms', locale: 'ru', body: '' }))).name).toBe('BadRequest')
      expect((await failure(templates().create(malformed({ event: 'birthday', channel: 'viber', locale: 'ru', body: 'x' })))).name).toBe('BadRequest')
      const patched = await templates().patch(made._id, { body: 'Ждём вас {{date}} в {{time}}' })
      expect(patched.body).toBe('Ждём вас {{date}} в {{time}}')
      await templates().remove(made._id)
      expect((await templates().find({ query: { event: 'reminder', channel: 'email', locale: 'ru' } })).data).toEqual([])
    })

    it('are managed only with the notifications permission', async () => {
      const doctor = await signedInMember(server, admin, { role: 'doctor' })
      expect((await failure(templates(doctor).find())).name).toBe('Forbidden')
      expect((await failure(templates(doctor).create({ event: 'birthday', channel: 'sms', locale: 'ru', body: 'x' }))).name).toBe('Forbidden')
    })
  })

  describe('settings', () => {
    it('seals the SMTP password, keeps it when left out, clears it with an empty one, and answers one row per company', async () => {
      const [settings] = (await admin.client.service('integrations').find()).data
      expect(settings.rules).toMatchObject({ quietHours: { start: '09:00', end: '20:00' }, graceMinutes: 3, reminder: { amount: 1, unit: 'days' } })
      const saved = await admin.client.service('integrations').patch(settings._id, { smtp: { host: '127.0.0.1', port: mailbox.port, user: 'mailer', password: 'smtp-Secret-1', from: 'clinic@clinic.test' } })
      expect(saved.smtp).toEqual({ host: '127.0.0.1', port: mailbox.port, secure: false, user: 'mailer', from: 'clinic@clinic.test', passwordSet: true })
      const row = await server.db('messaging_settings').where({ _id: settings._id }).first()
      expect(JSON.stringify(row)).not.toContain('smtp-Secret-1')
      expect((await admin.client.service('integrations').patch(settings._id, { smtp: { user: 'mailer2' } })).smtp.passwordSet).toBe(true)
      expect((await admin.client.service('integrations').patch(settings._id, { smtp: { password: '' } })).smtp.passwordSet).toBe(false)
      // Another company's row is not found; a create or a remove is refused.
      expect((await failure(other.client.service('integrations').patch(settings._id, { rules: settings.rules }))).name).toBe('NotFound')
      expect((await admin.client.service('integrations').find()).data).toHaveLength(1)
      expect((await failure(admin.client.service('integrations').patch(settings._id, malformed({ eskiz: { baseUrl: 'http://169.254.169.254' } })))).name).toBe('BadRequest')
      // Back to no account for the next tests' e-mails: the server's own SMTP is none here.
      await admin.client.service('integrations').patch(settings._id, { smtp: { host: '127.0.0.1', port: mailbox.port, user: '', from: 'clinic@clinic.test' } })
    })

    it('switches an event off per channel', async () => {
      const [settings] = (await admin.client.service('integrations').find()).data
      await admin.client.service('integrations').patch(settings._id, { rules: { ...settings.rules, events: { ...settings.rules.events, bookingMade: { sms: true, email: false } } } })
      const person = await admin.client.service('customers').create({ first_name: 'Off', last_name: 'Switch', email: 'off@patient.test' })
      await admin.client.service('appointment').create(booking(clinic, '2031-06-10', '10:00', { customerId: person._id, notifyClient: true }))
      const rows = (await admin.client.service('communications').find({ query: { customerId: person._id } })).data
      expect(rows.map((row) => row.event)).toEqual(['reminder'])
      await admin.client.service('integrations').patch(settings._id, { rules: settings.rules })
    })
  })

  describe('the communications log', () => {
    it('hides the SMS number under phone protection, in answers and in events', async () => {
      const [settings] = (await admin.client.service('integrations').find()).data
      // An Eskiz account, so the visit's SMS is scheduled (nothing is sent in this test).
      await admin.client.service('integrations').patch(settings._id, { eskiz: { email: 'x@example.uz', password: 'secret', from: '4546' } })
      // A desk role: reads patients and their messages (the whole log too), not their phones.
      const desk = await admin.client.service('roles').create({
        name: 'Desk without phones',
        permissions: [
          { resource: 'customers', view: true, seeAll: true },
          { resource: 'communications', view: true, seeAll: true },
          { resource: 'customer-phone', view: true }
        ]
      })
      const directorAgain = await signedInMember(server, admin, { roleId: desk._id })
      const receptionist = await signedInMember(server, admin, { role: 'administrator' })
      await admin.client.service('company').patch('mine', { settings: { phoneProtection: true } })
      try {
        const person = await admin.client.service('customers').create({ first_name: 'Hidden', last_name: 'Phone', phone: '+998 90 555 44 33' })
        const heardHidden = nextEvent<Communication>(directorAgain.client, 'communications', 'created')
        const heardFull = nextEvent<Communication>(receptionist.client, 'communications', 'created')
        await admin.client.service('appointment').create(booking(clinic, '2031-06-11', '10:00', { customerId: person._id, notifyClient: true }))
        expect((await heardHidden).phone).toBeNull()
        expect((await heardFull).phone).toBe('998905554433')
        const seen = (await directorAgain.client.service('communications').find({ query: { customerId: person._id } })).data
        expect(seen.length).toBeGreaterThan(0)
        expect(seen.every((row) => row.phone === null && !('claimedBy' in row))).toBe(true)
        // The whole company's log needs seeAll on communications (the desk role has it).
        expect((await directorAgain.client.service('communications').find({ query: { $limit: 5 } })).data.length).toBeGreaterThan(0)
      } finally {
        await admin.client.service('company').patch('mine', { settings: { phoneProtection: false } })
      }
    })

    it('is not written through the API, and a patient not seen is not listed', async () => {
      expect((await failure(anyService(admin.client, 'communications').create({ text: 'x' }))).name).toBe('MethodNotAllowed')
      expect((await failure(other.client.service('communications').find({ query: { customerId: clinic.customerId } }))).name).toBe('NotFound')
      expect(await receivesEvent(other.client, 'communications', 'created', 300)).toBe(false)
    })

    it('sends e-mail through SMTP and records a refusal as failed, not retried', async () => {
      const person = await admin.client.service('customers').create({ first_name: 'Mail', last_name: 'Patient', email: 'mail@patient.test' })
      await admin.client.service('appointment').create(booking(clinic, '2031-06-12', '10:00', { customerId: person._id, notifyClient: true }))
      clock += 4 * 60_000
      await new OutboxWorker(server.app).tick()
      const mail = await mailbox.mailTo('mail@patient.test')
      expect(mail.text).toContain('12.06.2031')
      const rows = (await admin.client.service('communications').find({ query: { customerId: person._id, event: 'bookingMade' } })).data
      expect(rows.map((row) => row.state)).toEqual(['sent'])
      // A refusal (5xx) fails; "not now" (4xx) and no connection are "not sent", retried.
      let code = 550
      const refusing = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onRcptTo: (_address, _session, callback) => callback(Object.assign(new Error('mailbox unavailable'), { responseCode: code }))
      })
      await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve()))
      const port = ((refusing as unknown as { server: { address(): AddressInfo } }).server.address()).port
      const send = async (id: string) => {
        const mailer = new SmtpEmail(`smtp://127.0.0.1:${port}`, 'clinic@clinic.test')
        try {
          return await mailer.send({ id, to: 'nobody@patient.test', subject: 's', text: 't' })
        } finally {
          mailer.close()
        }
      }
      expect(await send('refused')).toMatchObject({ kind: 'not-sent', retry: false })
      code = 450
      expect(await send('later')).toMatchObject({ kind: 'not-sent', retry: true })
      await new Promise<void>((resolve) => refusing.close(() => resolve()))
      expect(await send('closed')).toMatchObject({ kind: 'not-sent', retry: true })
    })
  })
})
