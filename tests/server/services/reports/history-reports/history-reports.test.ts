import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { at, openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { newId } from '../../../../../server/src/hooks/ids'
import { activityCodec, USER_ACTIVITIES_TABLE } from '../../../../../server/src/hooks/activity-log'
import { historyActions } from '../../../../../domain/reports/history-reports'
import type { HistoryReport, HistoryReportRows, HistoryRowsFigure } from '../../../../../server/src/services/reports/history-reports/history-reports.shared'

const D1 = '2026-11-10'
const D2 = '2026-11-11'
const PERIOD = { from: D1, to: '2026-11-12' }

/**
 * The history report (issue 19) over one Helsinki clinic's activity log, both engines:
 *
 * | # | made (local) | who | service | method → action | branch |
 * | 1 | D1 09:00 | admin | customers | create | main |
 * | 2 | D1 09:30 | admin | customers | patch → edit | main |
 * | 3 | D1 23:30 | admin | specialty | update → edit | none |
 * | 4 | D2 00:10 | doctor | appointment | create | North |
 * | 5 | D2 10:00 | doctor | appointment | remove | main |
 * | 6 | D2 11:00 | admin | customers | get (a read of a record: not a change) | main |
 * | 7 | D2 12:00 | doctor | appointment | patch → edit | main |
 * | 8 | day after, 00:00 | admin | customers | create (outside the period) | main |
 * | 9 | D1 09:00 | another clinic | customers | create (not theirs) | theirs |
 *
 * The administrator sees 1-5 and 7; a reader who may view appointments but not patients or
 * specialties sees 4, 5 and 7.
 */
describe.each(engines)('history report on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let admin: SignedIn
  let narrow: SignedIn
  let northId: string
  let adminId: string

  const report = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('history-reports').find({ query: { ...PERIOD, ...query } }) as Promise<HistoryReport>
  const rows = (who: SignedIn, figure: HistoryRowsFigure, query: Record<string, unknown> = {}) =>
    who.client.service('history-reports').find({ query: { ...PERIOD, $rows: figure, ...query } }) as Promise<HistoryReportRows>

  /** The permission a Forbidden names (clinicError's data: resource and flag). */
  const needed = (error: { data?: object }) => {
    const data = (error.data ?? {}) as { resource?: string; flag?: string }
    return `${data.resource}:${data.flag}`
  }
  const entry = (companyId: string, made: string, userId: string, service: string, method: string, branchId: string | null) =>
    activityCodec.toDb({ _id: newId(), companyId, branchId, userId, service, method, recordId: newId(), changes: { title: 'x' }, createdAt: made })

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    admin = clinic.admin
    adminId = admin.auth.user._id
    northId = (await admin.client.service('branches').create({ name: 'North' }))._id
    const role = await admin.client.service('roles').create({
      name: 'Auditor',
      permissions: [{ resource: 'reports', view: true }, { resource: 'company', view: true, seeAll: true }, { resource: 'appointment', view: true }]
    })
    narrow = await signedInMember(server, admin, { roleId: role._id, branchIds: [clinic.branchId] })
    const company = admin.auth.company._id
    const main = clinic.branchId
    const doctorId = clinic.doctor.user._id
    const stranger = await server.registerClinic('Elsewhere history')
    // Entries made by the setup's own calls are older than the period: the period is in the past.
    await server.db(USER_ACTIVITIES_TABLE).insert([
      entry(company, at(D1, '09:00'), adminId, 'customers', 'create', main),
      entry(company, at(D1, '09:30'), adminId, 'customers', 'patch', main),
      entry(company, at(D1, '23:30'), adminId, 'specialty', 'update', null),
      entry(company, at(D2, '00:10'), doctorId, 'appointment', 'create', northId),
      entry(company, at(D2, '10:00'), doctorId, 'appointment', 'remove', main),
      entry(company, at(D2, '11:00'), adminId, 'customers', 'get', main),
      entry(company, at(D2, '12:00'), doctorId, 'appointment', 'patch', main),
      entry(company, at(PERIOD.to, '00:00'), adminId, 'customers', 'create', main),
      entry(stranger.auth.company._id, at(D1, '09:00'), stranger.auth.user._id, 'customers', 'create', stranger.auth.branchIds[0])
    ])
  }, 120_000)
  afterAll(() => server.stop())

  it('counts changes by action per person, section and company-local day', async () => {
    const found = await report(admin)
    expect(found.totals).toEqual({ create: 2, edit: 3, remove: 1, total: 6 })
    const doctorId = clinic.doctor.user._id
    expect(found.byUser.map((line) => [line.key, line.total, line.create, line.edit, line.remove])).toEqual(
      [[adminId, 3, 1, 2, 0], [doctorId, 3, 1, 1, 1]].sort((a, b) => (b[1] as number) - (a[1] as number) || String(a[0]).localeCompare(String(b[0])))
    )
    expect(found.byUser.every((line) => line.name.length > 0)).toBe(true)
    expect(found.byService.map((line) => [line.key, line.total])).toEqual([['appointment', 3], ['customers', 2], ['specialty', 1]])
    // 23:30 local on D1 is D1, 00:10 local on D2 is D2 (both the previous UTC day).
    expect(found.byDay.map((day) => [day.day, day.total, day.edit])).toEqual([[D1, 3, 2], [D2, 3, 1]])
    expect(found.cells.reduce((sum, cell) => sum + cell.total, 0)).toBe(6)
    expect(found.formulas.edit).toBe('reports.history.formulas.edit')
    // A branch, a person and a section narrow the whole report; a branch leaves out entries about records without one.
    expect((await report(admin, { branchId: northId })).totals).toEqual({ create: 1, edit: 0, remove: 0, total: 1 })
    expect((await report(admin, { branchId: clinic.branchId })).totals.total).toBe(4)
    expect((await report(admin, { userId: doctorId })).totals).toEqual({ create: 1, edit: 1, remove: 1, total: 3 })
    expect((await report(admin, { service: 'customers' })).byDay).toEqual([{ day: D1, create: 1, edit: 1, remove: 0, total: 2 }])
  })

  it('every number equals its drill-down rows', async () => {
    for (const who of [admin, narrow]) {
      for (const query of [{}, { branchId: clinic.branchId }, { service: 'appointment' }, { userId: adminId }]) {
        const found = await report(who, query)
        const figures: HistoryRowsFigure[] = [...historyActions, 'all']
        for (const figure of figures) {
          const all = await rows(who, figure, query)
          const expected = figure === 'all' ? found.totals.total : found.totals[figure]
          expect([figure, all.sum, all.total, all.data.length]).toEqual([figure, expected, expected, expected])
          if (figure !== 'all') expect(all.data.every((row) => row.action === figure)).toBe(true)
        }
        for (const line of found.byUser) {
          for (const action of historyActions) expect([line.key, action, (await rows(who, action, { ...query, userId: line.key })).total]).toEqual([line.key, action, line[action]])
        }
        for (const line of found.byService) {
          for (const action of historyActions) expect([line.key, action, (await rows(who, action, { ...query, service: line.key })).total]).toEqual([line.key, action, line[action]])
        }
        for (const day of found.byDay) {
          for (const action of historyActions) expect([day.day, action, (await rows(who, action, { ...query, day: day.day })).total]).toEqual([day.day, action, day[action]])
        }
        for (const cell of found.cells) {
          for (const action of [...historyActions, 'all' as const]) {
            const expected = action === 'all' ? cell.total : cell[action]
            expect([cell.day, cell.userId, cell.service, action, (await rows(who, action, { ...query, day: cell.day, userId: cell.userId, service: cell.service })).total]).toEqual([cell.day, cell.userId, cell.service, action, expected])
          }
        }
      }
    }
    const edits = await rows(admin, 'edit')
    expect(edits.data.map((row) => [row.day, row.service, row.method, row.action, row.userName.length > 0])).toEqual([
      [D1, 'customers', 'patch', 'edit', true], [D1, 'specialty', 'update', 'edit', true], [D2, 'appointment', 'patch', 'edit', true]
    ])
    const limited = await rows(admin, 'all', { $limit: 2 })
    expect([limited.data.length, limited.total, limited.sum]).toEqual([2, 6, 6])
  })

  it('counts only entries about the sections the reader may view', async () => {
    const found = await report(narrow)
    expect(found.totals).toEqual({ create: 1, edit: 1, remove: 1, total: 3 })
    expect(found.byService.map((line) => line.key)).toEqual(['appointment'])
    // Naming a section they may not view counts nothing, and its rows are none.
    expect((await report(narrow, { service: 'customers' })).totals.total).toBe(0)
    expect((await rows(narrow, 'all', { service: 'customers' })).data).toEqual([])
    // The whole company's changes, whatever branches they work in.
    expect((await report(narrow, { branchId: northId })).totals.total).toBe(1)
  })

  it('refuses a missing period and malformed narrowings', async () => {
    const none = await failure(admin.client.service('history-reports').find({ query: { to: PERIOD.to } }))
    expect([none.name, none.data?.code, none.data?.path, none.message]).toEqual(['BadRequest', 'date-constraint-required', 'from', 'Date constraint is required'])
    const half = await failure(admin.client.service('history-reports').find({ query: { from: PERIOD.from } }))
    expect([half.data?.code, half.data?.path]).toEqual(['date-constraint-required', 'to'])
    const bad = [
      { from: PERIOD.to, to: PERIOD.from }, { from: '2025-01-01', to: '2026-11-01' }, { ...PERIOD, $rows: 'all', day: PERIOD.to }, { ...PERIOD, day: D1 },
      { ...PERIOD, $limit: 5 }, { ...PERIOD, $rows: 'read' }, { ...PERIOD, $rows: 'get' }, { ...PERIOD, service: 'a b' }, { ...PERIOD, service: '' },
      { ...PERIOD, userId: 'x'.repeat(200) }, { ...PERIOD, doctorId: clinic.doctor.user._id }, { ...PERIOD, extra: 1 }, { ...PERIOD, $limit: 1001, $rows: 'all' }
    ]
    for (const query of bad) expect([JSON.stringify(query), (await failure(admin.client.service('history-reports').find({ query: malformed(query) }))).name]).toEqual([JSON.stringify(query), 'BadRequest'])
  })

  it('is the activity log\'s: refused without the reports or without seeing the whole company, and another clinic\'s is its own', async () => {
    const noReports = await admin.client.service('roles').create({ name: 'Log only', permissions: [{ resource: 'company', view: true, seeAll: true }, { resource: 'customers', view: true }] })
    const logOnly = await signedInMember(server, admin, { roleId: noReports._id, branchIds: [clinic.branchId] })
    const refusedReports = await failure(report(logOnly))
    expect([refusedReports.name, refusedReports.data?.code, needed(refusedReports)]).toEqual(['Forbidden', 'forbidden', 'reports:view'])
    const branchOnly = await admin.client.service('roles').create({ name: 'Reports, own branch', permissions: [{ resource: 'reports', view: true, seeAll: true }, { resource: 'company', view: true }, { resource: 'customers', view: true }] })
    const reader = await signedInMember(server, admin, { roleId: branchOnly._id, branchIds: [clinic.branchId] })
    // Reports for every doctor, but only their branch's records: not the log's reader.
    for (const call of [report(reader), rows(reader, 'all')]) {
      const refused = await failure(call)
      expect([refused.name, refused.data?.code, needed(refused)]).toEqual(['Forbidden', 'forbidden', 'company:seeAll'])
    }
    expect((await failure(report(clinic.doctor))).name).toBe('Forbidden')
    // Another clinic's branch counts nothing of this clinic's; the other clinic sees only its own entry.
    const stranger = await server.registerClinic('Elsewhere report')
    expect((await report(admin, { branchId: stranger.auth.branchIds[0] })).totals.total).toBe(0)
    expect((await report(stranger)).totals.total).toBe(0)
    expect((await rows(stranger, 'all')).data).toEqual([])
  })
})
