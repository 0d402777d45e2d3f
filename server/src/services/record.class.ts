/* eslint-disable @typescript-eslint/no-explicit-any */
import { KnexService, type KnexAdapterOptions, type KnexAdapterParams } from '@feathersjs/knex'
import type { Id, NullableId, Paginated } from '@feathersjs/feathers'
import { RowCodec, type RowShape } from './row-codec'
import { paginate } from '../schema/query'
import type { Application } from '../declarations'

export type RecordParams = KnexAdapterParams

/** The adapter options every record service shares: `_id` key, capped pages, one database. */
export function recordOptions(app: Application, name: string, extra: Partial<KnexAdapterOptions> = {}): KnexAdapterOptions {
  return { Model: app.get('db'), name, id: '_id', paginate, multi: false, ...extra }
}

/**
 * A KnexService whose rows look the same on SQLite and PostgreSQL (see RowCodec). Services
 * that only store and return records extend this and add nothing else; rules live in hooks.
 */
export class RecordService<Result = any, Data = Partial<Result>, Params extends RecordParams = RecordParams, Patch = Partial<Data>> extends KnexService<
  Result,
  Data,
  Params,
  Patch
> {
  readonly codec: RowCodec

  constructor(options: KnexAdapterOptions, shape: RowShape = {}) {
    super(options)
    this.codec = new RowCodec(shape)
  }

  protected decode = (value: any): any => {
    if (Array.isArray(value)) return value.map((row) => this.codec.fromDb(row))
    if (value && Array.isArray(value.data)) return { ...value, data: value.data.map((row: any) => this.codec.fromDb(row)) }
    return value ? this.codec.fromDb(value) : value
  }

  protected encode = (data: any): any => (Array.isArray(data) ? data.map((item) => this.codec.toDb(item)) : this.codec.toDb(data))

  override async _find(params?: Params & { paginate?: false }): Promise<any>
  override async _find(params?: Params): Promise<Paginated<Result> | Result[]> {
    return this.decode(await super._find(params as any))
  }

  override async _get(id: Id, params?: Params): Promise<Result> {
    return this.decode(await super._get(id, params))
  }

  override async _create(data: any, params?: Params): Promise<any> {
    return this.decode(await super._create(this.encode(data), params))
  }

  override async _patch(id: NullableId, data: any, params?: Params): Promise<any> {
    return this.decode(await super._patch(id as any, this.encode(data), params))
  }

  override async _update(id: NullableId, data: any, params?: Params): Promise<any> {
    return this.decode(await super._update(id as any, this.encode(data), params))
  }

  override async _remove(id: NullableId, params?: Params): Promise<any> {
    return this.decode(await super._remove(id as any, params))
  }
}
