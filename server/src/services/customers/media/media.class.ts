/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { Media, MediaData, MediaPatch, MediaQuery } from './media.schema'

export type { Media, MediaData, MediaPatch, MediaQuery }
export type MediaParams = RecordParams & { query?: MediaQuery }

export const MEDIA_TABLE = 'media'
export const mediaRowShape = { json: ['dicom'], integer: ['size'] }

/**
 * Media rows. Adds the `$exists` operator (spec section 7: "$exists on media"): `{ field:
 * { $exists: true } }` is `field IS NOT NULL`, `false` is `IS NULL`, on both engines.
 */
export class MediaService extends RecordService<Media, MediaData, MediaParams, MediaPatch> {
  override knexify(builder: Knex.QueryBuilder, query: Record<string, any> = {}, parentKey?: string): Knex.QueryBuilder {
    if (parentKey && query && typeof query === 'object' && '$exists' in query) {
      const { $exists, ...rest } = query
      if ($exists) builder.whereNotNull(parentKey)
      else builder.whereNull(parentKey)
      return Object.keys(rest).length ? super.knexify(builder, rest, parentKey) : builder
    }
    return super.knexify(builder, query, parentKey)
  }
}

const title = (record: Record<string, unknown>) => String(record.title ?? '')
export const mediaServiceOptions = (app: Application) => recordOptions(app, MEDIA_TABLE, { trash: { title }, operators: ['$exists'] })
