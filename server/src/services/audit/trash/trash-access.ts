import type { Application } from '../../../declarations'
import type { Identity } from '../../../access/identity'
import { serviceResource } from '../../../access/access'
import type { Knex } from 'knex'
import { mayViewRecord, whereVisible, type RecordScope, type Viewer } from '../../../access/record-scope'
import { TRASH_TABLE, type TrashRow } from './trash-rows'
import { hasPermission } from '../../../../../domain/access/check'
import type { PermissionFlag, PermissionResource } from '../../../../../domain/access/resources'
import { RecordService } from '../../record.class'

/**
 * The resource that guards a trash item: the one its source service's `remove` names (else its
 * `get` or `find`), as declared in the access registry; `company` when none names one.
 */
export function trashResource(service: string): PermissionResource {
  return serviceResource(service, ['remove', 'get', 'find']) ?? 'company'
}

/** The record service registered at `path`, if any. */
export function recordServiceAt(app: Application, path: string): RecordService | undefined {
  const service = (app.services as unknown as Record<string, unknown>)[path]
  return service instanceof RecordService ? service : undefined
}

/** Paths of the services whose removed records go to trash. */
export function trashServices(app: Application): string[] {
  return Object.keys(app.services).filter((path) => {
    const service = recordServiceAt(app, path)
    return service !== undefined && service.trash !== false
  })
}

/** The record scope its service declares (record-scope.ts); a service no longer registered: none seen. */
export function scopeOf(app: Application, service: string): RecordScope | undefined {
  return recordServiceAt(app, service)?.scope
}

/** The service whose scope records with a `customer` rule follow. */
const CUSTOMERS = 'customers'

/** What of a trash item its service's scope reads: where the record was, whose, and whose customer's. */
export type ScopedItem = Pick<TrashRow, 'service' | 'branchId' | 'ownerId' | 'customerId'>

/** The branch of the customer a trash item follows, while that customer exists (else undefined). */
export async function followedCustomerBranch(app: Application, item: ScopedItem & { companyId: string }): Promise<string | null | undefined> {
  if (!item.customerId || !scopeOf(app, item.service)?.customer) return undefined
  const table = recordServiceAt(app, CUSTOMERS)!.table
  const row = await app.get('db')(table).where({ _id: item.customerId, companyId: item.companyId }).first('branchId')
  return row ? (row.branchId ?? null) : undefined
}

/**
 * Whether a person (a call's or a socket's viewer) may see a trash item: view on its service's
 * resource, and the record within that service's own scope, as the service's find would say.
 * A record that follows a customer is judged by the customers' scope on `customerBranch` (see
 * followedCustomerBranch), or on its own stored branch once the customer is gone too.
 */
export function mayViewTrashItem(app: Application, viewer: Viewer, item: ScopedItem, customerBranch?: string | null): boolean {
  const scope = scopeOf(app, item.service)
  if (!scope || !hasPermission(viewer.permissions, trashResource(item.service), 'view')) return false
  const without = scope.customer?.without
  if (without && !item.customerId) return mayViewTrashItem(app, viewer, { ...item, service: without.service })
  if (scope.customer) {
    const customers = scopeOf(app, CUSTOMERS)
    return customers !== undefined && mayViewRecord(customers, viewer, { branchId: customerBranch === undefined ? item.branchId : customerBranch, ownerId: null })
  }
  return mayViewRecord(scope, viewer, { branchId: item.branchId ?? null, ownerId: item.ownerId ?? null })
}

/** The same rule as SQL over the trash table: items of the services the viewer may view, each within its scope. */
export function whereTrashVisible(app: Application, viewer: Viewer) {
  const columns = { branchId: `${TRASH_TABLE}.branchId`, ownerId: `${TRASH_TABLE}.ownerId` }
  const visible = trashServices(app).filter((path) => hasPermission(viewer.permissions, trashResource(path), 'view'))
  return (builder: Knex.QueryBuilder) => {
    if (visible.length === 0) builder.whereRaw('1 = 0')
    for (const path of visible) {
      const scope = scopeOf(app, path)!
      builder.orWhere((one) => {
        one.where(`${TRASH_TABLE}.service`, path)
        const without = scope.customer?.without
        if (!without) return scope.customer ? whereCustomerVisible(app, one, viewer) : whereVisible(one, scope, viewer, columns)
        // A record of no customer is judged as a record of `without.service` (record-scope.ts).
        const other = scopeOf(app, without.service)
        const mayViewOther = other !== undefined && hasPermission(viewer.permissions, trashResource(without.service), 'view')
        one.where((either) => {
          either.where((own) => whereCustomerVisible(app, own.whereNotNull(`${TRASH_TABLE}.customerId`), viewer))
          either.orWhere((none) => {
            none.whereNull(`${TRASH_TABLE}.customerId`)
            if (mayViewOther) whereVisible(none, other, viewer, columns)
            else none.whereRaw('1 = 0')
          })
        })
      })
    }
  }
}

/** The customers' scope on the item's customer's current row, or on the item's own branch once that customer is gone. */
function whereCustomerVisible(app: Application, builder: Knex.QueryBuilder, viewer: Viewer) {
  const customers = recordServiceAt(app, CUSTOMERS)
  if (!customers) return builder.whereRaw('1 = 0')
  const customerRow = (sub: Knex.QueryBuilder) =>
    sub.select(1).from(`${customers.table} as followed`).whereRaw(`followed._id = ${TRASH_TABLE}."customerId" and followed."companyId" = ${TRASH_TABLE}."companyId"`)
  return builder.where((either) => {
    either.whereExists((sub) => whereVisible(customerRow(sub), customers.scope, viewer, { branchId: 'followed.branchId', ownerId: 'followed.ownerId' }))
    either.orWhere((gone) => whereVisible(gone.whereNotExists(customerRow), customers.scope, viewer, { branchId: `${TRASH_TABLE}.branchId`, ownerId: `${TRASH_TABLE}.ownerId` }))
  })
}

/** True when the caller may act on a trash item of `service` with `flag`; internal calls may. */
export function mayOnItem(identity: Identity | undefined, provider: string | undefined, service: string, flag: PermissionFlag): boolean {
  if (!provider) return true
  return hasPermission(identity?.role.permissions, trashResource(service), flag)
}
