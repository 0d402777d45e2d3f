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
}

/** A service of the company as a line's snapshot; undefined when it is not the company's. */
export async function serviceSnapshot(db: Knex, companyId: string, serviceId: string): Promise<ServiceSnapshot | undefined> {
  const row = (await db('services').where({ _id: serviceId, companyId }).first('name', 'code', 'price', 'duration', 'staticPrice')) as
    | { name: string; code: string | null; price: number | string; duration: number | string; staticPrice: boolean | number }
    | undefined
  if (!row) return undefined
  return { name: row.name, code: row.code ?? null, price: Number(row.price), duration: Number(row.duration), staticPrice: Boolean(row.staticPrice) }
}
