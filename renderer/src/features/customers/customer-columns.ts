/**
 * The list's optional columns and the choice remembered on this device. The name column is
 * always there; the rest the person picks.
 */
export const customerColumns = ['phone', 'email', 'birthdate', 'gender', 'tags', 'source', 'balance', 'debt', 'discount', 'status', 'createdAt'] as const
export type CustomerColumn = (typeof customerColumns)[number]

export const defaultColumns: CustomerColumn[] = ['phone', 'birthdate', 'tags', 'debt', 'status']
export const COLUMNS_STORAGE_KEY = 'customers.columns'

/** A stored choice, or the default when nothing (or nothing readable) is stored. Unknown names are dropped. */
export function parseColumns(raw: string | null): CustomerColumn[] {
  if (!raw) return defaultColumns
  try {
    const value: unknown = JSON.parse(raw)
    if (!Array.isArray(value)) return defaultColumns
    const known = value.filter((item): item is CustomerColumn => customerColumns.includes(item as CustomerColumn))
    // Kept in the table's own order, whatever order they were stored in.
    return customerColumns.filter((column) => known.includes(column))
  } catch {
    return defaultColumns
  }
}
