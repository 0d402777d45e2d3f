import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { shippedEntryRowShape } from '../shipped-entries'
import type { DiagnoseObjectively, DiagnoseObjectivelyData, DiagnoseObjectivelyPatch, DiagnoseObjectivelyQuery } from './diagnose-objectively.schema'

export type { DiagnoseObjectively, DiagnoseObjectivelyData, DiagnoseObjectivelyPatch, DiagnoseObjectivelyQuery }
export type DiagnoseObjectivelyParams = RecordParams & { query?: DiagnoseObjectivelyQuery }

/** Per-tooth objective findings: a record service; the shipped-entry rules are hooks. */
export class DiagnoseObjectivelyService extends RecordService<DiagnoseObjectively, DiagnoseObjectivelyData, DiagnoseObjectivelyParams, DiagnoseObjectivelyPatch> {}

export const diagnoseObjectivelyServiceOptions = (app: Application) => recordOptions(app, 'tooth_findings')
export const diagnoseObjectivelyRowShape = shippedEntryRowShape
