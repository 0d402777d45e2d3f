import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { Source, SourceData, SourcePatch, SourceQuery } from './sources.schema'

export type { Source, SourceData, SourcePatch, SourceQuery }
export type SourceParams = RecordParams & { query?: SourceQuery }

export class SourceService extends RecordService<Source, SourceData, SourceParams, SourcePatch> {}

export const sourceServiceOptions = (app: Application) => recordOptions(app, 'sources')
