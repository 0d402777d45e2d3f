import type { Params } from '@feathersjs/feathers'
import { permissionFlags, permissionResources } from '../../../../../domain/access/resources'
import type { PermissionsQuery, PermissionsSummary } from './permissions.schema'

export type PermissionsParams = Params<PermissionsQuery>

/**
 * `permissions`: what the role editor lists and what the renderer checks to show or hide
 * protected content. `mine` comes from the caller's identity, loaded from their own company's
 * role on this very call, never from the client.
 */
export class PermissionsService {
  async find(params: PermissionsParams = {}): Promise<PermissionsSummary> {
    return { resources: permissionResources, flags: permissionFlags, mine: params.identity?.role.permissions ?? [] }
  }
}
