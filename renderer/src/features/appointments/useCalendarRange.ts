import { useEffect, useMemo } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { client } from '../../api/client'
import { queryClient } from '../../api/query-client'
import { useLive } from '../../api/live'
import { decodeCalendarWeek, type AppointmentCalendarQuery } from '../../../../server/src/services/appointments/appointment-calendar/appointment-calendar.shared'
import type { AppointmentRecord, AppointmentService, RepeatRule } from './appointment-types'
import { APPOINTMENT_PATH } from './useAppointments'

const CALENDAR_PATH = 'appointment-calendar'
const customerEvents = ['patched', 'updated', 'removed'] as const

/**
 * A calendar range in one call (`appointment-calendar`): the appointments it draws and their
 * customers' names, in the service's compact form, decoded here into the fields the appointment
 * find with the calendar's `$select` gave. Live as the two finds it replaces were: its key sits
 * under the appointment finds, so every appointment event (and this tab's own writes) refetches
 * it; a change of a customer it names refetches it too.
 */
export function useCalendarRange(query: AppointmentCalendarQuery) {
  useLive(APPOINTMENT_PATH)
  const queryKey = useMemo(() => [APPOINTMENT_PATH, 'find', { [CALENDAR_PATH]: query }], [query])
  const range = useQuery({
    queryKey,
    queryFn: async () => {
      const week = decodeCalendarWeek<AppointmentService, RepeatRule>(await client.service(CALENDAR_PATH).find({ query }))
      // The calendar's own fields of each appointment (as the find with `$select` gave them).
      return { appointments: week.appointments as unknown as AppointmentRecord[], customers: new Map(week.customers.map((customer) => [customer._id, customer])) }
    },
    placeholderData: keepPreviousData
  })
  const named = range.data?.customers
  useEffect(() => {
    if (!named || named.size === 0) return
    const customers = client.service('customers')
    const listener = (record: { _id?: string }) => {
      if (record?._id && named.has(record._id)) void queryClient.invalidateQueries({ queryKey })
    }
    for (const event of customerEvents) customers.on(event, listener)
    return () => {
      for (const event of customerEvents) customers.off(event, listener)
    }
  }, [named, queryKey])
  return range
}
