import { engines, startServer, type TestServer } from '../../support/harness'
import { addDoctor, at, booking, openClinic, ZONE, type Clinic } from '../../support/appointment-fixtures'
import { visitFigure, type VisitFigure } from '../../../../server/src/services/appointments/appointment/visit-reads'
import { bookedMinutesFromStats, refreshVisitStats, visitStatsFigure, VISIT_STATS_DIRTY_TABLE, VISIT_STATS_TABLE } from '../../../../server/src/services/appointments/appointment/visit-stats'
import {
  bookedMinutesFromAppointments, outcomeFigureFromAppointments, outcomeFigureGroups, outcomeFigures, type BookedMinutesGroup, type OutcomeFigure, type OutcomeGroup
} from '../../../../server/src/services/appointments/appointment/outcome-reads'
import { newAndReturningFigures, patientVisitFigure, patientVisitFigureFromAppointments, patientVisitRows, patientVisitRowsFromAppointments, type PatientVisitGroup } from '../../../../server/src/services/appointments/appointment/patient-visit-reads'
import { visitFigureBy, visitFigureByFromAppointments } from '../../../../server/src/services/appointments/appointment/visit-groups'
import { VISIT_SOURCE_STATS_TABLE } from '../../../../server/src/services/appointments/appointment/visit-source-stats'
import { VISIT_NEXT_DIRTY_TABLE, VISIT_NEXT_TABLE } from '../../../../server/src/services/appointments/appointment/visit-next-days'
import { shiftMonths } from '../../../../domain/reports/customer-reports'
import { zonedToUtc } from '../../../../domain/appointments/zoned-time'
import { periodFilter } from '../../../../server/src/services/reports/report-scope'
import type { FigureGroup } from '../../../../server/src/services/report-filter'
import type { AppointmentStatus } from '../../../../domain/appointments/status'

/**
 * The visits rollup (visit-stats.ts, migration 20261204200000_visit_day_stats) and the visits by
 * source rollup (visit-source-stats.ts, migration 20261205200000_visit_source_day_stats) always
 * equal the appointments they sum: after each kind of write a clinic makes (booking, check-in,
 * completing, an earlier first visit, a move, a cancellation by the clinic and straight to the
 * table, a removal and its restore, a patient's source set and changed, a merge of two patients
 * of different sources, a bulk write straight to the table, a change of the clinic's time zone: a
 * visit keeps its stored day), every figure read from the rollups equals the same figure counted
 * from the appointments (`visitFigure`, `outcomeFigureFromAppointments`,
 * `patientVisitFigureFromAppointments`, `visitFigureByFromAppointments`: the reports'
 * definitions), for everyone and each doctor, every source and none, on both databases. The same
 * for the customers report's lapsed patients read from each visit's next day (visit-next-days.ts,
 * migration 20261206100000_visit_next_days) over periods 3, 6 and 12 months after the visits,
 * one of them ending past a later visit.
 */
const D1 = '2026-11-09'
const D2 = '2026-11-10'
const D3 = '2026-11-11'
const D4 = '2026-11-12'
const FIGURES: VisitFigure[] = ['visits', 'newPatients', 'noShows']
/** Aino's visit long after the others: after the end of the first lapse period, before the others' ends. */
const LATER = '2027-02-20'
/** Lapse periods: months, from, to. Their lapse windows hold D1..D4 (the second's only D3 and D4); the first ends before LATER. */
const LAPSES: Array<[number, string, string]> = [[3, '2027-02-09', '2027-02-14'], [6, '2027-05-11', '2027-05-13'], [12, '2027-11-01', '2027-12-01'], [3, '2027-02-01', '2027-03-01']]

