import { clientService } from '../../../client-service'
import type { AppointmentSlotsService } from './appointment-slots.class'

export type { AppointmentSlot, AppointmentSlotsPage, AppointmentSlotsQuery } from './appointment-slots.schema'

/**
 * `appointment-slots`: the first free slots for a visit of some catalogue services, across the
 * doctors (and chairs) and branches the caller may book (issue 13, item 2). Find only.
 */
export const appointmentSlotsPath = 'appointment-slots'
export const appointmentSlotsMethods = ['find'] as const
export type AppointmentSlotsClientService = Pick<AppointmentSlotsService, (typeof appointmentSlotsMethods)[number]>

/** Slots in one answer: 10 unless asked, at most 50. */
export const SLOT_SEARCH_DEFAULT_LIMIT = 10
export const SLOT_SEARCH_MAX_LIMIT = 50
/** Days searched when no end is given: today and the next 27 (four weeks). */
export const SLOT_SEARCH_DEFAULT_DAYS = 28
/** The longest span one search may cover (the message `slot-range-too-long` says 92). */
export const SLOT_SEARCH_MAX_DAYS = 92

export const appointmentSlotsClient = clientService<AppointmentSlotsClientService>()(appointmentSlotsPath, appointmentSlotsMethods)
