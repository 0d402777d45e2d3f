/* eslint-disable @typescript-eslint/no-explicit-any */
import type { NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { RecordService, type RecordParams } from './record.class'
import { catalogueSearchRange, normalizeCatalogueText } from '../../../domain/catalogue/search'

/** The hidden search column kept in step with the name on every write. */
export const withSearchName = (data: any) =>
  data && typeof data === 'object' && !Array.isArray(data) && typeof data.name === 'string' ? { ...data, searchName: normalizeCatalogueText(data.name) } : data

/**
 * Narrows a find by `$search` (a case-insensitive prefix of the name) as a range on the
 * (companyId, searchName) index.
 */
export function whereNamePrefix(builder: Knex.QueryBuilder, table: string, search: unknown) {
  const range = typeof search === 'string' ? catalogueSearchRange(search) : null
  if (range) builder.where(`${table}.searchName`, '>=', range.from).andWhere(`${table}.searchName`, '<', range.to)
  return builder
}

/**
 * A record service whose records have a name found by `$search` (bundles, treatment templates):
 * every write keeps the hidden `searchName` column in step, and a find narrows by its prefix. The
 * service's options need `filters: { $search }` (see `nameSearchFilters`).
 */
export class NameSearchService<Result = any, Data = Partial<Result>, Params extends RecordParams = RecordParams, Patch = Partial<Data>> extends RecordService<Result, Data, Params, Patch> {
  override createQuery(params: Params = {} as Params) {
    const { $search, ...query } = (params.query ?? {}) as Record<string, unknown> & { $search?: string }
    return whereNamePrefix(super.createQuery({ ...params, query } as Params), this.options.name, $search)
  }

  override async _create(data: any, params?: Params): Promise<any> {
    return super._create(Array.isArray(data) ? data.map(withSearchName) : withSearchName(data), params)
  }

  override async _patch(id: NullableId, data: any, params?: Params): Promise<any> {
    return super._patch(id, withSearchName(data), params)
  }

  override async _update(id: NullableId, data: any, params?: Params): Promise<any> {
    return super._update(id, withSearchName(data), params)
  }
}

/** The adapter filter that lets `$search` through to `createQuery`. */
export const nameSearchFilters = { $search: (value: unknown) => value }
