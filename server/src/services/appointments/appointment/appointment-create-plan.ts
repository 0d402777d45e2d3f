/* eslint-disable @typescript-eslint/no-explicit-any */
import { BadRequest } from '@feathersjs/errors'
import { clinicError } from '../../../errors'
import { initialStatuses, type AppointmentStatus } from '../../../../../domain/appointments/status'
import { occurrences, repeatProblem, type RepeatRule } from '../../../../../domain/appointments/recurrence'
import { toZoned } from '../../../../../domain/appointments/zoned-time'
import type { StaffSchedule } from '../../../../../domain/schedule/working-hours'
import { assertWorkingHours, timing } from './appointment-booking'
import type { HistoryRow, Row } from './appointment-patch-plan'

/**
 * What a booking writes, worked out without the database (AppointmentService._create: plan the
 * occurrences, load, plan the rows, then check and write).
 */

const iso = (instant: string) => new Date(Date.parse(instant)).toISOString()

/** A create's fields as resolved (the booking options already taken off). */
export type BookingFields = Record<string, any> & { _id: string; companyId: string; start: string; duration: number; status: string; repeat?: RepeatRule | null; createdAt: string; createdBy?: string | null }

/** The starts of the occurrences a booking makes (one, or its series'). Throws on a status a booking cannot start in, or a repeat rule not valid. */
export function occurrenceStarts(fields: BookingFields, timeZone: string): string[] {
  if (!initialStatuses.includes(fields.status as AppointmentStatus)) throw clinicError(BadRequest, 'appointment-status-transition', 'status')
  const first = toZoned(fields.start, timeZone)
  const repeat = fields.repeat ?? null
  if (repeat && repeatProblem(repeat, first.date)) throw clinicError(BadRequest, 'invalid-repeat', 'repeat')
  return repeat ? occurrences(repeat, first.date, first.time, timeZone).map((occurrence) => occurrence.start) : [iso(fields.start)]
}

export interface CreateInput {
  fields: BookingFields
  starts: string[]
  timeZone: string
  /** The services' buffer minutes. */
  buffer: number
  schedule: StaffSchedule
  overridesHours: boolean
  newId: () => string
}

/** The rows of a booking (the first keeps the record's id; a series shares a new seriesId) and their first status history rows. Throws on a time outside working hours. */
export function planCreate({ fields, starts, timeZone, buffer, schedule, overridesHours, newId }: CreateInput): { rows: Row[]; history: HistoryRow[] } {
  const repeat = fields.repeat ?? null
  const seriesId = repeat ? newId() : null
  const rows: Row[] = starts.map((start, index) => ({
    ...fields,
    _id: index === 0 ? fields._id : newId(),
    ...timing(start, fields.duration, buffer, timeZone),
    seriesId,
    seriesIndex: repeat ? index : null,
    statusChangedAt: fields.createdAt,
    statusChangedBy: fields.createdBy
  })) as unknown as Row[]
  if (!overridesHours) for (const row of rows) assertWorkingHours(schedule, row, timeZone)
  const history: HistoryRow[] = rows.map((row) => ({ _id: newId(), companyId: row.companyId, appointmentId: row._id, from: null, to: row.status, at: row.createdAt, by: row.createdBy ?? null }))
  return { rows, history }
}
