import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { FULL_WEEK, at, booking, openTwoBranchClinic, setSchedule, type Clinic } from '../../../support/appointment-fixtures'
import {
  appointmentFigures,
  type AppointmentFigure,
  type AppointmentReport,
  type AppointmentReportLine,
  type AppointmentReportRows
} from '../../../../../server/src/services/reports/appointment-reports/appointment-reports.shared'

const D1 = '2026-11-10'
const D2 = '2026-11-11'
const PERIOD = { from: D1, to: '2026-11-12' }
const HOUR = 3_600_000

describe.each(engines)('appointments report on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let finance: SignedIn
  let doctorB: Clinic['doctor']
  let northId: string
  let second: string
  let instagram: string

  const report = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('appointment-reports').find({ query: { ...PERIOD, ...query } }) as Promise<AppointmentReport>
  const rows = (who: SignedIn, figure: AppointmentFigure, query: Record<string, unknown> = {}) =>
    who.client.service('appointment-reports').find({ query: { ...PERIOD, $rows: figure, ...query } }) as Promise<AppointmentReportRows>

  /** An appointment of 30 minutes, created as planned and then given its status straight in the table. */
  async function visit(date: string, time: string, extra: Record<string, unknown> = {}, row: Record<string, unknown> = {}) {
    const created = await clinic.admin.client.service('appointment').create(booking(clinic, date, time, extra))
    if (Object.keys(row).length) await server.db('appointment').where({ _id: created._id }).update(row)
    return created._id as string
  }

  beforeAll(async () => {
    server = await startServer(engine)
    ;({ clinic, northId, finance, doctorB } = await openTwoBranchClinic(server))
    // Doctor B works 09-13 on D2 only (a dated exception of the schedule): 720 + 240 minutes.
    await setSchedule(server, doctorB.user._id, { ...FULL_WEEK, dates: { [D2]: [{ start: '09:00', end: '13:00' }] } })
    await server.db('users').whereIn('_id', [clinic.doctor.user._id, doctorB.user._id]).update({ acceptsAppointments: true })
    instagram = (await clinic.admin.client.service('sources').create({ name: 'Instagram' }))._id
    await clinic.admin.client.service('customers').patch(clinic.customerId, { sourceId: instagram })
    second = (await clinic.admin.client.service('customers').create({ first_name: 'Ольга', last_name: 'Петрова' }))._id
    const B = { staffId: doctorB.user._id }
    const olga = { customerId: second }

    // Aino (Instagram) with doctor A: completed and a no-show on D1.
    await visit(D1, '09:00', {}, { status: 'completed' })
    await visit(D1, '10:00', {}, { status: 'noShow' })
    // Ольга (no source): cancelled by the front desk now, long after the start: late, by the clinic.
    const byDesk = await visit(D1, '11:00', olga)
    await clinic.admin.client.service('appointment').patch(byDesk, { status: 'cancelled' })
    // Ольга with B on D2: cancelled by the patient (the confirm link: no member), now: late.
    const byPatient = await visit(D2, '09:00', { ...olga, ...B })
    await server.app.service('appointment').patch(byPatient, { status: 'cancelled' }, { query: { companyId: clinic.admin.auth.company._id } })
    // Aino with B on D2: cancelled by a member two days ahead: early, by the clinic.
    await visit(D2, '10:00', B, { status: 'cancelled', statusChangedAt: new Date(Date.parse(at(D2, '10:00')) - 48 * HOUR).toISOString(), statusChangedBy: clinic.admin.auth.user._id })
    // Moved: Aino's D2 11:00 with A to 15:00 the same day (still booked in the period), and
    // Ольга's D2 12:00 with B out of the period; both count on D2, the day they left.
    const sameDay = await visit(D2, '11:00')
    await clinic.admin.client.service('appointment').patch(sameDay, { start: at(D2, '15:00') })
    const away = await visit(D2, '12:00', { ...olga, ...B })
    await clinic.admin.client.service('appointment').patch(away, { start: at('2026-11-20', '12:00') })
    // North: Ольга with B, completed.
    await visit(D1, '09:00', { ...olga, ...B, branchId: northId }, { status: 'completed' })
    // A draft and a moved draft count nowhere.
    const draft = await visit(D2, '16:00', { status: 'draft' })
    await clinic.admin.client.service('appointment').patch(draft, { start: at(D2, '17:00') })
  })
  afterAll(() => server.stop())

  const line = (lines: AppointmentReportLine[], key: string | null) => lines.find((entry) => entry.key === key)!

  it('counts each figure by its definition, per doctor, source and branch', async () => {
    const found = await report(finance)
    expect(found.totals).toEqual({
      completed: 2, cancelled: 3, cancelledByPatient: 1, cancelledByClinic: 2, cancelledLate: 2, cancelledEarly: 1, noShow: 1, rescheduled: 2,
      bookedMinutes: 90, availableMinutes: 1440 + 960
    })
    expect(line(found.byDoctor, clinic.doctor.user._id)).toMatchObject({ completed: 1, noShow: 1, cancelled: 1, cancelledByClinic: 1, cancelledLate: 1, rescheduled: 1, bookedMinutes: 60, availableMinutes: 1440 })
    expect(line(found.byDoctor, doctorB.user._id)).toMatchObject({ completed: 1, cancelled: 2, cancelledByPatient: 1, cancelledEarly: 1, rescheduled: 1, bookedMinutes: 30, availableMinutes: 960 })
    expect(line(found.bySource, instagram)).toMatchObject({ name: 'Instagram', completed: 1, noShow: 1, cancelled: 1, cancelledEarly: 1, rescheduled: 1, bookedMinutes: 60 })
    expect(line(found.bySource, null)).toMatchObject({ name: '', completed: 1, cancelled: 2, rescheduled: 1, bookedMinutes: 30 })
    expect(found.bySource[found.bySource.length - 1].key).toBeNull()
    // Doctor B works in both branches: their hours count in each branch's line.
    expect(line(found.byBranch, northId)).toMatchObject({ completed: 1, cancelled: 0, bookedMinutes: 30, availableMinutes: 960 })
    expect(found.formulas.cancelledLate).toBe('reports.appointments.formulas.cancelledLate')
    // Filters: one source (or none), one branch, one day.
    expect((await report(finance, { sourceId: instagram })).totals).toMatchObject({ completed: 1, cancelled: 1, rescheduled: 1, bookedMinutes: 60 })
    expect((await report(finance, { sourceId: 'none' })).totals).toMatchObject({ completed: 1, cancelled: 2, noShow: 0 })
    expect((await report(finance, { branchId: northId })).totals).toMatchObject({ completed: 1, cancelled: 0, availableMinutes: 960 })
    expect((await report(finance, { from: D2, to: '2026-11-12' })).totals).toMatchObject({ completed: 0, cancelled: 2, rescheduled: 2, bookedMinutes: 30, availableMinutes: 720 + 240 })
  })

  it('each total and each line equals the sum of its drill-down rows', async () => {
    const found = await report(finance)
    const check = async (label: string, figure: AppointmentFigure, expected: number, query: Record<string, unknown> = {}) => {
      const some = await rows(finance, figure, query)
      expect([label, figure, some.data.reduce((sum, row) => sum + row.value, 0), some.sum, some.total]).toEqual([label, figure, expected, expected, some.data.length])
    }
    for (const figure of appointmentFigures) {
      await check('total', figure, found.totals[figure])
      for (const entry of found.byDoctor) await check(`doctor ${entry.name}`, figure, entry[figure], { doctorId: entry.key })
      for (const entry of found.byBranch) await check(`branch ${entry.key}`, figure, entry[figure], { branchId: entry.key })
      if (figure === 'availableMinutes') continue // hours belong to doctors (and through them to branches), not to sources
      for (const entry of found.bySource) await check(`source ${entry.name}`, figure, entry[figure], { sourceId: entry.key ?? 'none' })
    }
    const late = await rows(finance, 'cancelledLate')
    // Cancelled after the start (hours before negative): by a member (named), and by the patient ('').
    expect(late.data.map((row) => [row.day, row.time, row.customerName, row.changedByName !== '', row.hoursBefore! < 0])).toEqual([
      [D1, '11:00', 'Петрова Ольга', true, true],
      [D2, '09:00', 'Петрова Ольга', false, true]
    ])
    const early = await rows(finance, 'cancelledEarly')
    expect(early.data.map((row) => [row.customerName, row.hoursBefore, row.sourceName])).toEqual([['Virtanen Aino', 48, 'Instagram']])
    const moved = await rows(finance, 'rescheduled')
    expect(moved.data.map((row) => [row.day, row.time, row.movedToDay, row.movedToTime, row.doctorId])).toEqual([
      [D2, '11:00', D2, '15:00', clinic.doctor.user._id],
      [D2, '12:00', '2026-11-20', '12:00', doctorB.user._id]
    ])
    const hours = await rows(finance, 'availableMinutes', { doctorId: doctorB.user._id })
    expect(hours.data.map((row) => [row.day, row.time, row.value])).toEqual([[D1, '08:00–20:00', 720], [D2, '09:00–13:00', 240]])
    const limited = await rows(finance, 'cancelled', { $limit: 1 })
    expect([limited.data.length, limited.total, limited.sum]).toEqual([1, 3, 3])
  })

  it('refuses a missing or bad period and unknown fields', async () => {
    const none = await failure(finance.client.service('appointment-reports').find({ query: {} }))
    expect([none.name, none.data?.code, none.data?.path, none.message]).toEqual(['BadRequest', 'date-constraint-required', 'from', 'Date constraint is required'])
    const half = await failure(finance.client.service('appointment-reports').find({ query: { to: D2 } }))
    expect([half.data?.code, half.data?.path]).toEqual(['date-constraint-required', 'from'])
    for (const query of [{ from: D2, to: D1 }, { from: '2025-01-01', to: '2026-11-01' }, { ...PERIOD, $rows: 'visits' }, { ...PERIOD, extra: 1 }, { ...PERIOD, sourceId: 'web' }, { ...PERIOD, day: D1 }, { ...PERIOD, $limit: 0 }]) {
      expect([JSON.stringify(query), (await failure(finance.client.service('appointment-reports').find({ query: malformed(query) }))).name]).toEqual([JSON.stringify(query), 'BadRequest'])
    }
  })

  it('shows a caller without seeAll only their own figures, limits branches, and keeps companies apart', async () => {
    // The doctor role has no appointment-reports at all.
    expect((await failure(report(clinic.doctor))).name).toBe('Forbidden')
    const ownOnly = await clinic.admin.client.service('roles').create({ name: 'Doctor with the report', permissions: [{ resource: 'appointment-reports', view: true }] })
    const own = await signedInMember(server, clinic.admin, { roleId: ownOnly._id, branchIds: [clinic.branchId] })
    await setSchedule(server, own.user._id, FULL_WEEK)
    await server.db('users').where({ _id: own.user._id }).update({ acceptsAppointments: true })
    await visit(D1, '14:00', { staffId: own.user._id }, { status: 'noShow' })
    const mine = await report(own)
    expect(mine.doctorId).toBe(own.user._id)
    expect(mine.totals).toMatchObject({ noShow: 1, completed: 0, cancelled: 0, availableMinutes: 1440 })
    expect(mine.byDoctor.map((entry) => entry.key)).toEqual([own.user._id])
    expect((await rows(own, 'noShow')).data.map((row) => row.doctorId)).toEqual([own.user._id])
    const refused = await failure(report(own, { doctorId: clinic.doctor.user._id }))
    expect([refused.name, refused.data?.code]).toEqual(['Forbidden', 'access-restricted'])
    expect((await failure(rows(own, 'noShow', { doctorId: clinic.doctor.user._id }))).name).toBe('Forbidden')

    const limited = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId] })
    const outside = await failure(report(limited, { branchId: northId }))
    expect([outside.name, outside.data?.code]).toEqual(['BadRequest', 'branch-not-allowed'])
    const main = await report(limited)
    expect([main.totals.completed, main.byBranch.map((entry) => entry.key)]).toEqual([1, [clinic.branchId]])
    expect((await rows(limited, 'completed')).data.every((row) => row.branchId === clinic.branchId)).toBe(true)

    const stranger = await server.registerClinic('Elsewhere')
    const foreign = await report(stranger, { branchId: clinic.branchId })
    expect([foreign.totals.completed, foreign.totals.bookedMinutes, foreign.byDoctor.length]).toEqual([0, 0, 0])
    expect((await rows(stranger, 'rescheduled')).data).toEqual([])
  })
})
