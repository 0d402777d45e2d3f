import { branchMethods, branchPath, type BranchClientService } from './services/branches/branches.shared'
import { companyMethods, companyPath, type CompanyClientService } from './services/company/company.shared'
import { companyRegistrationMethods, companyRegistrationPath, type CompanyRegistrationClientService } from './services/company-registration/company-registration.shared'
import { forceLogoutMethods, forceLogoutPath, type ForceLogoutClientService } from './services/force-logout/force-logout.shared'
import { sessionMethods, sessionPath, type SessionClientService } from './services/sessions/sessions.shared'
import { roleMethods, rolePath, type RoleClientService } from './services/roles/roles.shared'
import { specialtyMethods, specialtyPath, type SpecialtyClientService } from './services/specialty/specialty.shared'
import { userMethods, userPath, type UserClientService } from './services/users/users.shared'
import { authManagementMethods, authManagementPath, type AuthManagementClientService } from './services/auth-management/auth-management.shared'
import { profileMethods, profilePath, type ProfileClientService } from './services/profile/profile.shared'
import { myTeamMethods, myTeamPath, type MyTeamClientService } from './services/my-team/my-team.shared'
import { myCompanyMethods, myCompanyPath, type MyCompanyClientService } from './services/my-company/my-company.shared'
import { permissionsMethods, permissionsPath, type PermissionsClientService } from './services/permissions/permissions.shared'
import { customerMethods, customerPath, type CustomerClientService } from './services/customers/customers.shared'
import { tagMethods, tagPath, type TagClientService } from './services/tags/tags.shared'
import { sourceMethods, sourcePath, type SourceClientService } from './services/sources/sources.shared'
import { trashMethods, trashPath, type TrashClientService } from './services/trash/trash.shared'
import { userActivityMethods, userActivityPath, type UserActivityClientService } from './services/user-activities/user-activities.shared'
import { customFieldMethods, customFieldPath, type CustomFieldClientService } from './services/fields/fields.shared'
import { noteMethods, notePath, type NoteClientService } from './services/notes/notes.shared'
import { cabinetTokenMethods, cabinetTokenPath, type CabinetTokenClientService } from './services/customer-cabinet-token/customer-cabinet-token.shared'
import { customersMergeMethods, customersMergePath, type CustomersMergeClientService } from './services/customers-merge/customers-merge.shared'
import { serviceCategoryMethods, serviceCategoryPath, type ServiceCategoryClientService } from './services/service-categories/service-categories.shared'
import { serviceMethods, servicePath, type ServiceClientService } from './services/service/service.shared'
import { workPlaceMethods, workPlacePath, type WorkPlaceClientService } from './services/work-place/work-place.shared'
import { timeTemplateMethods, timeTemplatePath, type TimeTemplateClientService } from './services/time-templates/time-templates.shared'

import { appointmentMethods, appointmentPath, type AppointmentClientService } from './services/appointment/appointment.shared'
import { waitingListMethods, waitingListPath, type WaitingListClientService } from './services/waiting-list/waiting-list.shared'
import { appointmentStatusHistoryMethods, appointmentStatusHistoryPath, type AppointmentStatusHistoryClientService } from './services/appointment-status-history/appointment-status-history.shared'
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
  [authManagementPath, authManagementMethods],
  [profilePath, profileMethods],
  [myTeamPath, myTeamMethods],
  [myCompanyPath, myCompanyMethods],
  [permissionsPath, permissionsMethods],
  [customerPath, customerMethods],
  [tagPath, tagMethods],
  [sourcePath, sourceMethods],
  [trashPath, trashMethods],
  [userActivityPath, userActivityMethods],
  [customFieldPath, customFieldMethods],
  [notePath, noteMethods],
  [cabinetTokenPath, cabinetTokenMethods],
  [customersMergePath, customersMergeMethods],
  [serviceCategoryPath, serviceCategoryMethods],
  [servicePath, serviceMethods],
  [workPlacePath, workPlaceMethods],
  [timeTemplatePath, timeTemplateMethods],
  [appointmentPath, appointmentMethods],
  [waitingListPath, waitingListMethods],
  [appointmentStatusHistoryPath, appointmentStatusHistoryMethods]
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
  [profilePath]: ProfileClientService
  [myTeamPath]: MyTeamClientService
  [myCompanyPath]: MyCompanyClientService
  [permissionsPath]: PermissionsClientService
  [customerPath]: CustomerClientService
  [tagPath]: TagClientService
  [sourcePath]: SourceClientService
  [trashPath]: TrashClientService
  [userActivityPath]: UserActivityClientService
  [customFieldPath]: CustomFieldClientService
  [notePath]: NoteClientService
  [cabinetTokenPath]: CabinetTokenClientService
  [customersMergePath]: CustomersMergeClientService
  [serviceCategoryPath]: ServiceCategoryClientService
  [servicePath]: ServiceClientService
  [workPlacePath]: WorkPlaceClientService
  [timeTemplatePath]: TimeTemplateClientService
  [appointmentPath]: AppointmentClientService
  [waitingListPath]: WaitingListClientService
  [appointmentStatusHistoryPath]: AppointmentStatusHistoryClientService
}
