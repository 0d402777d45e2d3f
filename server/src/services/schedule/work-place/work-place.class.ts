import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { WorkPlace, WorkPlaceData, WorkPlacePatch, WorkPlaceQuery } from './work-place.schema'

export type { WorkPlace, WorkPlaceData, WorkPlacePatch, WorkPlaceQuery }
export type WorkPlaceParams = RecordParams & { query?: WorkPlaceQuery }

/** Work places of a branch (dental chairs, an X-ray room). Removing one moves it to trash. */
export class WorkPlaceService extends RecordService<WorkPlace, WorkPlaceData, WorkPlaceParams, WorkPlacePatch> {}

export const workPlaceServiceOptions = (app: Application) => recordOptions(app, 'work_places')
export const workPlaceRowShape = { boolean: ['active'] }
