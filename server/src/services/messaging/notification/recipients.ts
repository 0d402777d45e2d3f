import type { Knex } from 'knex'
import { hasPermission } from '../../../../../domain/access/check'
import type { PermissionFlag, PermissionResource } from '../../../../../domain/access/resources'
import { seesWholeCompany } from '../../../access/identity'
import { activeMembers } from '../../team/users/user-rows'
import { companyRolePermissions } from '../../identity/roles/role-rows'

/**
 * The members a notice about something in `branchId` goes to: those who may sign in, whose role
 * holds `flag` on `resource`, and who work in that branch or see every branch of the company.
 * Ids sorted; `except` (the member who did it) left out.
 */
export async function staffWhoMay(db: Knex, companyId: string, rule: { resource: PermissionResource; flag: PermissionFlag; branchId: string | null; except?: string | null }): Promise<string[]> {
  const roles = await companyRolePermissions(db, companyId)
  return (await activeMembers(db, companyId))
    .filter((member) => {
      const permissions = roles.get(member.roleId) ?? []
      if (member._id === rule.except || !hasPermission(permissions, rule.resource, rule.flag)) return false
      return !rule.branchId || seesWholeCompany(permissions) || member.branchIds.includes(rule.branchId)
    })
    .map((member) => member._id)
}
