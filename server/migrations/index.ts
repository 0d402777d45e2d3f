import type { Knex } from 'knex'
import * as identity from './20261121080000_identity'
import * as customers from './20261121090000_customers'
import * as customerRecords from './20261121090100_customer_records'
import * as trashActivity from './20261121090200_trash_activity'
import * as appointments from './20261121110000_appointments'
import * as catalogue from './20261122100000_catalogue'
import * as trashOwner from './20261123090000_trash_owner'
import * as customerSearchCovering from './20261125090000_customer_search_covering'
import * as icdCdb from './20261125100000_icd_cdb'
import * as clinicalDictionaries from './20261125110000_clinical_dictionaries'
import * as toothChart from './20261125120000_tooth_chart'
import * as healthCard from './20261125130000_health_card'
import * as exams from './20261126100000_exams'
import * as perio from './20261126110000_perio'
import * as treatmentsDone from './20261126120000_treatments_done'
import * as treatmentPlans from './20261127100000_treatment_plans'
import * as bundles from './20261127110000_bundles'
import * as textTemplates from './20261129090000_text_templates'
import * as media from './20261127120000_media'
import * as xrays from './20261127130000_xrays'
import * as outbox from './20261127140000_outbox'
import * as appointmentLongHolds from './20261128090000_appointment_long_holds'
import * as billing from './20261128100000_billing'
import * as expenses from './20261128150000_expenses'
import * as branchInvoicePrefix from './20261128180000_branch_invoice_prefix'
import * as payouts from './20261128190000_payouts'
import * as cashDesk from './20261128193000_cash_desk'
import * as customerChat from './20261130150000_customer_chat'
import * as onlinePayments from './20261128194000_online_payments'
import * as posCheckouts from './20261128170000_pos_checkouts'
import * as mediaExpenseOwner from './20261129010000_media_expense_owner'
import * as documents from './20261129100000_documents'
import * as documentSignatures from './20261129120000_document_signatures'
import * as documentDay from './20261129120400_document_day'
import * as telegram from './20261129120200_telegram'
import * as smsProviders from './20261130160000_sms_providers'
import * as payoutReportIndex from './20261201120000_payout_report_index'
import * as outboxReportIndexes from './20261202120000_outbox_report_indexes'
import * as clientKeys from './20261203100000_client_keys'
import * as reportExports from './20261204100000_report_exports'
import * as visitDayStats from './20261204200000_visit_day_stats'
import * as moneyDayStats from './20261204400000_money_day_stats'
import * as payoutDayStats from './20261205100000_payout_day_stats'
import * as visitSourceDayStats from './20261205200000_visit_source_day_stats'
import * as lineDayStats from './20261205300000_line_day_stats'
import * as paymentDayStats from './20261205400000_payment_day_stats'
import * as visitNextDays from './20261206100000_visit_next_days'
import * as customersRegisteredIndex from './20261206110000_customers_registered_index'
import * as appointmentCustomerStatus from './20261206200000_appointment_customer_status'
import * as debtSpans from './20261206300000_debt_spans'
import * as treatmentPlanReportIndexes from './20261206500000_treatment_plan_report_indexes'
import * as planDayStats from './20261207100000_plan_day_stats'
import * as funnelStepIndexes from './20261207200000_funnel_step_indexes'
import * as funnelReach from './20261208100000_funnel_reach'
import * as planVisitEnds from './20261208200000_plan_visit_ends'
import * as reportIndexes from './20261129120500_report_indexes'
import * as appointmentMoves from './20261130100000_appointment_moves'
import * as treatmentReportIndexes from './20261201100000_treatment_report_indexes'
import * as whatsapp from './20261130130000_whatsapp'
import * as dispatch from './20261130140000_dispatch'
import * as staffNotifications from './20261129120300_staff_notifications'
import * as tasks from './20261129090000_tasks'
import * as serviceRequiresConsent from './20261129120100_service_requires_consent'
import * as telephony from './20261202100000_telephony'

interface Migration {
  up: (db: Knex) => Promise<void>
  down: (db: Knex) => Promise<void>
}

