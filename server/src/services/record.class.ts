/* eslint-disable @typescript-eslint/no-explicit-any */
import { errorHandler, KnexService, type KnexAdapterOptions, type KnexAdapterParams } from '@feathersjs/knex'
import type { Id, NullableId, Paginated } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { RowCodec, type RowShape } from './row-codec'
import { paginate } from '../schema/query'
import type { Application } from '../declarations'
import { insertTrashRow, trashRowFor, type TrashPolicy, type TrashRow } from './audit/trash/trash-rows'
import type { RecordScope } from '../access/record-scope'
import { afterCommit, transactionOf } from '../hooks/call-transaction'
import { databaseEngine } from '../db'
import { Conflict } from '@feathersjs/errors'
import { clinicError } from '../errors'

export type RecordParams = KnexAdapterParams
export type { TrashPolicy }

/**
 * The adapter options every record service shares: `_id` key, capped pages, one database.
 * `trash`: what `remove` does with a row (see RecordService); moving to trash is the default.
 * `scope`: which records a person may see (record-scope.ts), declared in the service's
 * `<name>.ts` beside the hooks that apply it; none means every record of the company. The trash
 * applies the same declaration to the service's removed records.
 */
/**
 * A unique index that makes a second record of the same key (a template's event, channel and
 * language) a clash: a create that hits it answers Conflict on `path`, not a database error.
 */
export interface UniqueKey {
  index: string
  path: string
}

export type RecordOptions = KnexAdapterOptions & { trash?: TrashPolicy | false; scope?: RecordScope; uniqueKey?: UniqueKey }

export function recordOptions(app: Application, name: string, extra: Partial<RecordOptions> = {}): RecordOptions {
  return { Model: app.get('db'), name, id: '_id', paginate, multi: false, ...extra }
}

/**
 * Tells every record service its path and app when it is registered (a Feathers mixin, so no
 * service has to): the trash needs to know which service a removed row came from.
 */
export function recordServicePaths(app: Application) {
  app.mixins.push((service: unknown, path: string) => {
    if (service instanceof RecordService) service.attach(app, path)
  })
}

/**
 * Runs `work` in the caller's transaction when it has one, else in a new one; `work` gets the
 * transaction and params that carry it (for the service's own `super` calls).
 */
export async function inTransaction<T, P extends RecordParams = RecordParams>(db: Knex, params: P | undefined, work: (trx: Knex.Transaction, params: P) => Promise<T>): Promise<T> {
  const outer = params?.transaction?.trx
  if (outer) return work(outer, params!)
  return db.transaction((trx) => work(trx, { ...(params ?? {}), transaction: { trx } } as P))
}

/** At most how many rows `query` can match when it names them by id (`_id: x`, `_id: { $in: [...] }`). */
export function idBound(query: Record<string, unknown> | undefined, id: string): number | undefined {
  const condition = query?.[id]
  if (typeof condition === 'string') return 1
  const list = (condition as { $in?: unknown } | undefined)?.$in
  return condition && typeof condition === 'object' && Object.keys(condition).length === 1 && Array.isArray(list) ? new Set(list).size : undefined
}

/**
 * A page's `total` when the page itself tells it, else undefined (count): a page short of its
 * limit holds the last match, and so does one whose query names no more rows (by id) than it
 * reaches. An empty page past the start tells nothing (there may be fewer matches than skipped).
 */
export function totalFromPage(rows: number, skip: number, limit: number, bound?: number): number | undefined {
  if (limit === 0 || (rows === 0 && skip > 0)) return undefined
  return rows < limit || (bound !== undefined && bound <= skip + limit) ? skip + rows : undefined
}

/** Pages of more rows than this are ranges (a calendar's week) that usually hold every match. */
const LARGE_PAGE = 100

const pick = (record: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]))

