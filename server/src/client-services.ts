/** Every service a client may call: one line per service (its `.shared.ts` declaration). */
import { branchClient } from './services/company/branches/branches.shared'
import { companyClient } from './services/company/company/company.shared'
import { companyRegistrationClient } from './services/company/company-registration/company-registration.shared'
import { forceLogoutClient } from './services/identity/force-logout/force-logout.shared'
import { sessionClient } from './services/identity/sessions/sessions.shared'
import { roleClient } from './services/identity/roles/roles.shared'
import { specialtyClient } from './services/team/specialty/specialty.shared'
import { userClient } from './services/team/users/users.shared'
import { authManagementClient } from './services/identity/auth-management/auth-management.shared'
import { profileClient } from './services/identity/profile/profile.shared'
import { myTeamClient } from './services/team/my-team/my-team.shared'
import { myCompanyClient } from './services/company/my-company/my-company.shared'
import { permissionsClient } from './services/identity/permissions/permissions.shared'
import { customerClient } from './services/customers/customers/customers.shared'
import { tagClient } from './services/customers/tags/tags.shared'
import { sourceClient } from './services/customers/sources/sources.shared'
import { trashClient } from './services/audit/trash/trash.shared'
import { userActivityClient } from './services/audit/user-activities/user-activities.shared'
import { customFieldClient } from './services/customers/fields/fields.shared'
import { noteClient } from './services/customers/notes/notes.shared'
import { cabinetTokenClient } from './services/customers/customer-cabinet-token/customer-cabinet-token.shared'
import { customersMergeClient } from './services/customers/customers-merge/customers-merge.shared'
import { serviceCategoryClient } from './services/catalogue/service-categories/service-categories.shared'
import { serviceClient } from './services/catalogue/service/service.shared'
import { workPlaceClient } from './services/schedule/work-place/work-place.shared'
import { timeTemplateClient } from './services/schedule/time-templates/time-templates.shared'
import { appointmentClient } from './services/appointments/appointment/appointment.shared'
import { waitingListClient } from './services/appointments/waiting-list/waiting-list.shared'
import { appointmentStatusHistoryClient } from './services/appointments/appointment-status-history/appointment-status-history.shared'
import { appointmentSlotsClient } from './services/appointments/appointment-slots/appointment-slots.shared'
import { appointmentCalendarClient } from './services/appointments/appointment-calendar/appointment-calendar.shared'
import { odbClient } from './services/clinical/odb/odb.shared'
import { toothClient } from './services/clinical/tooth/tooth.shared'
import { treatmentClient } from './services/clinical/treatment/treatment.shared'
import { treatmentPlanClient } from './services/clinical/treatment-plan/treatment-plan.shared'
import { treatmentRecordClient } from './services/clinical/treatment-record/treatment-record.shared'
import { invoicesClient } from './services/billing/invoices/invoices.shared'
import { transactionsClient } from './services/billing/transactions/transactions.shared'
import { paymentHistoryClient } from './services/billing/payment-history/payment-history.shared'
import { invoicesSummaryClient } from './services/billing/invoices-summary/invoices-summary.shared'
import { reportsSummaryClient } from './services/reports/reports-summary/reports-summary.shared'
import { appointmentReportsClient } from './services/reports/appointment-reports/appointment-reports.shared'
import { customerReportsClient } from './services/reports/customer-reports/customer-reports.shared'
import { customerConversionFunnelReportsClient } from './services/reports/customer-conversion-funnel-reports/customer-conversion-funnel-reports.shared'
import { paymentReportsClient } from './services/reports/payment-reports/payment-reports.shared'
import { balanceReportsClient } from './services/reports/balance-reports/balance-reports.shared'
import { serviceReportsClient } from './services/reports/service-reports/service-reports.shared'
import { toppersClient } from './services/reports/toppers/toppers.shared'
import { expenseReportsClient } from './services/reports/expense-reports/expense-reports.shared'
import { notificationReportsClient } from './services/reports/notification-reports/notification-reports.shared'
import { historyReportsClient } from './services/reports/history-reports/history-reports.shared'
import { treatmentPlanReportsClient } from './services/reports/treatment-plan-reports/treatment-plan-reports.shared'
import { reportExportClient } from './services/reports/report-exports/report-exports.shared'
import { examClient } from './services/clinical/exam/exam.shared'
import { xraysClient } from './services/clinical/xrays/xrays.shared'
import { mediaClient } from './services/customers/media/media.shared'
import { mediaSummaryClient } from './services/customers/media-summary/media-summary.shared'
import { printTemplateClient } from './services/documents/print-templates/print-templates.shared'
import { documentClient } from './services/documents/documents/documents.shared'
import { documentSignatureClient } from './services/documents/document-signatures/document-signatures.shared'
import { documentPreviewClient } from './services/documents/document-previews/document-previews.shared'
import { diagnoseObjectivelyClient } from './services/clinical/diagnose-objectively/diagnose-objectively.shared'
import { manipulationsClient } from './services/clinical/manipulations/manipulations.shared'
import { presetsClient } from './services/clinical/presets/presets.shared'
import { healthCardClient } from './services/customers/health-card/health-card.shared'
import { perioClient } from './services/clinical/perio/perio.shared'
import { icdClient } from './services/clinical/icd/icd.shared'
import { icdImportClient } from './services/clinical/icd-import/icd-import.shared'
import { cdbClient } from './services/clinical/cdb/cdb.shared'
import { cdbImportClient } from './services/clinical/cdb-import/cdb-import.shared'
import { odbImportClient } from './services/clinical/odb-import/odb-import.shared'
import { diagnoseObjectivelyImportClient } from './services/clinical/diagnose-objectively-import/diagnose-objectively-import.shared'
import { manipulationsImportClient } from './services/clinical/manipulations-import/manipulations-import.shared'
import { bundleClient } from './services/catalogue/bundle/bundle.shared'
import { treatmentTemplatesClient } from './services/clinical/treatment-templates/treatment-templates.shared'
import { integrationClient } from './services/messaging/integrations/integrations.shared'
import { notificationTemplateClient } from './services/messaging/notification-templates/notification-templates.shared'
import { communicationClient } from './services/messaging/communications/communications.shared'
import { telegramClient } from './services/messaging/telegram/telegram.shared'
import { telegramIntegrationClient } from './services/messaging/telegram-integration/telegram-integration.shared'
import { whatsappIntegrationClient } from './services/messaging/whatsapp-integration/whatsapp-integration.shared'
import { expenseClient } from './services/billing/expense/expense.shared'
import { userBalanceHistoryClient } from './services/billing/user-balance-history/user-balance-history.shared'
import { userBalanceReportsClient } from './services/billing/user-balance-reports/user-balance-reports.shared'
import { zPaymentsClient } from './services/billing/z-payments/z-payments.shared'
import { onlinePaymentsClient } from './services/billing/online-payments/online-payments.shared'
import { cartClient } from './services/billing/cart/cart.shared'
import { posCartClient } from './services/billing/pos-cart/pos-cart.shared'
import { textTemplateClient } from './services/documents/text-templates/text-templates.shared'
import { taskClient } from './services/tasks/tasks/tasks.shared'
import { notificationClient } from './services/messaging/notification/notification.shared'
import { myNotificationClient } from './services/messaging/my-notifications/my-notifications.shared'
import { chatMessageClient } from './services/messaging/customer-chat-messages/customer-chat-messages.shared'
import { pushNotificationClient } from './services/messaging/push-notifications/push-notifications.shared'
import { dispatchClient } from './services/messaging/dispatch/dispatch.shared'
import { dispatcherClient } from './services/messaging/dispatcher/dispatcher.shared'
import { onlinePbxIntegrationClient } from './services/telephony/onlinepbx-integration/onlinepbx-integration.shared'
import { callClient } from './services/telephony/calls/calls.shared'
import { incomingCallClient } from './services/telephony/onlinepbx-incoming-call/onlinepbx-incoming-call.shared'

