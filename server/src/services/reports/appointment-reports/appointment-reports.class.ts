import type { Knex } from 'knex'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { companyTimeZone } from '../../company/company/company-reads'
import {
  bookedMinutesGroups, outcomeFigure, outcomeFigureGroups, outcomeFigureRows, outcomeFigures, type OutcomeFigure, type OutcomeFilter, type OutcomeGroup
} from '../../appointments/appointment/outcome-reads'
import { customerNames } from '../../customers/customers/customer-contact'
import { sourceNames } from '../../customers/sources/source-rows'
import { memberDisplayNames } from '../../team/users/user-rows'
import { workPlacesOf } from '../../schedule/work-place/work-place-rows'
import { toZoned } from '../../../../../domain/appointments/zoned-time'
import { periodFilter, type ScopedReport } from '../report-scope'
import type { AppointmentReportsQuery } from './appointment-reports.schema'
import { loadHours } from './load-hours'
import { chairLoad } from './chair-load'
import {
  appointmentFigures,
  rowFigures,
  NO_SOURCE,
  type AppointmentFigures,
  type AppointmentReport,
  type AppointmentReportLine,
  type AppointmentReportRow,
  type AppointmentReportRows,
  type FormulaKey
} from './appointment-reports.shared'

export type AppointmentReportsParams = Params<AppointmentReportsQuery>

const ROWS_LIMIT = 1000
const emptyFigures = (): AppointmentFigures => Object.fromEntries(appointmentFigures.map((figure) => [figure, 0])) as AppointmentFigures
const formulaKeys: readonly FormulaKey[] = [...rowFigures, 'load', 'chairLoad']

/**
 * The appointments report: each figure a grouped read of the appointments area
 * (`appointments/appointment/outcome-reads.ts`), per doctor, source and branch; the load of
 * doctors and work places: booked minutes over the available minutes of `loadHours` (the
 * doctors' working hours; a work place's open hours: the union of its branch's doctors' hours).
 * No table of its own.
 */
export class AppointmentReportsService {
  constructor(private readonly app: Application) {}

  async find(params?: AppointmentReportsParams): Promise<AppointmentReport | AppointmentReportRows> {
    const db = dbOf(this.app, params)
    const query = params?.query as ScopedReport<AppointmentReportsQuery>
    const timeZone = await companyTimeZone(db, query.companyId)
    const filter: OutcomeFilter = {
      ...periodFilter(query, timeZone),
      sourceId: query.sourceId === undefined ? undefined : query.sourceId === NO_SOURCE ? null : query.sourceId
    }
    if (query.$rows) return this.rows(db, filter, query, timeZone)

    const [groups, hours, onChairs] = await Promise.all([
      // Every figure from one read of the visits by source rollup.
      outcomeFigureGroups(db, filter),
      loadHours(db, filter),
      bookedMinutesGroups(db, { ...filter, onWorkPlace: true })
    ])
    const totals = emptyFigures()
    const lines = { doctor: new Map<string, AppointmentReportLine>(), source: new Map<string, AppointmentReportLine>(), branch: new Map<string, AppointmentReportLine>() }
    const lineOf = (table: Map<string, AppointmentReportLine>, key: string | null) => {
      let line = table.get(key ?? '')
      if (!line) table.set(key ?? '', (line = { key, name: '', ...emptyFigures() }))
      return line
    }
    outcomeFigures.forEach((figure) => {
      for (const group of groups[figure] as OutcomeGroup[]) {
        totals[figure] += group.value
        lineOf(lines.doctor, group.doctorId)[figure] += group.value
        lineOf(lines.source, group.sourceId)[figure] += group.value
        lineOf(lines.branch, group.branchId)[figure] += group.value
      }
    })
    for (const day of hours.doctors) {
      totals.availableMinutes += day.minutes
      lineOf(lines.doctor, day.doctorId).availableMinutes += day.minutes
      for (const branchId of day.branchIds) lineOf(lines.branch, branchId).availableMinutes += day.minutes
    }
    const [doctors, sources] = await Promise.all([
      memberDisplayNames(db, filter.companyId, [...lines.doctor.keys()]),
      sourceNames(db, filter.companyId, [...lines.source.keys()].filter(Boolean))
    ])
    for (const line of lines.doctor.values()) line.name = doctors.get(line.key!) ?? ''
    for (const line of lines.source.values()) line.name = line.key ? (sources.get(line.key) ?? '') : ''
    const byName = (a: AppointmentReportLine, b: AppointmentReportLine) => (a.key === null ? 1 : b.key === null ? -1 : a.name.localeCompare(b.name) || String(a.key).localeCompare(String(b.key)))
    return {
      from: query.from,
      to: query.to,
      branchId: query.branchId ?? null,
      doctorId: filter.doctorId,
      sourceId: query.sourceId ?? null,
      totals,
      byDoctor: [...lines.doctor.values()].sort(byName),
      bySource: [...lines.source.values()].sort(byName),
      byBranch: [...lines.branch.values()].sort((a, b) => String(a.key).localeCompare(String(b.key))),
      chairs: chairLoad(hours, onChairs),
      formulas: Object.fromEntries(formulaKeys.map((key) => [key, `reports.appointments.formulas.${key}`])) as Record<FormulaKey, string>
    }
  }

