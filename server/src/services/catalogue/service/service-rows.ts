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
