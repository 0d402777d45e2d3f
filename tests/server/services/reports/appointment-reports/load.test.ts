import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { booking, openTwoBranchClinic, setSchedule, type Clinic } from '../../../support/appointment-fixtures'
import type { AppointmentReport, AppointmentReportRows, LoadLine, RowFigure } from '../../../../../server/src/services/reports/appointment-reports/appointment-reports.shared'

const D1 = '2026-11-10'
const D2 = '2026-11-11'
const PERIOD = { from: D1, to: '2026-11-12' }
const everyDay = (start: string, end: string) => ({ week: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((day) => [day, [{ start, end }]])), dates: {} })

describe.each(engines)('appointments report: doctors\' and chairs\' load on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let finance: SignedIn
  let doctorB: Clinic['doctor']
  let northId: string
  const chairs: Record<'one' | 'two' | 'three' | 'north', string> = { one: '', two: '', three: '', north: '' }

  const report = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('appointment-reports').find({ query: { ...PERIOD, ...query } }) as Promise<AppointmentReport>
  const rows = (who: SignedIn, figure: RowFigure, query: Record<string, unknown> = {}) =>
    who.client.service('appointment-reports').find({ query: { ...PERIOD, $rows: figure, ...query } }) as Promise<AppointmentReportRows>
  const visit = async (date: string, time: string, extra: Record<string, unknown> = {}, row: Record<string, unknown> = {}) => {
    const created = await clinic.admin.client.service('appointment').create(booking(clinic, date, time, extra))
    if (Object.keys(row).length) await server.db('appointment').where({ _id: created._id }).update(row)
  }
  const chair = (lines: LoadLine[], key: string) => lines.find((line) => line.key === key)

  beforeAll(async () => {
    server = await startServer(engine)
    ;({ clinic, northId, finance, doctorB } = await openTwoBranchClinic(server))
    // Doctor A (main) works 08-20 every day; doctor B (main and North) 12-22: main is open 08-22 (840 minutes), North 12-22 (600).
    await setSchedule(server, doctorB.user._id, everyDay('12:00', '22:00'))
    await server.db('users').whereIn('_id', [clinic.doctor.user._id, doctorB.user._id]).update({ acceptsAppointments: true })
    chairs.one = clinic.chairId
    chairs.two = (await clinic.admin.client.service('work-place').create({ name: 'Chair 2', branchId: clinic.branchId }))._id
    chairs.three = (await clinic.admin.client.service('work-place').create({ name: 'Chair 3', branchId: clinic.branchId }))._id
    chairs.north = (await clinic.admin.client.service('work-place').create({ name: 'North 1', branchId: northId }))._id
    const B = { staffId: doctorB.user._id }

    await visit(D1, '09:00', { workPlaceId: chairs.one }, { status: 'completed' })
    await visit(D2, '10:00', { workPlaceId: chairs.one, duration: 60 })
    await visit(D1, '13:00', { ...B, workPlaceId: chairs.two })
    await visit(D2, '12:00', { ...B, workPlaceId: chairs.north, branchId: northId })
    // Booked without a chair: the doctor's load only.
    await visit(D1, '11:00')
    // Holding no slot: nobody's load.
    await visit(D1, '15:00', { workPlaceId: chairs.one }, { status: 'cancelled' })
    await visit(D2, '15:00', { workPlaceId: chairs.two }, { status: 'noShow' })
    // Chair 3 is put away after a visit: its booked minutes stay, with no hours.
    await visit(D1, '16:00', { workPlaceId: chairs.three })
    await clinic.admin.client.service('work-place').patch(chairs.three, { active: false })
  })
  afterAll(() => server.stop())

  it('divides booked minutes by the doctors\' hours and by the chairs\' open hours, per line, branch and in total', async () => {
    const found = await report(finance)
    expect([found.totals.bookedMinutes, found.totals.availableMinutes]).toEqual([30 + 60 + 30 + 30 + 30 + 30, 2 * 720 + 2 * 600])
    // A doctor of two branches brings their hours to both branch lines.
    const branch = (key: string) => found.byBranch.find((line) => line.key === key)!
    expect([branch(clinic.branchId).availableMinutes, branch(northId).availableMinutes]).toEqual([2 * 720 + 2 * 600, 2 * 600])
    expect(found.chairs.totals).toEqual({ bookedMinutes: 90 + 30 + 30 + 30, availableMinutes: 2 * 2 * 840 + 2 * 600 })
    expect(found.chairs.byChair.map((line) => [line.name, line.branchId, line.bookedMinutes, line.availableMinutes])).toEqual([
      ...(clinic.branchId < northId
        ? [['Chair 1', clinic.branchId, 90, 1680], ['Chair 2', clinic.branchId, 30, 1680], ['Chair 3', clinic.branchId, 30, 0], ['North 1', northId, 30, 1200]]
        : [['North 1', northId, 30, 1200], ['Chair 1', clinic.branchId, 90, 1680], ['Chair 2', clinic.branchId, 30, 1680], ['Chair 3', clinic.branchId, 30, 0]])
    ])
    expect(chair(found.chairs.byBranch, clinic.branchId)).toMatchObject({ bookedMinutes: 150, availableMinutes: 3360 })
    expect(chair(found.chairs.byBranch, northId)).toMatchObject({ bookedMinutes: 30, availableMinutes: 1200 })
    expect(found.formulas.chairLoad).toBe('reports.appointments.formulas.chairLoad')
    // One branch, one doctor: the chairs' hours are that doctor's hours.
    expect((await report(finance, { branchId: northId })).chairs.totals).toEqual({ bookedMinutes: 30, availableMinutes: 1200 })
    const onlyA = (await report(finance, { doctorId: clinic.doctor.user._id })).chairs
    // North has no hours of doctor A: its chair is listed with no figure.
    expect([onlyA.totals, chair(onlyA.byChair, chairs.north)]).toEqual([{ bookedMinutes: 90 + 30, availableMinutes: 2 * 2 * 720 }, { key: chairs.north, name: 'North 1', branchId: northId, bookedMinutes: 0, availableMinutes: 0 }])
  })

  it('each load figure equals the sum of its drill-down rows: in total, per chair, per branch', async () => {
    const found = await report(finance)
    const check = async (label: string, figure: RowFigure, expected: number, query: Record<string, unknown> = {}) => {
      const some = await rows(finance, figure, query)
      expect([label, some.data.reduce((sum, row) => sum + row.value, 0), some.sum, some.total]).toEqual([label, expected, expected, some.data.length])
    }
    for (const [figure, value] of [['chairBookedMinutes', 'bookedMinutes'], ['chairAvailableMinutes', 'availableMinutes']] as const) {
      await check(`${figure} total`, figure, found.chairs.totals[value])
      for (const line of found.chairs.byChair) await check(`${figure} ${line.name}`, figure, line[value], { workPlaceId: line.key })
      for (const line of found.chairs.byBranch) await check(`${figure} branch ${line.key}`, figure, line[value], { branchId: line.key })
    }
    const hours = await rows(finance, 'chairAvailableMinutes', { workPlaceId: chairs.one })
    expect(hours.data.map((row) => [row.day, row.time, row.workPlaceName, row.doctorId, row.value])).toEqual([[D1, '08:00–22:00', 'Chair 1', null, 840], [D2, '08:00–22:00', 'Chair 1', null, 840]])
    const booked = await rows(finance, 'chairBookedMinutes', { workPlaceId: chairs.one })
    expect(booked.data.map((row) => [row.day, row.time, row.workPlaceName, row.doctorName !== '', row.value])).toEqual([[D1, '09:00', 'Chair 1', true, 30], [D2, '10:00', 'Chair 1', true, 60]])
    const bad = await failure(finance.client.service('appointment-reports').find({ query: { ...PERIOD, $rows: 'bookedMinutes', workPlaceId: chairs.one } }))
    expect([bad.name, bad.data?.path]).toEqual(['BadRequest', 'workPlaceId'])
    expect((await failure(report(finance, { workPlaceId: chairs.one }))).name).toBe('BadRequest')
  })

  it('shows a caller without seeAll the chairs\' load of their own visits over their own hours, in their branches only', async () => {
    const ownOnly = await clinic.admin.client.service('roles').create({ name: 'Own load', permissions: [{ resource: 'appointment-reports', view: true }] })
    const own = await signedInMember(server, clinic.admin, { roleId: ownOnly._id, branchIds: [clinic.branchId] })
    await setSchedule(server, own.user._id, everyDay('10:00', '12:00'))
    await server.db('users').where({ _id: own.user._id }).update({ acceptsAppointments: true })
    await visit(D1, '10:30', { staffId: own.user._id, workPlaceId: chairs.one })
    const mine = await report(own)
    expect(mine.chairs.totals).toEqual({ bookedMinutes: 30, availableMinutes: 2 * 2 * 120 })
    expect(mine.chairs.byChair.map((line) => line.key).sort()).toEqual([chairs.one, chairs.two].sort())
    expect((await rows(own, 'chairBookedMinutes')).data.map((row) => row.doctorId)).toEqual([own.user._id])
    expect((await rows(own, 'chairAvailableMinutes', { workPlaceId: chairs.one })).data.map((row) => row.time)).toEqual(['10:00–12:00', '10:00–12:00'])
    const refused = await failure(rows(own, 'chairBookedMinutes', { doctorId: clinic.doctor.user._id }))
    expect([refused.name, refused.data?.code]).toEqual(['Forbidden', 'access-restricted'])

    const limited = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId] })
    const main = await report(limited)
    expect(main.chairs.byChair.every((line) => line.branchId === clinic.branchId)).toBe(true)
    expect(main.chairs.byBranch.map((line) => line.key)).toEqual([clinic.branchId])
    expect((await rows(limited, 'chairBookedMinutes', { workPlaceId: chairs.north })).data).toEqual([])
    expect((await rows(limited, 'chairAvailableMinutes', { workPlaceId: chairs.north })).sum).toBe(0)
    const outside = await failure(rows(limited, 'chairAvailableMinutes', { branchId: northId }))
    expect([outside.name, outside.data?.code]).toEqual(['BadRequest', 'branch-not-allowed'])

    const stranger = await server.registerClinic('Elsewhere')
    const foreign = await report(stranger)
    expect([foreign.chairs.totals.bookedMinutes, foreign.chairs.byChair.some((line) => Object.values(chairs).includes(line.key))]).toEqual([0, false])
    expect((await rows(stranger, 'chairBookedMinutes', { workPlaceId: chairs.one })).data).toEqual([])
  })
})