  private async rows(db: Knex, filter: OutcomeFilter, query: ScopedReport<AppointmentReportsQuery>, timeZone: string): Promise<AppointmentReportRows> {
    const figure = query.$rows!
    const limit = query.$limit ?? ROWS_LIMIT
    const skip = query.$skip ?? 0
    const answer = (sum: number, total: number, data: AppointmentReportRow[]): AppointmentReportRows => ({ figure, from: query.from, to: query.to, sum, total, limit, data })
    const blank = { appointmentId: null, branchId: null, customerId: null, customerName: '', sourceId: null, sourceName: '', changedAt: null, changedByName: null, hoursBefore: null, movedToDay: null, movedToTime: null }
    if (figure === 'availableMinutes') {
      const hours = (await loadHours(db, filter)).doctors
      const names = await memberDisplayNames(db, filter.companyId, hours.map((day) => day.doctorId))
      const sorted = hours.sort((a, b) => a.day.localeCompare(b.day) || (names.get(a.doctorId) ?? '').localeCompare(names.get(b.doctorId) ?? ''))
      const data = sorted.slice(skip, skip + limit).map((day): AppointmentReportRow => ({
        ...blank, _id: `${day.doctorId}|${day.day}`, day: day.day, time: day.hours, doctorId: day.doctorId, doctorName: names.get(day.doctorId) ?? '', workPlaceId: null, workPlaceName: '', value: day.minutes
      }))
      return answer(hours.reduce((sum, day) => sum + day.minutes, 0), hours.length, data)
    }
    if (figure === 'chairAvailableMinutes') {
      const hours = await loadHours(db, filter, query.workPlaceId)
      const names = new Map(hours.workPlaces.map((place) => [place._id, place.name]))
      const data = hours.chairs.slice(skip, skip + limit).map((day): AppointmentReportRow => ({
        ...blank, _id: `${day.workPlaceId}|${day.day}`, day: day.day, time: day.hours, branchId: day.branchId, doctorId: null, doctorName: '', workPlaceId: day.workPlaceId, workPlaceName: names.get(day.workPlaceId) ?? '', value: day.minutes
      }))
      return answer(hours.chairs.reduce((sum, day) => sum + day.minutes, 0), hours.chairs.length, data)
    }
    // A work place's booked minutes are the booked minutes figure narrowed to appointments on one (or any) work place.
    const onChair = figure === 'chairBookedMinutes'
    const outcome: OutcomeFigure = onChair ? 'bookedMinutes' : figure
    const narrowed: OutcomeFilter = onChair ? { ...filter, onWorkPlace: true, workPlaceId: query.workPlaceId } : filter
    const [found, groups, places] = await Promise.all([outcomeFigureRows(db, narrowed, outcome, { limit, skip }), outcomeFigure(db, narrowed, outcome), workPlacesOf(db, filter.companyId, null)])
    const [customers, members, sources] = await Promise.all([
      customerNames(db, filter.companyId, found.rows.map((row) => row.customerId)),
      memberDisplayNames(db, filter.companyId, found.rows.flatMap((row) => [row.doctorId, ...(row.changedBy ? [row.changedBy] : [])])),
      sourceNames(db, filter.companyId, found.rows.flatMap((row) => (row.sourceId ? [row.sourceId] : [])))
    ])
    const placeNames = new Map(places.map((place) => [place._id, place.name]))
    const data = found.rows.map((row): AppointmentReportRow => {
      const moved = row.movedTo ? toZoned(row.movedTo, timeZone) : null
      const cancelled = figure.startsWith('cancelled')
      return {
        _id: row._id,
        appointmentId: row.appointmentId,
        day: row.day,
        time: toZoned(row.start, timeZone).time,
        branchId: row.branchId,
        customerId: row.customerId,
        customerName: customers.get(row.customerId) ?? '',
        doctorId: row.doctorId,
        doctorName: members.get(row.doctorId) ?? '',
        workPlaceId: row.workPlaceId,
        workPlaceName: row.workPlaceId ? (placeNames.get(row.workPlaceId) ?? '') : '',
        sourceId: row.sourceId,
        sourceName: row.sourceId ? (sources.get(row.sourceId) ?? '') : '',
        changedAt: row.changedAt,
        changedByName: row.changedAt ? (row.changedBy ? (members.get(row.changedBy) ?? '') : '') : null,
        hoursBefore: cancelled && row.changedAt ? Math.floor((Date.parse(row.start) - Date.parse(row.changedAt)) / 3_600_000) : null,
        movedToDay: moved?.date ?? null,
        movedToTime: moved?.time ?? null,
        value: row.value
      }
    })
    return answer(groups.reduce((sum, group) => sum + group.value, 0), found.total, data)
  }
}
