import type { Application } from '../declarations'
import { authentication } from './authentication/authentication'
import { branches } from './branches/branches'
import { company } from './company/company'
import { companyRegistration } from './company-registration/company-registration'
import { forceLogout } from './force-logout/force-logout'
import { roles } from './roles/roles'
import { sessions } from './sessions/sessions'
import { specialty } from './specialty/specialty'
import { users } from './users/users'
import { authManagement } from './auth-management/auth-management'
import { profile } from './profile/profile'
import { myTeam } from './my-team/my-team'
import { myCompany } from './my-company/my-company'
import { permissions } from './permissions/permissions'
import { customers } from './customers/customers'
import { tags } from './tags/tags'
import { sources } from './sources/sources'
import { trash } from './trash/trash'
import { userActivities } from './user-activities/user-activities'
import { fields } from './fields/fields'
import { notes } from './notes/notes'
import { customerCabinetToken } from './customer-cabinet-token/customer-cabinet-token'
import { customersMerge } from './customers-merge/customers-merge'
import { serviceCategories } from './service-categories/service-categories'
import { service } from './service/service'
import { workPlace } from './work-place/work-place'
import { timeTemplates } from './time-templates/time-templates'

import { appointment } from './appointment/appointment'
import { waitingList } from './waiting-list/waiting-list'
import { appointmentStatusHistory } from './appointment-status-history/appointment-status-history'
/** Registers every service. */
export function services(app: Application) {
  app.configure(users)
  app.configure(authentication)
  app.configure(companyRegistration)
  app.configure(company)
  app.configure(branches)
  app.configure(roles)
  app.configure(specialty)
  app.configure(sessions)
  app.configure(forceLogout)
  app.configure(authManagement)
  app.configure(profile)
  app.configure(myTeam)
  app.configure(myCompany)
  app.configure(permissions)
  app.configure(tags)
  app.configure(sources)
  app.configure(customers)
  app.configure(trash)
  app.configure(userActivities)
  app.configure(fields)
  app.configure(notes)
  app.configure(customerCabinetToken)
  app.configure(customersMerge)
  app.configure(serviceCategories)
  app.configure(service)
  app.configure(workPlace)
  app.configure(timeTemplates)
  app.configure(waitingList)
  app.configure(appointment)
  app.configure(appointmentStatusHistory)
}
