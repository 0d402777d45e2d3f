import { branchMethods, branchPath, type BranchClientService } from './services/branches/branches.shared'
import { companyMethods, companyPath, type CompanyClientService } from './services/company/company.shared'
import { companyRegistrationMethods, companyRegistrationPath, type CompanyRegistrationClientService } from './services/company-registration/company-registration.shared'
import { forceLogoutMethods, forceLogoutPath, type ForceLogoutClientService } from './services/force-logout/force-logout.shared'
import { sessionMethods, sessionPath, type SessionClientService } from './services/sessions/sessions.shared'
import { roleMethods, rolePath, type RoleClientService } from './services/roles/roles.shared'
import { specialtyMethods, specialtyPath, type SpecialtyClientService } from './services/specialty/specialty.shared'
import { userMethods, userPath, type UserClientService } from './services/users/users.shared'
import { authManagementMethods, authManagementPath, type AuthManagementClientService } from './services/auth-management/auth-management.shared'

/** Every service a client may call, with its methods. Add a line per new service. */
export const clientServices = [
  [branchPath, branchMethods],
  [companyPath, companyMethods],
  [companyRegistrationPath, companyRegistrationMethods],
  [rolePath, roleMethods],
  [specialtyPath, specialtyMethods],
  [userPath, userMethods],
  [sessionPath, sessionMethods],
  [forceLogoutPath, forceLogoutMethods],
  [authManagementPath, authManagementMethods]
] as const

export interface ClientServiceTypes {
  [branchPath]: BranchClientService
  [companyPath]: CompanyClientService
  [companyRegistrationPath]: CompanyRegistrationClientService
  [rolePath]: RoleClientService
  [specialtyPath]: SpecialtyClientService
  [userPath]: UserClientService
  [sessionPath]: SessionClientService
  [forceLogoutPath]: ForceLogoutClientService
  [authManagementPath]: AuthManagementClientService
}
