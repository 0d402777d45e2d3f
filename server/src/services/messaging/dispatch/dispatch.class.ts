import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { Dispatch, DispatchData, DispatchPatch, DispatchQuery } from './dispatch.schema'

export type { Dispatch, DispatchData, DispatchPatch, DispatchQuery }
export type DispatchParams = RecordParams & { query?: DispatchQuery }

export const DISPATCHES_TABLE = 'dispatches'
export const DISPATCH_OPT_OUTS_TABLE = 'dispatch_opt_outs'

/** Broadcasts: company records; their rules are hooks (dispatch-rules.ts), their sending the runner (server/src/jobs/dispatch-runner.ts). */
export class DispatchService extends RecordService<Dispatch, DispatchData, DispatchParams, DispatchPatch> {}

export const dispatchServiceOptions = (app: Application) => recordOptions(app, DISPATCHES_TABLE, { trash: false })
/** `cursor` (the runner's place in the audience) stays on the server. */
export const dispatchRowShape = { json: ['filter', 'excluded', 'progress'], instant: ['scheduledAt', 'startedAt', 'enqueuedAt', 'finishedAt'], hidden: ['cursor'] }
