import { manifestOf } from '../../service-manifest'
import type { NullableId } from '@feathersjs/feathers'
import { afterCommit } from '../../../hooks/call-transaction'
import { BadRequest, Conflict, Forbidden, NotFound } from '@feathersjs/errors'
import { getDispatch } from '@feathersjs/schema'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { TRASH_TABLE } from './trash-rows'
import { mayOnItem, recordServiceAt, trashResource, whereTrashVisible } from './trash-access'
import type { Viewer } from '../../../access/record-scope'
import { purgeDependents } from './trash-dependents'
import type { TrashItem, TrashPatch, TrashQuery } from './trash.schema'

/** `trashViewer`: the external caller, whose items alone the calls cover (set by trash.ts). */
export type TrashParams = RecordParams & { query?: TrashQuery; trashViewer?: Viewer }

/** A unique index (the `_id` included) or a foreign key stands in the way of a restore. */
const BLOCKED = /UNIQUE constraint failed|duplicate key value violates unique constraint|FOREIGN KEY constraint failed|violates foreign key constraint/i

/**
 * `trash`: removed records of every record service (RecordService moves them here).
 * - find/get list the caller's company's items that they may view (see TrashScope);
 * - patch `{ restore: true }` puts the record back exactly as it was and takes it out of trash;
 * - remove deletes it for good, with its dependents (trash-dependents.ts).
 * Items arrive only through a service's remove, never through create.
 */
export class TrashService extends RecordService<TrashItem, never, TrashParams, TrashPatch> {
  /** Every read (find, and get, which restore and purge go through) covers only the viewer's items (trash-access.ts). */
  override createQuery(params: TrashParams = {} as TrashParams) {
    const builder = super.createQuery(params)
    if (params.trashViewer) builder.where(whereTrashVisible(this.app!, params.trashViewer))
    return builder
  }

  /** Restore: needs `create` on the record's resource; a taken id or unique value is a conflict. */
  override async _patch(id: NullableId, _data: TrashPatch, params?: TrashParams): Promise<TrashItem> {
    if (id === null) throw clinicError(BadRequest, 'invalid-request', '_id')
    const item = await this._get(id, params)
    if (!mayOnItem(params?.identity, params?.provider, item.service, 'create')) throw clinicError(Forbidden, 'forbidden', undefined, { resource: trashResource(item.service), flag: 'create' })
    const source = recordServiceAt(this.app!, item.service)
    if (!source) throw clinicError(BadRequest, 'invalid-request', 'service')
    try {
      await this.knexOf(params).transaction(async (trx) => {
        await source.insertExact(trx, item.record)
        const taken = await trx(TRASH_TABLE).where({ _id: item._id }).delete()
        // Someone else restored or purged it in the meantime.
        if (Number(taken) !== 1) throw clinicError(NotFound, 'not-found')
      })
    } catch (error) {
      const message = String((error as { message?: unknown } | null)?.message ?? '')
      if (BLOCKED.test(message)) throw clinicError(Conflict, 'trash-restore-conflict', undefined, { service: item.service, recordId: item.recordId })
      throw error
    }
    await afterCommit(params, () => this.announceRestored(item))
    return item
  }

  /** Permanent delete: needs `delete` on the record's resource; takes its dependents along. */
  override async _remove(id: NullableId, params?: TrashParams): Promise<TrashItem> {
    if (id === null) throw clinicError(BadRequest, 'invalid-request', '_id')
    const item = await this._get(id, params)
    if (!mayOnItem(params?.identity, params?.provider, item.service, 'delete')) throw clinicError(Forbidden, 'forbidden', undefined, { resource: trashResource(item.service), flag: 'delete' })
    await this.knexOf(params).transaction(async (trx) => {
      const deleted = await trx(TRASH_TABLE).where({ _id: item._id }).delete()
      if (Number(deleted) !== 1) throw clinicError(NotFound, 'not-found')
      await purgeDependents(trx, item.service, item.companyId, item.recordId)
    })
    await afterCommit(params, () => this.afterPurge(item))
    return item
  }

  /** What the record's service does once it is gone for good (its manifest's `afterPurge`). */
  private async afterPurge(item: TrashItem) {
    const app = this.app!
    const hook = manifestOf(item.service)?.afterPurge
    if (!hook) return
    try {
      await hook(app, { companyId: item.companyId, recordId: item.recordId, record: item.record as Record<string, unknown> })
    } catch (error) {
      app.get('logger').error({ msg: 'after purge failed', service: item.service, err: error })
    }
  }

  /**
   * The source service's `created` event for the restored record, through its own publisher,
   * with its own external view (read back through its hooks): live lists show it again.
   * The restore has committed; a failure here is logged, not thrown.
   */
  private async announceRestored(item: TrashItem) {
    const app = this.app!
    try {
      const service = app.service(item.service as never) as unknown as {
        get: (id: string, params: object) => Promise<Record<string, unknown>>
        emit: (event: string, data: unknown, context: object) => void
      }
      const record = await service.get(item.recordId, {})
      const dispatch = getDispatch(record) ?? record
      service.emit('created', record, { app, path: item.service, service, method: 'create', event: 'created', type: 'around', params: {}, result: record, dispatch })
    } catch (error) {
      app.get('logger').error({ msg: 'restore event failed', service: item.service, err: error })
    }
  }
}

export const trashServiceOptions = (app: Application) => recordOptions(app, TRASH_TABLE, { trash: false })
export const trashRowShape = { json: ['record'], instant: ['deletedAt'] }
export type { TrashItem, TrashPatch, TrashQuery }