/**
 * Migrations are imported, not globbed from disk, so the same list runs under tsx, jest and a
 * bundled build. Add new ones at the end; the name is the timestamp-prefixed file name.
 */
const migrations: Array<[string, Migration]> = [
  ['20261121080000_identity', identity],
  ['20261121090000_customers', customers],
  ['20261121090100_customer_records', customerRecords],
  ['20261121090200_trash_activity', trashActivity],
  ['20261121110000_appointments', appointments],
  ['20261122100000_catalogue', catalogue],
  ['20261123090000_trash_owner', trashOwner],
  ['20261125090000_customer_search_covering', customerSearchCovering],
  ['20261125100000_icd_cdb', icdCdb],
  ['20261125110000_clinical_dictionaries', clinicalDictionaries],
  ['20261125120000_tooth_chart', toothChart],
  ['20261125130000_health_card', healthCard],
  ['20261126100000_exams', exams],
  ['20261126110000_perio', perio],
  ['20261126120000_treatments_done', treatmentsDone],
  ['20261127100000_treatment_plans', treatmentPlans],
  ['20261127110000_bundles', bundles],
  ['20261127120000_media', media],
  ['20261127130000_xrays', xrays],
  ['20261127140000_outbox', outbox],
  ['20261128090000_appointment_long_holds', appointmentLongHolds],
  ['20261128100000_billing', billing],
  ['20261128150000_expenses', expenses],
  ['20261128170000_pos_checkouts', posCheckouts],
  ['20261128180000_branch_invoice_prefix', branchInvoicePrefix],
  ['20261128190000_payouts', payouts],
  ['20261128193000_cash_desk', cashDesk],
  ['20261128194000_online_payments', onlinePayments],
  ['20261129010000_media_expense_owner', mediaExpenseOwner],
  ['20261129090000_tasks', tasks],
  ['20261129090000_text_templates', textTemplates],
  ['20261129100000_documents', documents],
  ['20261129120000_document_signatures', documentSignatures],
  ['20261129120100_service_requires_consent', serviceRequiresConsent],
  ['20261129120200_telegram', telegram],
  ['20261129120300_staff_notifications', staffNotifications],
  ['20261129120400_document_day', documentDay],
  ['20261129120500_report_indexes', reportIndexes],
  ['20261130100000_appointment_moves', appointmentMoves],
  ['20261130130000_whatsapp', whatsapp],
  ['20261130140000_dispatch', dispatch],
  ['20261130150000_customer_chat', customerChat],
  ['20261130160000_sms_providers', smsProviders],
  ['20261201100000_treatment_report_indexes', treatmentReportIndexes],
  ['20261201120000_payout_report_index', payoutReportIndex],
  ['20261202100000_telephony', telephony],
  ['20261202120000_outbox_report_indexes', outboxReportIndexes],
  ['20261203100000_client_keys', clientKeys],
  ['20261204100000_report_exports', reportExports],
  ['20261204200000_visit_day_stats', visitDayStats],
  ['20261204400000_money_day_stats', moneyDayStats],
  ['20261205100000_payout_day_stats', payoutDayStats],
  ['20261205200000_visit_source_day_stats', visitSourceDayStats],
  ['20261205300000_line_day_stats', lineDayStats],
  ['20261205400000_payment_day_stats', paymentDayStats],
  ['20261206100000_visit_next_days', visitNextDays],
  ['20261206110000_customers_registered_index', customersRegisteredIndex],
  ['20261206200000_appointment_customer_status', appointmentCustomerStatus],
  ['20261206300000_debt_spans', debtSpans],
  ['20261206500000_treatment_plan_report_indexes', treatmentPlanReportIndexes],
  ['20261207100000_plan_day_stats', planDayStats],
  ['20261207200000_funnel_step_indexes', funnelStepIndexes],
  ['20261208100000_funnel_reach', funnelReach],
  ['20261208200000_plan_visit_ends', planVisitEnds]
]

export const migrationSource: Knex.MigrationSource<[string, Migration]> = {
  getMigrations: async () => migrations,
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration
}
