import type { Knex } from 'knex'

/**
 * Issue 19, the services report and the toppers (docs/decisions/reports.md): treatments done are
 * counted by the visit's company-local day over a period, for every branch or for one; the
 * treatments table had only per-patient and per-visit indexes. Invoice lines need none: they are
 * reached from the invoices of the period (`invoices_company_day`) by `invoice_lines_invoice`.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('treatments', (table) => {
    table.index(['companyId', 'visitDate'], 'treatments_company_day')
    table.index(['companyId', 'branchId', 'visitDate'], 'treatments_branch_day')
  })
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('treatments', (table) => {
    table.dropIndex(['companyId', 'branchId', 'visitDate'], 'treatments_branch_day')
    table.dropIndex(['companyId', 'visitDate'], 'treatments_company_day')
  })
}
