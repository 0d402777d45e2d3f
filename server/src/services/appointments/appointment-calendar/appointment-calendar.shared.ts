import { clientService } from '../../../client-service'
import type { AppointmentCalendarService } from './appointment-calendar.class'

export type { AppointmentCalendarQuery } from './appointment-calendar.schema'
export type { CalendarWeek, CalendarAppointment, CalendarCustomer } from '../../../../../domain/appointments/calendar-week'
export { decodeCalendarWeek } from '../../../../../domain/appointments/calendar-week'

/**
 * `appointment-calendar`: what the calendar draws for a range (a day or a week of a branch), in
 * one call and a compact form (domain/appointments/calendar-week.ts): the appointments as the
 * appointment find with the calendar's `$select` gives them, and their customers' names as the
 * customers find gives them, under those services' own rules. Find only; it changes with the
 * `appointment` and `customers` events, which the screen listens to.
 */
export const appointmentCalendarPath = 'appointment-calendar'
export const appointmentCalendarMethods = ['find'] as const
export type AppointmentCalendarClientService = Pick<AppointmentCalendarService, (typeof appointmentCalendarMethods)[number]>

/** The appointment fields the calendar draws, and the customer fields it shows (the wire form carries exactly these). */
export const CALENDAR_APPOINTMENT_FIELDS = ['_id', 'customerId', 'staffId', 'workPlaceId', 'start', 'end', 'blockedUntil', 'duration', 'status', 'services', 'repeat', 'seriesId'] as const
export const CALENDAR_CUSTOMER_FIELDS = ['_id', 'first_name', 'last_name', 'middle_name', 'medicalAlert'] as const

export const appointmentCalendarClient = clientService<AppointmentCalendarClientService>()(appointmentCalendarPath, appointmentCalendarMethods)
