import type { Knex } from 'knex'

/**
 * The company's customers with their source (`_id`, `sourceId`) as a table another area's report
 * joins (the appointments report's "per source"), so that area never names `customers` itself.
 * A customer not found (removed) joins as no source.
 */
export const customerSourcesTable = (db: Knex, companyId: string) => db('customers').select('_id', 'sourceId').where({ companyId })
