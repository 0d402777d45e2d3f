import { useMemo } from 'react'
import { useFind } from '../../api/live'
import { slotHoldingStatuses } from '../../../../domain/appointments/status'
import type { StaffSchedule } from '../../../../domain/schedule/working-hours'
import { bookingProblem, type BookingProblem } from './bookable-hours'
import { startInstant } from './booking-form'
import { addDays, dayRangeQuery } from './zoned-time'
import { APPOINTMENT_PATH } from './useAppointments'

interface Choice {
  staffId: string | null
  date: string | null
  time: string | null
  duration: number | null
  /** The largest buffer of the chosen services. */
  buffer: number
  schedule: StaffSchedule | null | undefined
  /** The visit being edited (it does not stand in its own way). */
  appointmentId?: string
  override: boolean
}

/**
 * What the server would refuse about the form's doctor, day, time and length, said before the
 * form is sent: the doctor's hours of that day, and the doctor's visits that day (one small find
 * of the held slots, kept live by the service's events).
 */
export function useBookingProblem(choice: Choice, zone: string): BookingProblem | null {
  const { staffId, date, time, duration } = choice
  const query = useMemo(
    () =>
      staffId && date
        ? {
            staffId,
            start: dayRangeQuery(date, addDays(date, 1), zone),
            status: { $in: [...slotHoldingStatuses] },
            $select: ['_id', 'start', 'end', 'blockedUntil', 'time'] as Array<'_id' | 'start' | 'end' | 'blockedUntil' | 'time'>,
            $limit: 200
          }
        : undefined,
    [staffId, date, zone]
  )
  const visits = useFind(APPOINTMENT_PATH, query, Boolean(query))
  return useMemo(() => {
    if (!staffId || !date || !time || !duration || !visits.data) return null
    const wanted = { day: date, time, start: startInstant(date, time, zone), duration, buffer: choice.buffer }
    return bookingProblem(wanted, choice.schedule, visits.data.data, { override: choice.override, exclude: choice.appointmentId })
  }, [staffId, date, time, duration, visits.data, zone, choice.buffer, choice.schedule, choice.override, choice.appointmentId])
}
