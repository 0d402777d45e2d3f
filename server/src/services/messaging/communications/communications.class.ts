import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { OUTBOX_TABLE } from './outbox-store'
import type { Communication, CommunicationQuery } from './communications.schema'

export type { Communication, CommunicationQuery }
export type CommunicationParams = RecordParams & { query?: CommunicationQuery }

/** The outbox read as the communications log; rows are written by the outbox, never through this service. */
export class CommunicationService extends RecordService<Communication, Partial<Communication>, CommunicationParams> {}

export const communicationServiceOptions = (app: Application) => recordOptions(app, OUTBOX_TABLE, { trash: false })
