/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Paginated } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { RowCodec } from '../../row-codec'
import { companyTimeZoneFor } from '../../company/company/company-reads'
import { fitsSlot, type FreeSlot } from '../../../../../domain/appointments/waiting-fit'
import { toZoned } from '../../../../../domain/appointments/zoned-time'
import type { WaitingListData, WaitingListEntry, WaitingListPatch, WaitingListQuery } from './waiting-list.schema'

export type { WaitingListData, WaitingListEntry, WaitingListPatch, WaitingListQuery }
export type WaitingListParams = RecordParams & { query?: WaitingListQuery }

export const WAITING_LIST_TABLE = 'waiting_list'
export const waitingListRowShape = { json: ['serviceIds', 'days'] }
const codec = new RowCodec(waitingListRowShape)
/** The most waiting entries one `$fits` look-up weighs (a branch's list is far shorter). */
const MAX_CANDIDATES = 500

/**
 * Waiting entries that fit a free slot: the database narrows by branch, status, doctor, date
 * range and duration; fitsSlot (domain) decides days and time windows in the company's zone.
 * `branchIds`: the branches to look in (the caller's scope, or the freed slot's branch).
 */
export async function fittingEntries(db: Knex, companyId: string, branchIds: string[] | undefined, slot: FreeSlot, timeZone: string, extra: Record<string, unknown> = {}): Promise<WaitingListEntry[]> {
  const day = toZoned(slot.start, timeZone).date
  const minutes = Math.floor((Date.parse(slot.end) - Date.parse(slot.start)) / 60_000)
  const builder = db(WAITING_LIST_TABLE)
    .where({ companyId, status: 'waiting', ...extra })
    .andWhere((where) => where.whereNull('staffId').orWhere('staffId', slot.staffId))
    .andWhere('dateFrom', '<=', day)
    .andWhere('dateTo', '>=', day)
    .andWhere('duration', '<=', minutes)
    .orderBy('createdAt', 'asc')
    .limit(MAX_CANDIDATES)
  if (branchIds) builder.whereIn('branchId', branchIds)
  const rows = (await builder).map((row: Record<string, unknown>) => codec.fromDb<WaitingListEntry>(row))
  return rows.filter((entry) => fitsSlot(entry, slot, timeZone))
}

/** The waiting list. `find` with `$fits` answers who could take a given free slot. */
export class WaitingListService extends RecordService<WaitingListEntry, WaitingListData, WaitingListParams, WaitingListPatch> {
  override async _find(params: WaitingListParams = {} as WaitingListParams): Promise<any> {
    const { $fits, ...query } = (params.query ?? {}) as WaitingListQuery & { $fits?: FreeSlot }
    if (!$fits) return super._find(params as any)
    const { companyId, branchId, $limit, $skip, $sort, $select, $or, ...rest } = query as Record<string, any>
    void $sort
    void $select
    void $or
    const db = this.knexOf(params)
    const timeZone = await companyTimeZoneFor(db, companyId, params)
    const branchIds = typeof branchId === 'string' ? [branchId] : Array.isArray(branchId?.$in) ? (branchId.$in as string[]) : undefined
    const plain = Object.fromEntries(Object.entries(rest).filter(([, value]) => typeof value !== 'object' || value === null))
    const all = await fittingEntries(db, companyId, branchIds, $fits, timeZone, plain)
    const skip = $skip ?? 0
    const limit = $limit ?? 50
    const data = all.slice(skip, skip + limit)
    return params.paginate === false ? data : ({ total: all.length, limit, skip, data } satisfies Paginated<WaitingListEntry>)
  }
}

export const waitingListServiceOptions = (app: Application) => recordOptions(app, WAITING_LIST_TABLE, { filters: { $fits: (value: unknown) => value } })
