import type { Knex } from 'knex'

/**
 * Issue 19, the treatment plans report (docs/decisions/reports.md): plans of a period go by their
 * consultation day, for every branch or one. The plans' indexes serve a patient's plans
 * (`companyId, customerId, createdAt`) and the front desk's list (`companyId, needsBooking`).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('treatment_plans', (table) => {
    table.index(['companyId', 'consultationDate'], 'treatment_plans_company_day')
    table.index(['companyId', 'branchId', 'consultationDate'], 'treatment_plans_company_branch_day')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('treatment_plans', (table) => {
    table.dropIndex(['companyId', 'branchId', 'consultationDate'], 'treatment_plans_company_branch_day')
    table.dropIndex(['companyId', 'consultationDate'], 'treatment_plans_company_day')
  })
}
