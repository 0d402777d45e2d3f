import type { Application } from '../declarations'
import { authentication } from './identity/authentication/authentication'
import { branches } from './company/branches/branches'
import { company } from './company/company/company'
import { companyRegistration } from './company/company-registration/company-registration'
import { forceLogout } from './identity/force-logout/force-logout'
import { roles } from './identity/roles/roles'
import { sessions } from './identity/sessions/sessions'
import { specialty } from './team/specialty/specialty'
import { users } from './team/users/users'
import { authManagement } from './identity/auth-management/auth-management'
import { profile } from './identity/profile/profile'
import { myTeam } from './team/my-team/my-team'
import { myCompany } from './company/my-company/my-company'
import { permissions } from './identity/permissions/permissions'
import { customers } from './customers/customers/customers'
import { tags } from './customers/tags/tags'
import { sources } from './customers/sources/sources'
import { trash } from './audit/trash/trash'
import { userActivities } from './audit/user-activities/user-activities'
import { fields } from './customers/fields/fields'
import { notes } from './customers/notes/notes'
import { tooth } from './clinical/tooth/tooth'
import { treatment } from './clinical/treatment/treatment'
import { treatmentPlan } from './clinical/treatment-plan/treatment-plan'
import { treatmentRecord } from './clinical/treatment-record/treatment-record'
import { invoices } from './billing/invoices/invoices'
import { transactions } from './billing/transactions/transactions'
import { paymentHistory } from './billing/payment-history/payment-history'
import { invoicesSummary } from './billing/invoices-summary/invoices-summary'
import { reportsSummary } from './reports/reports-summary/reports-summary'
import { appointmentReports } from './reports/appointment-reports/appointment-reports'
import { customerReports } from './reports/customer-reports/customer-reports'
import { customerConversionFunnelReports } from './reports/customer-conversion-funnel-reports/customer-conversion-funnel-reports'
import { paymentReports } from './reports/payment-reports/payment-reports'
import { balanceReports } from './reports/balance-reports/balance-reports'
import { serviceReports } from './reports/service-reports/service-reports'
import { toppers } from './reports/toppers/toppers'
import { expenseReports } from './reports/expense-reports/expense-reports'
import { notificationReports } from './reports/notification-reports/notification-reports'
import { historyReports } from './reports/history-reports/history-reports'
import { treatmentPlanReports } from './reports/treatment-plan-reports/treatment-plan-reports'
import { reportExports } from './reports/report-exports/report-exports'
import { exam } from './clinical/exam/exam'
import { xrays } from './clinical/xrays/xrays'
import { media } from './customers/media/media'
import { mediaSummary } from './customers/media-summary/media-summary'
import { printTemplates } from './documents/print-templates/print-templates'
import { documents } from './documents/documents/documents'
import { documentSignatures } from './documents/document-signatures/document-signatures'
import { documentPreviews } from './documents/document-previews/document-previews'
import { customerCabinetToken } from './customers/customer-cabinet-token/customer-cabinet-token'
import { customersMerge } from './customers/customers-merge/customers-merge'
import { serviceCategories } from './catalogue/service-categories/service-categories'
import { service } from './catalogue/service/service'
import { workPlace } from './schedule/work-place/work-place'
import { timeTemplates } from './schedule/time-templates/time-templates'

import { appointment } from './appointments/appointment/appointment'
import { waitingList } from './appointments/waiting-list/waiting-list'
import { appointmentStatusHistory } from './appointments/appointment-status-history/appointment-status-history'
import { appointmentSlots } from './appointments/appointment-slots/appointment-slots'
import { appointmentCalendar } from './appointments/appointment-calendar/appointment-calendar'
import { odb } from './clinical/odb/odb'
import { diagnoseObjectively } from './clinical/diagnose-objectively/diagnose-objectively'
import { manipulations } from './clinical/manipulations/manipulations'
import { presets } from './clinical/presets/presets'
import { healthCard } from './customers/health-card/health-card'
import { perio } from './clinical/perio/perio'
import { icd } from './clinical/icd/icd'
import { icdImport } from './clinical/icd-import/icd-import'
import { cdb } from './clinical/cdb/cdb'
import { cdbImport } from './clinical/cdb-import/cdb-import'
import { odbImport } from './clinical/odb-import/odb-import'
import { diagnoseObjectivelyImport } from './clinical/diagnose-objectively-import/diagnose-objectively-import'
import { manipulationsImport } from './clinical/manipulations-import/manipulations-import'
import { bundle } from './catalogue/bundle/bundle'
import { treatmentTemplates } from './clinical/treatment-templates/treatment-templates'
import { messaging } from './messaging'
import { expense } from './billing/expense/expense'
import { userBalanceHistory } from './billing/user-balance-history/user-balance-history'
import { userBalanceReports } from './billing/user-balance-reports/user-balance-reports'
import { zPayments } from './billing/z-payments/z-payments'
import { onlinePayments } from './billing/online-payments/online-payments'
import { cart } from './billing/cart/cart'
import { posCart } from './billing/pos-cart/pos-cart'
import { textTemplates } from './documents/text-templates/text-templates'
import { tasks } from './tasks/tasks/tasks'
import { telephony } from './telephony'
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
  app.configure(bundle)
  app.configure(treatmentTemplates)
  app.configure(workPlace)
  app.configure(timeTemplates)
  app.configure(waitingList)
  app.configure(appointment)
  app.configure(appointmentStatusHistory)
  app.configure(appointmentSlots)
  app.configure(appointmentCalendar)
  app.configure(odb)
  app.configure(diagnoseObjectively)
  app.configure(manipulations)
  app.configure(presets)
  app.configure(tooth)
  app.configure(treatment)
  app.configure(treatmentPlan)
  app.configure(treatmentRecord)
  app.configure(invoices)
  app.configure(transactions)
  app.configure(paymentHistory)
  app.configure(invoicesSummary)
  app.configure(exam)
  app.configure(xrays)
  app.configure(media)
  app.configure(mediaSummary)
  app.configure(printTemplates)
  app.configure(documents)
  app.configure(documentSignatures)
  app.configure(documentPreviews)
  app.configure(healthCard)
  app.configure(perio)
  app.configure(icd)
  app.configure(icdImport)
  app.configure(cdb)
  app.configure(cdbImport)
  app.configure(odbImport)
  app.configure(diagnoseObjectivelyImport)
  app.configure(manipulationsImport)
  app.configure(messaging)
  app.configure(expense)
  app.configure(userBalanceHistory)
  app.configure(userBalanceReports)
  app.configure(zPayments)
  app.configure(onlinePayments)
  app.configure(cart)
  app.configure(posCart)
  app.configure(textTemplates)
  app.configure(tasks)
  app.configure(telephony)
  app.configure(reportsSummary)
  app.configure(appointmentReports)
  app.configure(customerReports)
  app.configure(customerConversionFunnelReports)
  app.configure(paymentReports)
  app.configure(balanceReports)
  app.configure(serviceReports)
  app.configure(toppers)
  app.configure(expenseReports)
  app.configure(notificationReports)
  app.configure(historyReports)
  app.configure(treatmentPlanReports)
  app.configure(reportExports)
}
