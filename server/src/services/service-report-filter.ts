import type { Knex } from 'knex'

/**
 * What the services report and the toppers ask of the areas whose rows they sum (billing's
 * invoice lines, clinical's treatments done), beside the period's `ReportFilter`
 * (report-filter.ts): one line of a table narrows the rows to a service, a category or the
 * patient's source, each an id or `none` (no service, no category, no source recorded).
 */
export interface ServiceNarrowing {
  serviceId?: string
  categoryId?: string
  sourceId?: string
}

/** How a grouped read splits its figure: per service (with its category), per doctor or per the patient's source. */
export type ServiceGrain = 'service' | 'doctor' | 'source'

/** One group of a grouped read: its key (null: none) and, per service, the category and the name the lines copied. */
export interface ServiceGroup {
  key: string | null
  categoryId: string | null
  /** The name the lines copied (the service may have left the catalogue since). */
  name: string
  /** The figure: units or minor units. */
  value: number
}

/** One row behind a number: a treatment done or an invoice line. */
export interface ServiceRow {
  _id: string
  day: string
  branchId: string
  customerId: string
  doctorId: string | null
  serviceId: string | null
  serviceName: string
  /** The invoice's number of a line; null for a treatment. */
  invoice: string | null
  quantity: number
  /** What the row is worth: a treatment's price × quantity, a line's amount less the patient's discount. */
  amount: number
  /** What it adds to the figure (units or minor units). */
  value: number
}

/** `column = value`, or `column is null` for `none`. */
export function whereKey(query: Knex.QueryBuilder, column: string, value: string | undefined) {
  if (value === 'none') query.whereNull(column)
  else if (value !== undefined) query.where(column, value)
}
