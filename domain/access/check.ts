import type { Permission, PermissionFlag } from './resources'

export type CheckMode = 'all' | 'any'

/**
 * Spec section 6, exactly: the check passes if some permission for the resource has all the
 * requested flags; in mode 'any' it passes if any requested flag is set. A resource may be a
 * list, and then the check passes when it passes for any resource of the list.
 */
export function hasPermission(
  permissions: readonly Permission[] | undefined,
  resource: string | readonly string[],
  flags: PermissionFlag | readonly PermissionFlag[],
  mode: CheckMode = 'all'
): boolean {
  if (!permissions || permissions.length === 0) return false
  const resources = typeof resource === 'string' ? [resource] : resource
  const wanted = typeof flags === 'string' ? [flags] : flags
  if (wanted.length === 0) return false
  return permissions.some(
    (permission) =>
      resources.includes(permission.resource) &&
      (mode === 'any' ? wanted.some((flag) => permission[flag] === true) : wanted.every((flag) => permission[flag] === true))
  )
}
