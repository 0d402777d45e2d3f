import { clientService } from '../../../client-service'
import type { AppointmentStatusChange, AppointmentStatusHistoryQuery, AppointmentStatusHistoryService } from './appointment-status-history.class'

export type { AppointmentStatusChange, AppointmentStatusHistoryQuery }

export const appointmentStatusHistoryPath = 'appointment-status-history'
export const appointmentStatusHistoryMethods = ['find', 'get'] as const
export type AppointmentStatusHistoryClientService = Pick<AppointmentStatusHistoryService, (typeof appointmentStatusHistoryMethods)[number]>
export const appointmentStatusHistoryClient = clientService<AppointmentStatusHistoryClientService>()(appointmentStatusHistoryPath, appointmentStatusHistoryMethods)