export const clientServices = [
  branchClient,
  companyClient,
  companyRegistrationClient,
  forceLogoutClient,
  sessionClient,
  roleClient,
  specialtyClient,
  userClient,
  authManagementClient,
  profileClient,
  myTeamClient,
  myCompanyClient,
  permissionsClient,
  customerClient,
  tagClient,
  sourceClient,
  trashClient,
  userActivityClient,
  customFieldClient,
  noteClient,
  cabinetTokenClient,
  customersMergeClient,
  serviceCategoryClient,
  serviceClient,
  bundleClient,
  treatmentTemplatesClient,
  workPlaceClient,
  timeTemplateClient,
  appointmentClient,
  waitingListClient,
  appointmentStatusHistoryClient,
  appointmentSlotsClient,
  appointmentCalendarClient,
  odbClient,
  toothClient,
  treatmentClient,
  treatmentPlanClient,
  treatmentRecordClient,
  invoicesClient,
  transactionsClient,
  paymentHistoryClient,
  invoicesSummaryClient,
  examClient,
  xraysClient,
  mediaClient,
  mediaSummaryClient,
  printTemplateClient,
  documentClient,
  documentSignatureClient,
  documentPreviewClient,
  diagnoseObjectivelyClient,
  manipulationsClient,
  presetsClient,
  healthCardClient,
  perioClient,
  icdClient,
  icdImportClient,
  cdbClient,
  cdbImportClient,
  odbImportClient,
  diagnoseObjectivelyImportClient,
  manipulationsImportClient,
  integrationClient,
  notificationTemplateClient,
  communicationClient,
  telegramClient,
  telegramIntegrationClient,
  whatsappIntegrationClient,
  expenseClient,
  userBalanceHistoryClient,
  userBalanceReportsClient,
  zPaymentsClient,
  onlinePaymentsClient,
  cartClient,
  posCartClient,
  textTemplateClient,
  taskClient,
  reportsSummaryClient,
  appointmentReportsClient,
  customerReportsClient,
  customerConversionFunnelReportsClient,
  paymentReportsClient,
  balanceReportsClient,
  serviceReportsClient,
  toppersClient,
  expenseReportsClient,
  notificationReportsClient,
  historyReportsClient,
  treatmentPlanReportsClient,
  reportExportClient,
  notificationClient,
  myNotificationClient,
  chatMessageClient,
  pushNotificationClient,
  pushNotificationClient,
  dispatchClient,
  dispatcherClient,
  onlinePbxIntegrationClient,
  callClient,
  incomingCallClient
] as const

type Declared = (typeof clientServices)[number]

/** Each path's service as the client calls it, from the declarations above. */
export type ClientServiceTypes = { [Service in Declared as Service['path']]: NonNullable<Service['service']> }