describe.each(engines)('the visits rollup on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic
  let doctorB: Awaited<ReturnType<typeof addDoctor>>
  let second: string
  let zone = ZONE
  let instagram: string
  let radio: string

  const appointments = () => clinic.admin.client.service('appointment')
  const sorted = (groups: FigureGroup[]) => groups.map((group) => `${group.day} ${group.branchId} ${group.value}`).sort()
  const sortedMinutes = (groups: BookedMinutesGroup[]) => groups.map((group) => `${group.day} ${group.branchId} ${group.doctorId} ${group.workPlaceId} ${group.value}`).sort()

  /** Every figure from the rollup against the appointments, for the whole period and for each doctor; answers the rollup's totals. */
  async function expectRollupEqualsAppointments(): Promise<Record<VisitFigure | 'bookedMinutes', number>> {
    const totals = { visits: 0, newPatients: 0, noShows: 0, bookedMinutes: 0 }
    for (const doctorId of [undefined, clinic.doctor.user._id, doctorB.user._id]) {
      const filter = periodFilter({ companyId: clinic.admin.auth.company._id, from: D1, to: '2026-11-14', branchIds: null, doctorId }, zone)
      for (const figure of FIGURES) {
        const rolled = await visitStatsFigure(server.db, filter, figure)
        expect({ figure, doctorId, groups: sorted(rolled) }).toEqual({ figure, doctorId, groups: sorted(await visitFigure(server.db, filter, figure)) })
        if (!doctorId) totals[figure] = rolled.reduce((sum, group) => sum + group.value, 0)
      }
      for (const chairs of [{}, { onWorkPlace: true }, { workPlaceId: clinic.chairId }]) {
        const minutes = await bookedMinutesFromStats(server.db, { ...filter, ...chairs })
        expect({ chairs, doctorId, minutes: sortedMinutes(minutes) }).toEqual({ chairs, doctorId, minutes: sortedMinutes(await bookedMinutesFromAppointments(server.db, { ...filter, ...chairs })) })
        if (!doctorId && Object.keys(chairs).length === 0) totals.bookedMinutes = minutes.reduce((sum, group) => sum + group.value, 0)
      }
    }
    await expectSourceRollupEqualsAppointments()
    return totals
  }

  const outcomeLines = (groups: OutcomeGroup[]) => groups.map((group) => `${group.doctorId} ${group.branchId} ${group.sourceId} ${group.value}`).sort()
  const visitLines = (groups: PatientVisitGroup[]) => groups.map((group) => `${group.day} ${group.branchId} ${group.doctorId} ${group.sourceId} ${group.value}`).sort()
  const keyLines = (groups: Array<{ key: string | null; value: number }>) => groups.map((group) => `${group.key} ${group.value}`).sort()

  /**
   * The visits by source rollup against the appointments: every outcome, new and returning
   * visits, and the toppers' visits per doctor and new patients per source, for everyone and
   * each doctor, any source, none and each source.
   */
  async function expectSourceRollupEqualsAppointments() {
    for (const doctorId of [undefined, clinic.doctor.user._id, doctorB.user._id]) {
      const filter = periodFilter({ companyId: clinic.admin.auth.company._id, from: D1, to: '2026-11-14', branchIds: null, doctorId }, zone)
      for (const sourceId of [undefined, null, instagram, radio]) {
        const narrowed = { ...filter, sourceId }
        const rolled = await outcomeFigureGroups(server.db, narrowed)
        for (const figure of outcomeFigures) {
          const raw = await outcomeFigureFromAppointments(server.db, narrowed, figure)
          expect({ figure, doctorId, sourceId, groups: outcomeLines(rolled[figure]) }).toEqual({ figure, doctorId, sourceId, groups: outcomeLines(raw) })
        }
        const visits = { ...narrowed, lapsedMonths: 6, lapsedStarts: [filter.dayStarts[0], filter.dayStarts[0]] as const }
        const both = await newAndReturningFigures(server.db, visits)
        for (const figure of ['newPatients', 'returning'] as const) {
          const raw = await patientVisitFigureFromAppointments(server.db, visits, figure)
          expect({ figure, doctorId, sourceId, groups: visitLines(await patientVisitFigure(server.db, visits, figure)) }).toEqual({ figure, doctorId, sourceId, groups: visitLines(raw) })
          // Both at once, as the customers report reads them.
          expect({ figure, doctorId, sourceId, groups: visitLines(both[figure]) }).toEqual({ figure, doctorId, sourceId, groups: visitLines(raw) })
        }
        for (const [months, from, to] of LAPSES) {
          const lapse = lapseFilter(months, from, to, doctorId, sourceId)
          const raw = await patientVisitFigureFromAppointments(server.db, lapse, 'lapsed')
          expect({ months, from, doctorId, sourceId, groups: visitLines(await patientVisitFigure(server.db, lapse, 'lapsed')) }).toEqual({ months, from, doctorId, sourceId, groups: visitLines(raw) })
          // Not per day (the report's read): the raw groups summed over their days.
          const summed = new Map<string, PatientVisitGroup>()
          for (const group of raw) {
            const key = `${group.branchId} ${group.doctorId} ${group.sourceId}`
            const found = summed.get(key)
            if (found) found.value += group.value
            else summed.set(key, { ...group, day: '' })
          }
          expect({ months, from, doctorId, sourceId, groups: visitLines(await patientVisitFigure(server.db, lapse, 'lapsed', false)) }).toEqual({ months, from, doctorId, sourceId, groups: visitLines([...summed.values()]) })
          // The drill-down too (any source: the filter is the figure's): the same visits, in the same order, one page and the count.
          for (const page of sourceId === undefined ? [{ limit: 1000 }, { limit: 1, skip: 1 }] : []) {
            const rows = await patientVisitRows(server.db, lapse, 'lapsed', {}, page)
            expect({ months, from, doctorId, sourceId, page, rows }).toEqual({ months, from, doctorId, sourceId, page, rows: await patientVisitRowsFromAppointments(server.db, lapse, 'lapsed', {}, page) })
          }
        }
      }
      for (const [figure, grain] of [['visits', 'doctor'], ['newPatients', 'source'], ['visits', 'source'], ['noShows', 'doctor']] as const) {
        expect({ figure, grain, doctorId, groups: keyLines(await visitFigureBy(server.db, filter, figure, grain)) }).toEqual({ figure, grain, doctorId, groups: keyLines(await visitFigureByFromAppointments(server.db, filter, figure, grain)) })
      }
    }
  }

  /** The customers report's filter for lapsed patients (as customer-reports.class.ts builds it). */
  function lapseFilter(months: number, from: string, to: string, doctorId?: string, sourceId?: string | null) {
    const filter = periodFilter({ companyId: clinic.admin.auth.company._id, from, to, branchIds: null, doctorId }, zone)
    const lapsedStarts = [zonedToUtc(shiftMonths(from, -months), '00:00', zone), zonedToUtc(shiftMonths(to, -months), '00:00', zone)] as const
    return { ...filter, sourceId, lapsedMonths: months, lapsedStarts }
  }

  /** Lapsed patients of each lapse period (everyone, any source), from the visits' next days: what the steps expect. */
  async function lapsed(): Promise<number[]> {
    const counts: number[] = []
    for (const [months, from, to] of LAPSES) counts.push((await patientVisitFigure(server.db, lapseFilter(months, from, to), 'lapsed')).reduce((sum, group) => sum + group.value, 0))
    return counts
  }

  /** A figure of the visits by source rollup per source ('-': none), for the whole period: what the steps expect. */
  async function bySource(figure: OutcomeFigure | 'newPatients'): Promise<Record<string, number>> {
    const filter = periodFilter({ companyId: clinic.admin.auth.company._id, from: D1, to: '2026-11-14', branchIds: null }, zone)
    const groups = figure === 'newPatients'
      ? (await visitFigureBy(server.db, filter, 'newPatients', 'source')).map((group) => ({ sourceId: group.key, value: group.value }))
      : (await outcomeFigureGroups(server.db, filter))[figure]
    const names = new Map<string | null, string>([[instagram, 'instagram'], [radio, 'radio'], [null, '-']])
    const found: Record<string, number> = {}
    for (const group of groups) found[names.get(group.sourceId) ?? '?'] = (found[names.get(group.sourceId) ?? '?'] ?? 0) + group.value
    return found
  }

  const setStatus = (id: string, status: AppointmentStatus) => appointments().patch(id, { status })

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    doctorB = await addDoctor(server, clinic)
    instagram = (await clinic.admin.client.service('sources').create({ name: 'Instagram' }))._id
    radio = (await clinic.admin.client.service('sources').create({ name: 'Radio' }))._id
    second = (await clinic.admin.client.service('customers').create({ first_name: 'Ольга', last_name: 'Петрова', sourceId: radio }))._id
  })
  afterAll(() => server.stop())

  it('follows every write, and leaves no day stale once read', async () => {
    // Booked: nothing yet.
    const a2 = (await appointments().create(booking(clinic, D2, '09:00', { workPlaceId: clinic.chairId })))._id as string
    const a3 = (await appointments().create(booking(clinic, D3, '19:30')))._id as string
    const b2 = (await appointments().create(booking(clinic, D2, '10:00', { customerId: second, staffId: doctorB.user._id })))._id as string
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 0, newPatients: 0, noShows: 0, bookedMinutes: 90 })

    // Checked in and completed: Aino new on D2, returning on D3; Ольга did not come.
    await setStatus(a2, 'arrived')
    await setStatus(a3, 'arrived')
    await setStatus(a3, 'started')
    await setStatus(a3, 'completed')
    await setStatus(b2, 'noShow')
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 2, newPatients: 1, noShows: 1, bookedMinutes: 60 })
    expect([await bySource('completed'), await bySource('noShow'), await bySource('newPatients')]).toEqual([{ '-': 1 }, { radio: 1 }, { '-': 1 }])
    expect(await lapsed()).toEqual([1, 1, 1, 1])

    // Aino comes again months later (written straight to the table): lapsed in the periods that end before it, not in the one past it.
    const later = (await appointments().create(booking(clinic, LATER, '09:00')))._id as string
    await server.db('appointment').where({ _id: later }).update({ status: 'completed' })
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 2, newPatients: 1, noShows: 1, bookedMinutes: 60 })
    expect(await lapsed()).toEqual([1, 0, 0, 0])

    // Aino's source recorded, with no write to her appointments: her visits are Instagram's now.
    await clinic.admin.client.service('customers').patch(clinic.customerId, { sourceId: instagram })
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 2, newPatients: 1, noShows: 1, bookedMinutes: 60 })
    expect([await bySource('completed'), await bySource('noShow'), await bySource('newPatients')]).toEqual([{ instagram: 1 }, { radio: 1 }, { instagram: 1 }])

    // An earlier visit of Aino's, written straight to the table (as a bulk import would): D1 is now her first.
    const a1 = (await appointments().create(booking(clinic, D1, '12:00')))._id as string
    await server.db('appointment').where({ _id: a1 }).update({ status: 'completed' })
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 3, newPatients: 1, noShows: 1, bookedMinutes: 90 })

    // Her first visit moved to D4: D2 is her first again.
    await server.db('appointment').where({ _id: a1 }).update({ status: 'planned' })
    await appointments().patch(a1, { start: at(D4, '12:00') })
    await server.db('appointment').where({ _id: a1 }).update({ status: 'completed' })
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 3, newPatients: 1, noShows: 1, bookedMinutes: 90 })
    expect(await bySource('rescheduled')).toEqual({ instagram: 1 })
    // Its length corrected afterwards: 45 minutes booked, not 30.
    await server.db('appointment').where({ _id: a1 }).update({ duration: 45 })
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 3, newPatients: 1, noShows: 1, bookedMinutes: 105 })

    // D2's visit cancelled: D3 becomes her first.
    await server.db('appointment').where({ _id: a2 }).update({ status: 'cancelled' })
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 2, newPatients: 1, noShows: 1, bookedMinutes: 75 })

    // D3's visit removed (to the trash), then restored.
    await appointments().remove(a3)
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 1, newPatients: 1, noShows: 1, bookedMinutes: 45 })
    const [item] = (await clinic.admin.client.service('trash').find({ query: { service: 'appointment', recordId: a3 } })).data
    await clinic.admin.client.service('trash').patch(item._id, { restore: true })
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 2, newPatients: 1, noShows: 1, bookedMinutes: 75 })

    // Ольга's appointment on D4 cancelled by the clinic (after its start: late; Aino's D2, cancelled
    // straight to the table, keeps the member and time of its check-in: the clinic's, late too), then her source
    // changed straight to the table (an import, a repair): none recorded.
    const b4 = (await appointments().create(booking(clinic, D4, '10:00', { customerId: second, staffId: doctorB.user._id })))._id as string
    await setStatus(b4, 'cancelled')
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 2, newPatients: 1, noShows: 1, bookedMinutes: 75 })
    expect([await bySource('cancelledByClinic'), await bySource('cancelledLate'), await bySource('cancelledByPatient')]).toEqual([{ instagram: 1, radio: 1 }, { instagram: 1, radio: 1 }, {}])
    await server.db('customers').where({ _id: second }).update({ sourceId: null })
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 2, newPatients: 1, noShows: 1, bookedMinutes: 75 })
    expect([await bySource('cancelled'), await bySource('noShow')]).toEqual([{ instagram: 1, '-': 1 }, { '-': 1 }])
    await server.db('customers').where({ _id: second }).update({ sourceId: radio })
    expect([await bySource('cancelled'), await bySource('noShow')]).toEqual([{ instagram: 1, radio: 1 }, { radio: 1 }])
    // Who cancelled it corrected straight to the table (the patient, through the link): the status stays.
    await server.db('appointment').where({ _id: b4 }).update({ statusChangedBy: null })
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 2, newPatients: 1, noShows: 1, bookedMinutes: 75 })
    expect([await bySource('cancelledByClinic'), await bySource('cancelledByPatient')]).toEqual([{ instagram: 1 }, { radio: 1 }])

    // Ольга comes on D1 with doctor B, then she and Aino turn out to be one patient: one first visit between them.
    const b1 = (await appointments().create(booking(clinic, D1, '15:00', { customerId: second, staffId: doctorB.user._id })))._id as string
    await server.db('appointment').where({ _id: b1 }).update({ status: 'completed' })
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 3, newPatients: 2, noShows: 1, bookedMinutes: 105 })
    expect(await bySource('newPatients')).toEqual({ instagram: 1, radio: 1 })
    expect(await lapsed()).toEqual([2, 0, 1, 1])
    await clinic.admin.client.service('customers-merge').create({ keepId: clinic.customerId, mergeId: second })
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 3, newPatients: 1, noShows: 1, bookedMinutes: 105 })
    expect(await lapsed()).toEqual([1, 0, 0, 0])
    expect([await bySource('newPatients'), await bySource('noShow')]).toEqual([{ instagram: 1 }, { instagram: 1 }])

    // The clinic moves to Tokyo's time: 19:30 in Helsinki on D3 is past midnight there, yet a
    // visit keeps the day it was booked on, in the rollup and in the appointments' count alike.
    await clinic.admin.client.service('company').patch('mine', { timezone: 'Asia/Tokyo' })
    zone = 'Asia/Tokyo'
    expect(await expectRollupEqualsAppointments()).toEqual({ visits: 3, newPatients: 1, noShows: 1, bookedMinutes: 105 })
    const onlyD3 = periodFilter({ companyId: clinic.admin.auth.company._id, from: D3, to: D4, branchIds: null }, zone)
    expect(await visitStatsFigure(server.db, onlyD3, 'visits')).toEqual([{ day: D3, branchId: clinic.branchId, value: 1 }])

    // Read: nothing of the period is stale, and the rollup holds only days with something in them.
    const companyId = clinic.admin.auth.company._id
    const [{ n }] = (await server.db(VISIT_STATS_DIRTY_TABLE).where({ companyId }).where('day', '>=', D1).where('day', '<', '2026-11-14').count({ n: '*' })) as Array<{ n: unknown }>
    expect(Number(n)).toBe(0)
    expect(((await server.db(VISIT_STATS_TABLE).where({ companyId }).select('day')) as Array<{ day: string }>).map((row) => row.day).sort()).toEqual([D1, D2, D3, D4])
    expect([...new Set(((await server.db(VISIT_SOURCE_STATS_TABLE).where({ companyId }).select('day')) as Array<{ day: string }>).map((row) => row.day))].sort()).toEqual([D1, D2, D3, D4])
    // No patient left marked, and the next days hold the visits alone (Aino's four, the merged patient's among them).
    expect(await server.db(VISIT_NEXT_DIRTY_TABLE).where({ companyId }).first('customerId')).toBeUndefined()
    expect(((await server.db(VISIT_NEXT_TABLE).where({ companyId }).select('day', 'nextDay')) as Array<{ day: string; nextDay: string | null }>).map((row) => `${row.day} ${row.nextDay}`).sort())
      .toEqual([`${D1} ${D3}`, `${D3} ${D4}`, `${D4} ${LATER}`, `${LATER} null`])
  }, 120_000) // every figure, doctor and source after each write: past jest's 30 s on a busy machine

  it('marks a day again on every write to it (the version a recompute must find unchanged to clear it)', async () => {
    const companyId = clinic.admin.auth.company._id
    const filter = periodFilter({ companyId, from: D1, to: '2026-11-14', branchIds: null }, zone)
    await refreshVisitStats(server.db, filter)
    const visit = (await appointments().create(booking(clinic, D4, '09:00')))._id as string
    const [{ version }] = (await server.db(VISIT_STATS_DIRTY_TABLE).where({ companyId, day: D4 }).select('version')) as Array<{ version: number }>
    await server.db('appointment').where({ _id: visit }).update({ status: 'completed' })
    const [{ version: after }] = (await server.db(VISIT_STATS_DIRTY_TABLE).where({ companyId, day: D4 }).select('version')) as Array<{ version: number }>
    expect(after).toBeGreaterThan(version)
    await expectRollupEqualsAppointments()
    expect(await server.db(VISIT_STATS_DIRTY_TABLE).where({ companyId, day: D4 }).first('day')).toBeUndefined()

    // The patient's mark for the next days, likewise: raised by each write to one of their visits, cleared by a read.
    const customerId = clinic.customerId
    const versionOf = async () => Number(((await server.db(VISIT_NEXT_DIRTY_TABLE).where({ companyId, customerId }).first('version')) as { version: number } | undefined)?.version ?? 0)
    expect(await versionOf()).toBe(0)
    await server.db('appointment').where({ _id: visit }).update({ status: 'started' })
    const first = await versionOf()
    expect(first).toBeGreaterThan(0)
    await server.db('appointment').where({ _id: visit }).update({ staffId: doctorB.user._id })
    expect(await versionOf()).toBeGreaterThan(first)
    await expectRollupEqualsAppointments()
    expect(await versionOf()).toBe(0)
  })
})
