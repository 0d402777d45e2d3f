import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { at, openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { newId } from '../../../../../server/src/hooks/ids'
import { insertMessages, type OutboxRow } from '../../../../../server/src/services/messaging/communications/outbox-store'
import { notificationStatuses } from '../../../../../domain/reports/notification-reports'
import type { NotificationReport, NotificationReportRows, NotificationRowsFigure } from '../../../../../server/src/services/reports/notification-reports/notification-reports.shared'

const D1 = '2026-11-10'
const D2 = '2026-11-11'
const PERIOD = { from: D1, to: '2026-11-12' }

/**
 * The notifications report (issue 19) over one Helsinki clinic's outbox, both engines:
 *
 * | # | due (local) | branch | channel | kind | state → status |
 * | 1 | D1 09:00 | main | sms | reminder | delivered |
 * | 2 | D1 09:05 | main | sms | reminder | failed |
 * | 3 | D1 10:00 | main | telegram | bookingMade | sent |
 * | 4 | D1 23:30 | main | whatsapp | thankYou | unknown |
 * | 5 | D2 00:10 | North | sms | reminder | delivered |
 * | 6 | D2 12:00 | North | email | dispatch | scheduled → waiting |
 * | 7 | D2 12:00 | none | sms | dispatch | cancelled (a broadcast without a branch) |
 * | 8 | D2 13:00 | main | sms | reminder | sending → waiting |
 * | 9 | day after, 00:00 | main | sms | reminder | delivered (outside the period) |
 * | 10 | D1 09:00 | another clinic | sms | reminder | delivered (not theirs) |
 *
 * Finance (main and North) sees 1-6 and 8; the administrator (the whole company) 7 too.
 */
describe.each(engines)('notifications report on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let finance: SignedIn
  let northId: string

  const report = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('notification-reports').find({ query: { ...PERIOD, ...query } }) as Promise<NotificationReport>
  const rows = (who: SignedIn, figure: NotificationRowsFigure, query: Record<string, unknown> = {}) =>
    who.client.service('notification-reports').find({ query: { ...PERIOD, $rows: figure, ...query } }) as Promise<NotificationReportRows>

  function message(companyId: string, due: string, branchId: string | null, channel: OutboxRow['channel'], event: OutboxRow['event'], state: OutboxRow['state'], extra: Partial<OutboxRow> = {}): OutboxRow {
    const now = new Date().toISOString()
    return {
      _id: newId(), companyId, createdAt: now, updatedAt: now, createdBy: null, branchId, customerId: clinic.customerId, appointmentId: null, dispatchId: null,
      channel, provider: channel === 'sms' ? 'eskiz' : channel, event, locale: 'ru', collapseKey: null,
      phone: channel === 'email' ? null : '+998901112233', email: channel === 'email' ? 'aino@example.test' : null,
      params: {}, subject: '', text: 'Напоминание о визите', segments: 1, automated: true, promotional: event === 'dispatch', state, dueAt: due, attempts: 1,
      claimedBy: null, claimedAt: null, providerMessageId: null, cost: null, error: state === 'failed' ? 'invalid number' : null,
      sentAt: ['sent', 'delivered'].includes(state) ? due : null, deliveredAt: state === 'delivered' ? due : null, checkedAt: null, fallbackOf: null, ...extra
    }
  }

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    northId = (await clinic.admin.client.service('branches').create({ name: 'North' }))._id
    finance = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId, northId] })
    const company = clinic.admin.auth.company._id
    const main = clinic.branchId
    const stranger = await server.registerClinic('Elsewhere messages')
    await insertMessages(server.db, [
      message(company, at(D1, '09:00'), main, 'sms', 'reminder', 'delivered'),
      message(company, at(D1, '09:05'), main, 'sms', 'reminder', 'failed'),
      message(company, at(D1, '10:00'), main, 'telegram', 'bookingMade', 'sent'),
      message(company, at(D1, '23:30'), main, 'whatsapp', 'thankYou', 'unknown'),
      message(company, at(D2, '00:10'), northId, 'sms', 'reminder', 'delivered'),
      message(company, at(D2, '12:00'), northId, 'email', 'dispatch', 'scheduled'),
      message(company, at(D2, '12:00'), null, 'sms', 'dispatch', 'cancelled'),
      message(company, at(D2, '13:00'), main, 'sms', 'reminder', 'sending'),
      message(company, at(PERIOD.to, '00:00'), main, 'sms', 'reminder', 'delivered'),
      message(stranger.auth.company._id, at(D1, '09:00'), stranger.auth.branchIds[0], 'sms', 'reminder', 'delivered')
    ])
  }, 120_000)
  afterAll(() => server.stop())

  it('counts messages by status per channel, kind and company-local day', async () => {
    const found = await report(finance)
    expect(found.totals).toEqual({ delivered: 2, sent: 1, failed: 1, unknown: 1, waiting: 2, cancelled: 0, total: 7 })
    expect(found.byChannel.map((line) => [line.key, line.total, line.delivered, line.failed, line.waiting])).toEqual([['sms', 4, 2, 1, 1], ['email', 1, 0, 0, 1], ['telegram', 1, 0, 0, 0], ['whatsapp', 1, 0, 0, 0]])
    expect(found.byEvent.map((line) => [line.key, line.total])).toEqual([['reminder', 4], ['bookingMade', 1], ['dispatch', 1], ['thankYou', 1]])
    // 23:30 local on D1 is D1, 00:10 local on D2 is D2 (both the previous UTC day).
    expect(found.byDay.map((day) => [day.day, day.total, day.unknown])).toEqual([[D1, 4, 1], [D2, 3, 0]])
    expect(found.cells.reduce((sum, cell) => sum + cell.total, 0)).toBe(7)
    expect(found.formulas.delivered).toBe('reports.notifications.formulas.delivered')
    // The whole company: the broadcast without a branch too.
    expect((await report(clinic.admin)).totals).toEqual({ delivered: 2, sent: 1, failed: 1, unknown: 1, waiting: 2, cancelled: 1, total: 8 })
    // A branch, a channel, a kind narrow the whole report.
    expect((await report(finance, { branchId: northId })).totals.total).toBe(2)
    expect((await report(finance, { channel: 'sms' })).totals).toEqual({ delivered: 2, sent: 0, failed: 1, unknown: 0, waiting: 1, cancelled: 0, total: 4 })
    expect((await report(finance, { event: 'dispatch' })).byDay).toEqual([{ day: D2, delivered: 0, sent: 0, failed: 0, unknown: 0, waiting: 1, cancelled: 0, total: 1 }])
  })

  it('every number equals its drill-down rows', async () => {
    for (const who of [finance, clinic.admin]) {
      for (const query of [{}, { branchId: northId }, { channel: 'sms' }]) {
        const found = await report(who, query)
        const figures: NotificationRowsFigure[] = [...notificationStatuses, 'all']
        for (const figure of figures) {
          const all = await rows(who, figure, query)
          const expected = figure === 'all' ? found.totals.total : found.totals[figure]
          expect([figure, all.sum, all.total, all.data.length]).toEqual([figure, expected, expected, expected])
          if (figure !== 'all') expect(all.data.every((row) => row.status === figure)).toBe(true)
        }
        for (const line of found.byChannel) expect([line.key, (await rows(who, 'all', { ...query, channel: line.key })).total]).toEqual([line.key, line.total])
        for (const line of found.byEvent) {
          for (const status of notificationStatuses) expect([line.key, status, (await rows(who, status, { ...query, event: line.key })).total]).toEqual([line.key, status, line[status]])
        }
        for (const day of found.byDay) {
          for (const status of notificationStatuses) expect([day.day, status, (await rows(who, status, { ...query, day: day.day })).total]).toEqual([day.day, status, day[status]])
        }
        for (const cell of found.cells) expect([cell.day, cell.channel, cell.event, (await rows(who, 'all', { ...query, day: cell.day, channel: cell.channel, event: cell.event })).total]).toEqual([cell.day, cell.channel, cell.event, cell.total])
      }
    }
    const failed = await rows(finance, 'failed')
    expect(failed.data.map((row) => [row.day, row.channel, row.event, row.state, row.customerName, row.recipient, row.error])).toEqual([[D1, 'sms', 'reminder', 'failed', 'Virtanen Aino', '+998901112233', 'invalid number']])
    const limited = await rows(finance, 'all', { $limit: 2 })
    expect([limited.data.length, limited.total, limited.sum]).toEqual([2, 7, 7])
  })

  it('hides the phones phone protection hides', async () => {
    await clinic.admin.client.service('company').patch('mine', { settings: { phoneProtection: true } })
    try {
      const hidden = await rows(finance, 'all')
      expect(hidden.data.filter((row) => row.channel !== 'email').every((row) => row.recipient === null && row.phoneHidden)).toBe(true)
      expect(hidden.data.filter((row) => row.channel === 'email').map((row) => [row.recipient, row.phoneHidden])).toEqual([['aino@example.test', false]])
      expect((await rows(clinic.admin, 'failed')).data.map((row) => [row.recipient, row.phoneHidden])).toEqual([['+998901112233', false]])
    } finally {
      await clinic.admin.client.service('company').patch('mine', { settings: { phoneProtection: false } })
    }
  })

  it('refuses a missing period and malformed narrowings', async () => {
    const none = await failure(finance.client.service('notification-reports').find({ query: { to: PERIOD.to } }))
    expect([none.name, none.data?.code, none.data?.path, none.message]).toEqual(['BadRequest', 'date-constraint-required', 'from', 'Date constraint is required'])
    const half = await failure(finance.client.service('notification-reports').find({ query: { from: PERIOD.from } }))
    expect([half.data?.code, half.data?.path]).toEqual(['date-constraint-required', 'to'])
    const bad = [
      { from: PERIOD.to, to: PERIOD.from }, { from: '2025-01-01', to: '2026-11-01' }, { ...PERIOD, $rows: 'all', day: PERIOD.to }, { ...PERIOD, day: D1 },
      { ...PERIOD, $limit: 5 }, { ...PERIOD, $rows: 'read' }, { ...PERIOD, channel: 'fax' }, { ...PERIOD, event: 'gossip' }, { ...PERIOD, doctorId: clinic.doctor.user._id }, { ...PERIOD, extra: 1 }
    ]
    for (const query of bad) expect([JSON.stringify(query), (await failure(finance.client.service('notification-reports').find({ query: malformed(query) }))).name]).toEqual([JSON.stringify(query), 'BadRequest'])
  })

  it('is the clinic\'s messaging: refused without the report, to own-figures roles, and outside one\'s branches', async () => {
    expect((await failure(report(clinic.doctor))).name).toBe('Forbidden')
    const ownRole = await clinic.admin.client.service('roles').create({ name: 'Own messages', permissions: [{ resource: 'notification-reports', view: true }] })
    const own = await signedInMember(server, clinic.admin, { roleId: ownRole._id, branchIds: [clinic.branchId] })
    const refused = await failure(report(own))
    expect([refused.name, refused.data?.code]).toEqual(['Forbidden', 'access-restricted'])
    const limited = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId] })
    const outside = await failure(report(limited, { branchId: northId }))
    expect([outside.name, outside.data?.code, outside.data?.path]).toEqual(['BadRequest', 'branch-not-allowed', 'branchId'])
    expect((await report(limited)).totals.total).toBe(5)
    expect((await failure(rows(limited, 'all', { branchId: northId }))).data?.code).toBe('branch-not-allowed')
    const stranger = await server.registerClinic('Elsewhere report')
    expect((await report(stranger)).totals.total).toBe(0)
    expect((await rows(stranger, 'all')).data).toEqual([])
  })
})
