import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { STATUS_HISTORY_TABLE } from '../appointment/appointment-booking'
import type { AppointmentStatusChange, AppointmentStatusHistoryQuery } from './appointment-status-history.schema'

export type { AppointmentStatusChange, AppointmentStatusHistoryQuery }
export type AppointmentStatusHistoryParams = RecordParams & { query?: AppointmentStatusHistoryQuery }

/** Read-only: the appointment service writes the rows in its own transaction. */
export class AppointmentStatusHistoryService extends RecordService<AppointmentStatusChange, never, AppointmentStatusHistoryParams> {}

export const appointmentStatusHistoryServiceOptions = (app: Application) => recordOptions(app, STATUS_HISTORY_TABLE, { trash: false })
export const appointmentStatusHistoryRowShape = { instant: ['at'] }
