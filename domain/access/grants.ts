import { hasPermission } from './check'
import { permissionFlags, type Permission } from './resources'

/**
 * Whether every right in `granted` is one that `own` holds too (issue 11, item 2): a person may
 * give (by role assignment, or by writing a role's permissions) only rights they hold
 * themselves, so nobody can make someone, themselves included, more powerful than they are.
 */
export function grantsWithin(granted: readonly Permission[] | undefined, own: readonly Permission[] | undefined): boolean {
  return (granted ?? []).every((permission) =>
    permissionFlags.every((flag) => permission[flag] !== true || hasPermission(own, permission.resource, flag))
  )
}
