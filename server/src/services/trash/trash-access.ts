import type { Application } from '../../declarations'
import type { Identity } from '../../access/identity'
import { serviceResource } from '../../access/access'
import { seesWholeCompany } from '../../access/identity'
import { hasPermission } from '../../../../domain/access/check'
import type { PermissionFlag, PermissionResource } from '../../../../domain/access/resources'
import { RecordService } from '../record.class'

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

/** What a person's find and get of the trash cover (see TrashService.createQuery). */
export interface TrashScope {
  /** Source services whose items the person may view. */
  services: string[]
  /** Branches whose items the person sees; null: all (they see the whole company). */
  branchIds: string[] | null
  /** Services whose items every branch sees (customers, when the company lets branches see all). */
  allBranchServices: string[]
}

export function trashScopeFor(app: Application, identity: Identity): TrashScope {
  const permissions = identity.role.permissions
  return {
    services: trashServices(app).filter((path) => hasPermission(permissions, trashResource(path), 'view')),
    branchIds: seesWholeCompany(permissions) ? null : identity.branchIds,
    allBranchServices: identity.company.settings?.branchesSeeAllCustomers === true ? ['customers'] : []
  }
}

/** True when the caller may act on a trash item of `service` with `flag`; internal calls may. */
export function mayOnItem(identity: Identity | undefined, provider: string | undefined, service: string, flag: PermissionFlag): boolean {
  if (!provider) return true
  return hasPermission(identity?.role.permissions, trashResource(service), flag)
}
