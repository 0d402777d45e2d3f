import type { Knex } from 'knex'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { companyTimeZone } from '../../company/company/company-reads'
import { outcomeFigure, outcomeFigureRows, outcomeFigures, type OutcomeFilter, type OutcomeGroup } from '../../appointments/appointment/outcome-reads'
import { customerNames } from '../../customers/customers/customer-contact'
import { sourceNames } from '../../customers/sources/source-rows'
import { bookableMembers, memberDisplayNames } from '../../team/users/user-rows'
import { toZoned } from '../../../../../domain/appointments/zoned-time'
import { workingIntervalsOn } from '../../../../../domain/schedule/working-hours'
import { toMinutes } from '../../../../../domain/schedule/intervals'
import { periodFilter, type ScopedReport } from '../report-scope'
import type { AppointmentReportsQuery } from './appointment-reports.schema'
import {
  appointmentFigures,
  NO_SOURCE,
  type AppointmentFigure,
  type AppointmentFigures,
  type AppointmentReport,
  type AppointmentReportLine,
  type AppointmentReportRow,
  type AppointmentReportRows
} from './appointment-reports.shared'

export type AppointmentReportsParams = Params<AppointmentReportsQuery>

const ROWS_LIMIT = 1000
const emptyFigures = (): AppointmentFigures => Object.fromEntries(appointmentFigures.map((figure) => [figure, 0])) as AppointmentFigures

/** A doctor's working hours on one day of the period (their schedule, as the calendar reads it). */
interface DoctorDay {
  doctorId: string
  day: string
  minutes: number
  /** '09:00–13:00, 14:00–18:00' */
  hours: string
}

/**
 * The appointments report: each figure a grouped read of the appointments area
 * (`appointments/appointment/outcome-reads.ts`), per doctor, source and branch; the doctors'
 * available minutes from their working hours (`users.schedule` through the team's
 * `bookableMembers`, per day by `workingIntervalsOn`, the calendar's own rule). No table of its own.
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

    const [groups, hours] = await Promise.all([Promise.all(outcomeFigures.map((figure) => outcomeFigure(db, filter, figure))), doctorHours(db, filter)])
    const totals = emptyFigures()
    const lines = { doctor: new Map<string, AppointmentReportLine>(), source: new Map<string, AppointmentReportLine>(), branch: new Map<string, AppointmentReportLine>() }
    const lineOf = (table: Map<string, AppointmentReportLine>, key: string | null) => {
      let line = table.get(key ?? '')
      if (!line) table.set(key ?? '', (line = { key, name: '', ...emptyFigures() }))
      return line
    }
    outcomeFigures.forEach((figure, index) => {
      for (const group of groups[index] as OutcomeGroup[]) {
        totals[figure] += group.value
        lineOf(lines.doctor, group.doctorId)[figure] += group.value
        lineOf(lines.source, group.sourceId)[figure] += group.value
        lineOf(lines.branch, group.branchId)[figure] += group.value
      }
    })
    for (const day of hours) {
      totals.availableMinutes += day.minutes
      lineOf(lines.doctor, day.doctorId).availableMinutes += day.minutes
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
      formulas: Object.fromEntries(appointmentFigures.map((figure) => [figure, `reports.appointments.formulas.${figure}`])) as Record<AppointmentFigure, string>
    }
  }

  private async rows(db: Knex, filter: OutcomeFilter, query: ScopedReport<AppointmentReportsQuery>, timeZone: string): Promise<AppointmentReportRows> {
    const figure = query.$rows!
    const limit = query.$limit ?? ROWS_LIMIT
    const answer = (sum: number, total: number, data: AppointmentReportRow[]): AppointmentReportRows => ({ figure, from: query.from, to: query.to, sum, total, limit, data })
    if (figure === 'availableMinutes') {
      const hours = await doctorHours(db, filter)
      const names = await memberDisplayNames(db, filter.companyId, hours.map((day) => day.doctorId))
      const sorted = hours.sort((a, b) => a.day.localeCompare(b.day) || (names.get(a.doctorId) ?? '').localeCompare(names.get(b.doctorId) ?? ''))
      const data = sorted.slice(0, limit).map((day): AppointmentReportRow => ({
        _id: `${day.doctorId}|${day.day}`, appointmentId: null, day: day.day, time: day.hours, branchId: null, customerId: null, customerName: '',
        doctorId: day.doctorId, doctorName: names.get(day.doctorId) ?? '', sourceId: null, sourceName: '',
        changedAt: null, changedByName: null, hoursBefore: null, movedToDay: null, movedToTime: null, value: day.minutes
      }))
      return answer(hours.reduce((sum, day) => sum + day.minutes, 0), hours.length, data)
    }
    const [found, groups] = await Promise.all([outcomeFigureRows(db, filter, figure, limit), outcomeFigure(db, filter, figure)])
    const [customers, members, sources] = await Promise.all([
      customerNames(db, filter.companyId, found.rows.map((row) => row.customerId)),
      memberDisplayNames(db, filter.companyId, found.rows.flatMap((row) => [row.doctorId, ...(row.changedBy ? [row.changedBy] : [])])),
      sourceNames(db, filter.companyId, found.rows.flatMap((row) => (row.sourceId ? [row.sourceId] : [])))
    ])
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

/**
 * The working hours of the doctors the filter covers on each day of the period: members who take
 * appointments (not archived), working in the branches asked for, one doctor when one is named.
 * A schedule has no branch: a doctor of two branches brings all their hours to either.
 */
async function doctorHours(db: Knex, filter: OutcomeFilter): Promise<DoctorDay[]> {
  const members = await bookableMembers(db, filter.companyId, { staffId: filter.doctorId ?? undefined, inBranches: filter.branchIds })
  const days: DoctorDay[] = []
  for (const member of members) {
    for (const day of filter.days) {
      const intervals = workingIntervalsOn(member.schedule, day)
      const minutes = intervals.reduce((sum, interval) => sum + Math.max(0, toMinutes(interval.end) - toMinutes(interval.start)), 0)
      if (minutes > 0) days.push({ doctorId: member._id, day, minutes, hours: intervals.map((interval) => `${interval.start}–${interval.end}`).join(', ') })
    }
  }
  return days
}
