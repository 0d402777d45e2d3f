import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { recordOptions, type RecordParams } from '../../record.class'
import { NameSearchService, nameSearchFilters } from '../../name-search.class'
import type { Bundle, BundleData, BundleItem, BundlePatch, BundleQuery } from './bundle.schema'

export type { Bundle, BundleData, BundleItem, BundlePatch, BundleQuery }
export type BundleParams = RecordParams & { query?: BundleQuery }

/** Bundles of catalogue services: records found by name; the rules are in bundle-rules.ts. */
export class BundleService extends NameSearchService<Bundle, BundleData, BundleParams, BundlePatch> {}

export const bundleServiceOptions = (app: Application) => recordOptions(app, 'bundles', { filters: nameSearchFilters })
export const bundleRowShape = { json: ['items'], boolean: ['archived'], hidden: ['searchName'] }

/** The catalogue's read of bundles for other areas (treatment templates): which of these are archived or missing. */
export async function unusableBundleIds(db: Knex, companyId: string, bundleIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(bundleIds)]
  if (ids.length === 0) return new Set()
  const rows = (await db('bundles').select('_id', 'archived').whereIn('_id', ids).andWhere({ companyId })) as Array<{ _id: string; archived: boolean | number }>
  const active = new Set(rows.filter((row) => !row.archived).map((row) => row._id))
  return new Set(ids.filter((id) => !active.has(id)))
}
