import type { Application } from '../../../declarations'
import type { Identity } from '../../../access/identity'
import { accessRegistry, serviceResource } from '../../../access/access'
import { hasPermission } from '../../../../../domain/access/check'
import { permissionFlags } from '../../../../../domain/access/resources'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { USER_ACTIVITIES_TABLE } from '../../../hooks/activity-log'
import type { UserActivity, UserActivityQuery } from './user-activities.schema'

export type { UserActivity, UserActivityQuery }
export type UserActivityParams = RecordParams & { query?: UserActivityQuery; activityServices?: string[] }

/**
 * The services whose entries a person may read: those whose records they may view (the
 * resource of the service's get or find rule); for a service without one, any flag on the
 * resource its other methods name (force-logout, say); a service open to every signed-in person
 * (profile, the trash) is readable by every reader of the log.
 */
export function activityServicesFor(identity: Identity): string[] {
  const permissions = identity.role.permissions
  return [...accessRegistry.keys()].filter((path) => {
    const viewed = serviceResource(path, ['get', 'find'])
    if (viewed) return hasPermission(permissions, viewed, 'view')
    const touched = serviceResource(path, ['remove', 'patch', 'update', 'create'])
    return touched ? hasPermission(permissions, touched, permissionFlags, 'any') : true
  })
}

/**
 * `user-activities`: the activity log, read-only. Entries are written by the app-wide hook
 * (hooks/activity-log.ts), never through this service; find and get only.
 */
export class UserActivityService extends RecordService<UserActivity, never, UserActivityParams, never> {
  override createQuery(params: UserActivityParams = {} as UserActivityParams) {
    const builder = super.createQuery(params)
    if (params.activityServices) builder.whereIn(`${USER_ACTIVITIES_TABLE}.service`, params.activityServices)
    return builder
  }
}

/** The log keeps no trash of its own: nothing removes entries through a service. */
export const userActivityServiceOptions = (app: Application) => recordOptions(app, USER_ACTIVITIES_TABLE, { trash: false })
export const userActivityRowShape = { json: ['changes'] }
