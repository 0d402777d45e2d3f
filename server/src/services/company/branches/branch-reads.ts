import type { Knex } from 'knex'

/** A branch's name, address and phone, for messages to patients (the branches service owns `branches`). */
export async function branchContact(db: Knex, companyId: string, branchId: string): Promise<{ name: string; address: string; phone: string } | undefined> {
  return db('branches').where({ _id: branchId, companyId }).first('name', 'address', 'phone')
}

/** What a branch's invoice numbers start with now (billing numbers its invoices with it). */
export async function branchInvoicePrefix(db: Knex, companyId: string, branchId: string): Promise<string | undefined> {
  const row = await db('branches').where({ _id: branchId, companyId }).first('invoicePrefix')
  return row ? String(row.invoicePrefix) : undefined
}

/** The ids of a company's branches in use (not archived): a report tells whether a caller's branches cover them all. */
export async function activeBranchIds(db: Knex, companyId: string): Promise<string[]> {
  return (await db('branches').where({ companyId, archived: false }).select('_id')).map((row: { _id: string }) => row._id)
}

/** The company's branches (or those named), not archived, the main one first then by name: for reports that list branches. */
export async function branchNames(db: Knex, companyId: string, branchIds: readonly string[] | null): Promise<Array<{ _id: string; name: string }>> {
  const query = db('branches').where({ companyId, archived: false })
  if (branchIds) query.whereIn('_id', [...branchIds])
  const rows = (await query.select('_id', 'name', 'isMain')) as Array<{ _id: string; name: string; isMain: unknown }>
  return rows
    .sort((a, b) => Number(Boolean(b.isMain)) - Number(Boolean(a.isMain)) || a.name.localeCompare(b.name))
    .map((row) => ({ _id: row._id, name: row.name }))
}
