import { hasPermission, type CheckMode } from '../../../domain/access/check'
import type { PermissionFlag } from '../../../domain/access/resources'
import { useSession } from './session-store'

/** Protected content shows only if the check passes (spec section 6). Helps the person only: the server decides. */
export function useCan(resource: string | string[], flags: PermissionFlag | PermissionFlag[], mode: CheckMode = 'all'): boolean {
  const session = useSession()
  return hasPermission(session?.role?.permissions, resource, flags, mode)
}
