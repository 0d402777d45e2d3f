import type { Knex } from 'knex'

/** The names of these sources of the company, for another area's report; a source not of the company is missing. */
export async function sourceNames(db: Knex, companyId: string, sourceIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(sourceIds)]
  if (ids.length === 0) return new Map()
  const rows = (await db('sources').where({ companyId }).whereIn('_id', ids).select('_id', 'name')) as Array<{ _id: string; name: string }>
  return new Map(rows.map((row) => [row._id, row.name]))
}
