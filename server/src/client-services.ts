import { branchMethods, branchPath, type BranchClientService } from './services/company/branches/branches.shared'
import { companyMethods, companyPath, type CompanyClientService } from './services/company/company/company.shared'
import { companyRegistrationMethods, companyRegistrationPath, type CompanyRegistrationClientService } from './services/company/company-registration/company-registration.shared'
import { forceLogoutMethods, forceLogoutPath, type ForceLogoutClientService } from './services/identity/force-logout/force-logout.shared'
import { sessionMethods, sessionPath, type SessionClientService } from './services/identity/sessions/sessions.shared'
import { roleMethods, rolePath, type RoleClientService } from './services/identity/roles/roles.shared'
import { specialtyMethods, specialtyPath, type SpecialtyClientService } from './services/team/specialty/specialty.shared'
import { userMethods, userPath, type UserClientService } from './services/team/users/users.shared'
import { authManagementMethods, authManagementPath, type AuthManagementClientService } from './services/identity/auth-management/auth-management.shared'
import { profileMethods, profilePath, type ProfileClientService } from './services/identity/profile/profile.shared'
import { myTeamMethods, myTeamPath, type MyTeamClientService } from './services/team/my-team/my-team.shared'
import { myCompanyMethods, myCompanyPath, type MyCompanyClientService } from './services/company/my-company/my-company.shared'
import { permissionsMethods, permissionsPath, type PermissionsClientService } from './services/identity/permissions/permissions.shared'
import { customerMethods, customerPath, type CustomerClientService } from './services/customers/customers/customers.shared'
import { tagMethods, tagPath, type TagClientService } from './services/customers/tags/tags.shared'
import { sourceMethods, sourcePath, type SourceClientService } from './services/customers/sources/sources.shared'
import { trashMethods, trashPath, type TrashClientService } from './services/audit/trash/trash.shared'
import { userActivityMethods, userActivityPath, type UserActivityClientService } from './services/audit/user-activities/user-activities.shared'
import { customFieldMethods, customFieldPath, type CustomFieldClientService } from './services/customers/fields/fields.shared'
import { noteMethods, notePath, type NoteClientService } from './services/customers/notes/notes.shared'
import { cabinetTokenMethods, cabinetTokenPath, type CabinetTokenClientService } from './services/customers/customer-cabinet-token/customer-cabinet-token.shared'
import { customersMergeMethods, customersMergePath, type CustomersMergeClientService } from './services/customers/customers-merge/customers-merge.shared'
import { serviceCategoryMethods, serviceCategoryPath, type ServiceCategoryClientService } from './services/catalogue/service-categories/service-categories.shared'
import { serviceMethods, servicePath, type ServiceClientService } from './services/catalogue/service/service.shared'
import { workPlaceMethods, workPlacePath, type WorkPlaceClientService } from './services/schedule/work-place/work-place.shared'
import { timeTemplateMethods, timeTemplatePath, type TimeTemplateClientService } from './services/schedule/time-templates/time-templates.shared'

import { appointmentMethods, appointmentPath, type AppointmentClientService } from './services/appointments/appointment/appointment.shared'
import { waitingListMethods, waitingListPath, type WaitingListClientService } from './services/appointments/waiting-list/waiting-list.shared'
import { appointmentStatusHistoryMethods, appointmentStatusHistoryPath, type AppointmentStatusHistoryClientService } from './services/appointments/appointment-status-history/appointment-status-history.shared'
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
