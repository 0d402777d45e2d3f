import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { Tag, TagData, TagPatch, TagQuery } from './tags.schema'

export type { Tag, TagData, TagPatch, TagQuery }
export type TagParams = RecordParams & { query?: TagQuery }

export class TagService extends RecordService<Tag, TagData, TagParams, TagPatch> {}

export const tagServiceOptions = (app: Application) => recordOptions(app, 'tags')
