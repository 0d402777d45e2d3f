import type { Knex } from 'knex'
import type { Application } from '../server/src/declarations'
import { databaseEngine } from '../server/src/db'
import { isCustomerSearch, searchCountCap } from '../server/src/services/customers/customers/customer-search'

type Sql = { sql: string; bindings: readonly unknown[] }

async function explain(db: Knex, { sql, bindings }: Sql): Promise<string> {
  if (databaseEngine(db) === 'postgres') {
    const result = await db.raw(`explain ${sql}`, bindings as never)
    return result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')
  }
  const rows = await db.raw(`explain query plan ${sql}`, bindings as never)
  return rows.map((row: { detail: string }) => row.detail).join('\n')
}

/**
 * The query plans of what `customers.find` runs for `query` (already scoped, as the hooks
 * leave it): the page (with its $limit) and the count behind `total`, built by the service
 * itself as its `_find` builds them.
 */
export async function customerFindPlans(app: Application, query: Record<string, unknown>): Promise<{ page: string; count: string }> {
  return findPlans(app, 'customers', { $limit: 20, ...query })
}

/** The same for any record service at `path`: the page of `query` (its $limit, default 50) and its count. */
export async function findPlans(app: Application, path: 'customers' | 'appointment', query: Record<string, unknown>): Promise<{ page: string; count: string }> {
  const service = app.service(path) as unknown as { createQuery: (params: never) => Knex.QueryBuilder; countQuery?: (params: never, cap?: number) => Knex.QueryBuilder }
  const { $limit = 50, ...rest } = query as { $limit?: number }
  const page = service.createQuery({ query: rest } as never).limit($limit)
  // The customers service counts a search's matches up to a cap (customers.class.ts).
  const count = service.countQuery
    ? service.countQuery({ query: rest } as never, isCustomerSearch((rest as { $search?: unknown }).$search) ? searchCountCap(0, $limit) : undefined)
    : service.createQuery({ query: rest, counting: true } as never).clearSelect().clearOrder().count({ total: '*' })
  const db = app.get('db')
  return { page: await explain(db, page.toSQL()), count: await explain(db, count.toSQL()) }
}

/** True when a plan reads all of the appointment table (or all of an index of it) rather than a range. */
export const scansAppointments = (plan: string) => /SCAN appointment\b|Seq Scan on appointment\b/.test(plan)

/** True when a plan reads all of the customers table (or all of an index of it) rather than a range. */
export const scansCustomers = (plan: string) => /SCAN customers|Seq Scan on customers|SEARCH customers USING (COVERING )?INDEX \S+ \(companyId=\?\)/.test(plan)
