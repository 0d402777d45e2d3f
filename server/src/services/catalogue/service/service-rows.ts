import type { Knex } from 'knex'

/** The catalogue's reads for other areas (the service service owns `services`), with the caller's database handle. */

/**
 * Time kept free after an appointment of these services: the longest buffer among them in the
 * catalogue (cleaning the chair happens once, however many treatments were done); 0 for none.
 */
export async function bufferMinutes(db: Knex, companyId: string, services: ReadonlyArray<{ serviceId: string }>): Promise<number> {
  const ids = [...new Set(services.map((service) => service.serviceId))]
  if (ids.length === 0) return 0
  const row = await db('services').whereIn('_id', ids).andWhere({ companyId }).max({ buffer: 'bufferTime' }).first()
  return Number(row?.buffer ?? 0)
}

/**
 * bufferMinutes as one column of another area's statement (a booking reads its look-ups in one
 * round trip): the scalar subquery, and how to read its value. Null when no service is named.
 */
export function bufferMinutesColumn(db: Knex, companyId: string, services: ReadonlyArray<{ serviceId: string }>): { query: Knex.QueryBuilder | null; read: (value: unknown) => number } {
  const ids = [...new Set(services.map((service) => service.serviceId))]
  const query = ids.length === 0 ? null : db('services').whereIn('_id', ids).andWhere({ companyId }).max('bufferTime')
  return { query, read: (value) => Number(value ?? 0) }
}

/**
 * The duration and the buffer (minutes) of each of these services of the company, in one read; a
 * service not of the company is missing from the map.
 */
export async function serviceTimes(db: Knex, companyId: string, serviceIds: readonly string[]): Promise<Map<string, { duration: number; bufferTime: number }>> {
  const ids = [...new Set(serviceIds)]
  if (ids.length === 0) return new Map()
  const rows = (await db('services').select('_id', 'duration', 'bufferTime').whereIn('_id', ids).andWhere({ companyId })) as Array<{ _id: string; duration: number; bufferTime: number | null }>
  return new Map(rows.map((row) => [row._id, { duration: Number(row.duration), bufferTime: Number(row.bufferTime ?? 0) }]))
}

/** What a treatment line copies from the catalogue when it is written (its snapshot). */
export interface ServiceSnapshot {
  name: string
  code: string | null
  /** Minor units. */
  price: number
  duration: number
  /** The price is fixed: a line may not charge another. */
  staticPrice: boolean
  /** Done only with a signed consent for it (while the company's setting is on). */
  requiresConsent: boolean
}

/** A service of the company as a line's snapshot; undefined when it is not the company's. */
export async function serviceSnapshot(db: Knex, companyId: string, serviceId: string): Promise<ServiceSnapshot | undefined> {
  const row = (await db('services').where({ _id: serviceId, companyId }).first('name', 'code', 'price', 'duration', 'staticPrice', 'requiresConsent')) as
    | { name: string; code: string | null; price: number | string; duration: number | string; staticPrice: boolean | number; requiresConsent: boolean | number }
    | undefined
  if (!row) return undefined
  return { name: row.name, code: row.code ?? null, price: Number(row.price), duration: Number(row.duration), staticPrice: Boolean(row.staticPrice), requiresConsent: Boolean(row.requiresConsent) }
}

/** Which of these services of the company are archived (a bundle or template may not add one). */
export async function archivedServiceIds(db: Knex, companyId: string, serviceIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(serviceIds)]
  if (ids.length === 0) return new Set()
  const rows = (await db('services').select('_id').whereIn('_id', ids).andWhere({ companyId, archived: true })) as Array<{ _id: string }>
  return new Set(rows.map((row) => row._id))
}

/** The category of each of these services of the company (null: none); a service not of the company is missing. */
export async function serviceCategoryIds(db: Knex, companyId: string, serviceIds: readonly string[]): Promise<Map<string, string | null>> {
  const ids = [...new Set(serviceIds)]
  if (ids.length === 0) return new Map()
  const rows = (await db('services').select('_id', 'categoryId').whereIn('_id', ids).andWhere({ companyId })) as Array<{ _id: string; categoryId: string | null }>
  return new Map(rows.map((row) => [row._id, row.categoryId ?? null]))
}

/**
 * The company's services with their category (`_id`, `categoryId`) as a table another area's
 * report joins (the services report groups invoice lines and treatments by category), so that
 * area never names `services` itself. A line whose service left the catalogue joins as no category.
 */
export const serviceCategoriesTable = (db: Knex, companyId: string) => db('services').select('_id', 'categoryId').where({ companyId })

/** The catalogue's names of these services and of these categories of the company (a report's labels); those not found are missing. */
export async function catalogueNames(db: Knex, companyId: string, serviceIds: readonly string[], categoryIds: readonly string[]): Promise<{ services: Map<string, string>; categories: Map<string, string> }> {
  const services = [...new Set(serviceIds)]
  const categories = [...new Set(categoryIds)]
  const [serviceRows, categoryRows] = await Promise.all([
    services.length === 0 ? [] : (db('services').where({ companyId }).whereIn('_id', services).select('_id', 'name') as Promise<Array<{ _id: string; name: string }>>),
    categories.length === 0 ? [] : (db('service_categories').where({ companyId }).whereIn('_id', categories).select('_id', 'name') as Promise<Array<{ _id: string; name: string }>>)
  ])
  return { services: new Map(serviceRows.map((row) => [row._id, row.name])), categories: new Map(categoryRows.map((row) => [row._id, row.name])) }
}