/**
 * A KnexService whose rows look the same on SQLite and PostgreSQL (see RowCodec). Services
 * that only store and return records extend this and add nothing else; rules live in hooks.
 *
 * Trash (issue 4): `remove` moves the row to the `trash` table instead of losing it. In one
 * transaction it reads the row within the call's scope (the query's companyId and other
 * filters, so another company's record is not found and nothing is written), deletes it and
 * stores the whole row (hidden columns included, in the API shape) with who removed it and
 * when; the `trash` service lists, restores exactly, or deletes it for good. A service whose
 * remove means something else, or whose rows must never be kept, passes `trash: false` in its
 * options. Rows of other tables that a database foreign key deletes with the record (ON DELETE
 * CASCADE) or unlinks (SET NULL) are not kept: each service says what that means for it.
 */
export class RecordService<Result = any, Data = Partial<Result>, Params extends RecordParams = RecordParams, Patch = Partial<Data>> extends KnexService<
  Result,
  Data,
  Params,
  Patch
> {
  readonly codec: RowCodec
  readonly trash: TrashPolicy | false
  readonly scope: RecordScope
  readonly uniqueKey: UniqueKey | undefined
  /** The service path and app, set when the service is registered (see recordServicePaths). */
  path?: string
  app?: Application

  constructor(options: RecordOptions, shape: RowShape = {}) {
    super(options)
    this.codec = new RowCodec(shape)
    this.trash = options.trash ?? {}
    this.scope = options.scope ?? {}
    this.uniqueKey = options.uniqueKey
  }

  attach(app: Application, path: string) {
    this.app = app
    this.path = path
  }

  /** Where this call reads and writes: its transaction when it runs in one (call-transaction.ts). */
  protected knexOf(params?: Params): Knex {
    return transactionOf(params) ?? this.Model
  }

  /** The table behind this service. */
  get table(): string {
    return this.getOptions({} as Params).name
  }

  protected decode = (value: any): any => {
    if (Array.isArray(value)) return value.map((row) => this.codec.fromDb(row))
    if (value && Array.isArray(value.data)) return { ...value, data: value.data.map((row: any) => this.codec.fromDb(row)) }
    return value ? this.codec.fromDb(value) : value
  }

  protected encode = (data: any): any => (Array.isArray(data) ? data.map((item) => this.codec.toDb(item)) : this.codec.toDb(data))

  override async _find(params?: Params & { paginate?: false }): Promise<any>
  override async _find(params?: Params): Promise<Paginated<Result> | Result[]> {
    const { filters, paginate } = this.filterQuery(params ?? ({} as Params))
    const { name, id } = this.getOptions(params ?? ({} as Params))
    const builder: Knex.QueryBuilder = params?.knex ? params.knex.clone() : this.createQuery(params)
    const countBuilder = builder.clone().clearSelect().clearOrder().count(`${name}.${id} as total`)
    if (filters.$limit) builder.limit(filters.$limit)
    if (filters.$skip) builder.offset(filters.$skip)
    const page = () => (filters.$limit === 0 ? Promise.resolve([]) : (builder.catch(errorHandler) as Promise<any[]>))
    if (!paginate || !paginate.default) return this.decode(await page())
    const count = () => countBuilder.catch(errorHandler).then((rows: any[]) => Number(rows[0]?.total ?? 0))
    return this.decode(await this.paged(params, filters, page, count))
  }

  /**
   * A page and its `total`, counted only when the page cannot tell it (totalFromPage): a week of
   * a calendar, or records asked for by id, fit their page and need no count. PostgreSQL runs
   * page and count side by side for a small page that is not bound by ids (a list page is
   * usually full, so its count is needed); SQLite answers one statement at a time anyway.
   */
  protected async paged<Row>(
    params: Params | undefined,
    filters: { $limit?: number; $skip?: number },
    page: () => Promise<Row[]>,
    count: () => Promise<number>
  ): Promise<{ total: number; limit: number; skip: number; data: Row[] }> {
    const skip = filters.$skip || 0
    const limit = filters.$limit ?? 0
    const bound = idBound(params?.query as Record<string, unknown> | undefined, this.id)
    const meta = { limit: filters.$limit as number, skip }
    if (databaseEngine(this.Model) === 'postgres' && limit > 0 && limit <= LARGE_PAGE && !(bound !== undefined && bound <= skip + limit)) {
      const [data, total] = await Promise.all([page(), count()])
      return { total, ...meta, data }
    }
    const data = await page()
    return { total: totalFromPage(data.length, skip, limit, bound) ?? (await count()), ...meta, data }
  }

  override async _get(id: Id, params?: Params): Promise<Result> {
    return this.decode(await super._get(id, params))
  }

  override async _create(data: any, params?: Params): Promise<any> {
    try {
      return this.decode(await super._create(this.encode(data), params))
    } catch (error) {
      if (this.uniqueKey && this.clashes(error, this.uniqueKey)) throw clinicError(Conflict, 'conflict', this.uniqueKey.path)
      throw error
    }
  }

  /** PostgreSQL names the index; SQLite names the table's columns. */
  private clashes(error: unknown, key: UniqueKey): boolean {
    const message = String((error as Error)?.message ?? '')
    return message.includes(key.index) || message.includes(`${this.table}.companyId`)
  }

  override async _patch(id: NullableId, data: any, params?: Params): Promise<any> {
    await this.captureBefore(id, params)
    return this.decode(await super._patch(id as any, this.encode(data), params))
  }

  override async _update(id: NullableId, data: any, params?: Params): Promise<any> {
    await this.captureBefore(id, params)
    return this.decode(await super._update(id as any, this.encode(data), params))
  }

  override async _remove(id: NullableId, params?: Params): Promise<any> {
    if (this.trash === false || id === null || !this.path) return this.decode(await super._remove(id as any, params))
    const policy = this.trash
    const path = this.path
    const { $select, ...query } = (params?.query ?? {}) as Record<string, unknown>
    const { record, row } = await inTransaction(this.Model, params, async (trx, inTrx) => {
      // The whole row, whatever the call selected, hidden columns included: the restore is exact.
      const removed = (await super._remove(id, { ...inTrx, query } as Params)) as Record<string, unknown>
      const trashed = trashRowFor(path, policy, this.scope, this.codec.fromDb(removed, { keepHidden: true }), this.id, params?.identity?.user._id ?? null)
      await insertTrashRow(trx, trashed)
      return { record: this.codec.fromDb<Record<string, unknown>>(removed), row: trashed }
    })
    await afterCommit(params, () => this.announceTrashed(row))
    return Array.isArray($select) ? pick(record, [...($select as string[]), this.id]) : record
  }

  /**
   * Puts a record from trash back exactly as it was (same `_id`, same values, hidden columns
   * included), inside the trash service's transaction. Unique and foreign key violations
   * surface as database errors for the caller to turn into a conflict.
   */
  async insertExact(trx: Knex.Transaction, record: Record<string, unknown>): Promise<void> {
    await trx(this.table).insert(this.codec.toDb(record))
  }

  /** The activity log's before-state of a patch or update: the row as this call sees it. */
  private async captureBefore(id: NullableId, params?: Params) {
    const capture = params?.activity
    if (!capture || capture.path !== this.path || capture.before !== undefined || id === null) return
    capture.before = this.codec.fromDb(await super._get(id, params) as Record<string, unknown>)
  }

  /** Tells the trash list a new item arrived (once the transaction has committed). */
  private announceTrashed(row: TrashRow) {
    const app = this.app
    if (!app || !app.services['trash' as never]) return
    try {
      ;(app.service('trash' as never) as unknown as { emit: (event: string, data: unknown) => void }).emit('created', row)
    } catch (error) {
      app.get('logger').error({ err: error, msg: 'trash event failed' })
    }
  }
}
