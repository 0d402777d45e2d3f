import type { Paginated, Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { asCaller } from '../../../access/caller'
import { encodeCalendarWeek, type CalendarAppointment, type CalendarCustomer, type CalendarWeek } from '../../../../../domain/appointments/calendar-week'
import { APPOINTMENT_MAX_PAGE } from '../appointment/appointment.shared'
import { MAX_PAGE_SIZE } from '../../../schema/query'
import type { AppointmentCalendarQuery } from './appointment-calendar.schema'
import { CALENDAR_APPOINTMENT_FIELDS, CALENDAR_CUSTOMER_FIELDS } from './appointment-calendar.shared'

export type { AppointmentCalendarQuery, CalendarWeek }
export type AppointmentCalendarParams = Params<AppointmentCalendarQuery>

/**
 * `appointment-calendar` find: a range of the calendar in one answer. It reads through the
 * `appointment` and `customers` services on the caller's behalf (asCaller), so every rule of
 * theirs applies as if the screen had called them itself: the permission to view, the branches
 * the caller works in, a doctor without seeAll seeing only their own visits, which customers the
 * caller may see. Only the compact form is its own (domain/appointments/calendar-week.ts).
 */
export class AppointmentCalendarService {
  constructor(private readonly app: Application) {}

  async find(params: AppointmentCalendarParams): Promise<CalendarWeek> {
    const { companyId, branchId, start, $limit } = params.query!
    const limit = $limit ?? APPOINTMENT_MAX_PAGE
    const scope = { ...(companyId ? { companyId } : {}), ...(branchId ? { branchId } : {}) }
    const page = (await this.app.service('appointment').find({
      ...asCaller(params),
      query: { ...scope, start, $sort: { start: 1 as const }, $limit: limit, $select: [...CALENDAR_APPOINTMENT_FIELDS] }
    })) as unknown as Paginated<CalendarAppointment>
    const customerIds = [...new Set(page.data.map((appointment) => appointment.customerId))]
    const customers: CalendarCustomer[] = []
    // In the customers service's pages (500): one call for a week of a 10-doctor branch.
    for (let at = 0; at < customerIds.length; at += MAX_PAGE_SIZE) {
      const chunk = customerIds.slice(at, at + MAX_PAGE_SIZE)
      const found = (await this.app.service('customers').find({
        ...asCaller(params),
        query: { ...(companyId ? { companyId } : {}), _id: { $in: chunk }, $limit: chunk.length, $select: [...CALENDAR_CUSTOMER_FIELDS] }
      })) as unknown as Paginated<CalendarCustomer>
      customers.push(...found.data)
    }
    return encodeCalendarWeek(page.data, customers, { total: page.total, limit: page.limit })
  }
}
