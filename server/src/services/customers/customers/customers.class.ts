/* eslint-disable @typescript-eslint/no-explicit-any */
import type { NullableId, Paginated } from '@feathersjs/feathers'
import { errorHandler } from '@feathersjs/knex'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { createOnce } from '../../client-keys'
import { normalizeName, reverseDigits } from '../../../../../domain/customers/search-terms'
import { applyCustomerSearch, isCustomerSearch, searchCountCap } from './customer-search'
import { regexOperator } from './customer-regex'
import { applyDuplicateMatch } from './customer-duplicates'
import { phoneHiddenFor } from './customer-phone'
import type { Customer, CustomerData, CustomerPatch, CustomerQuery } from './customers.schema'

export type { Customer, CustomerData, CustomerPatch, CustomerQuery }
/**
 * A page of customers. With `$search`, `totalCapped` says whether `total` stopped at the count's
 * cap (customer-search.ts, SEARCH_COUNT_CAP): true means "at least `total`", and more pages may
 * follow; false means `total` is exact. A find without `$search` counts exactly and has no flag.
 */
export type CustomerPage = Paginated<Customer> & { totalCapped?: boolean }

export type CustomerParams = RecordParams & {
  query?: CustomerQuery
  /** Internal: the query being built counts matches for `total` (see customer-search.ts). */
  counting?: boolean
}

/** The hidden columns derived from what a record's data sets (kept in step on every write). */
export function searchColumns(data: Record<string, unknown>): Record<string, string> {
  const columns: Record<string, string> = {}
  if (typeof data.first_name === 'string') columns.searchFirst = normalizeName(data.first_name)
  if (typeof data.last_name === 'string') columns.searchLast = normalizeName(data.last_name)
  if (typeof data.middle_name === 'string') columns.searchMiddle = normalizeName(data.middle_name)
  if (typeof data.phone === 'string') columns.phoneReversed = reverseDigits(data.phone)
  return columns
}

/** A `branchId` condition that names its branches (what the branch scope leaves), as a list. */
function listedBranches(condition: unknown): string[] | undefined {
  if (typeof condition === 'string') return [condition]
  const list = (condition as { $in?: unknown } | undefined)?.$in
  return condition && Object.keys(condition).length === 1 && Array.isArray(list) ? (list as string[]) : undefined
}

const withSearchColumns = (data: any) => (data && typeof data === 'object' && !Array.isArray(data) ? { ...data, ...searchColumns(data) } : data)

/**
 * Customers. `$search` matches names by word prefixes or phones by digits, on indexed hidden
 * columns (customer-search.ts), and `$duplicateOf` the records a new one may repeat
 * (customer-duplicates.ts); the columns are written here, below the hooks, so every write,
 * a trash recovery or a merge included, keeps them right.
 */
export class CustomerService extends RecordService<Customer, CustomerData, CustomerParams, CustomerPatch> {
  override createQuery(params: CustomerParams = {} as CustomerParams) {
    const { $search, $duplicateOf, ...query } = (params.query ?? {}) as CustomerQuery
    const builder = super.createQuery({ ...params, query } as CustomerParams)
    const companyId = query.companyId as string | undefined
    const branchIds = listedBranches(query.branchId)
    applyDuplicateMatch(builder, $duplicateOf, { companyId, branchIds })
    applyCustomerSearch(builder, $search, {
      companyId,
      branchIds,
      wholePhonesOnly: phoneHiddenFor(params),
      db: this.Model,
      counting: params.counting === true
    })
    return builder
  }

  /**
   * The statement behind `total`: `count(*)` (which SQLite answers from the search indexes
   * alone, where `count(_id)` reads every matching row) over a query the search may shape
   * differently from the page's. With `cap`, it counts at most `cap + 1` matches (a LIMIT in a
   * sub-query), so a common search term stops counting early.
   */
  countQuery(params: CustomerParams, cap?: number) {
    const matches = this.createQuery({ ...params, counting: true }).clearSelect().clearOrder()
    if (cap === undefined) return matches.count({ total: '*' })
    return this.db(params)
      .from(matches.select(this.Model.raw('1')).limit(cap + 1).as('matches'))
      .count({ total: '*' })
  }

  /**
   * The adapter's find, with the count built for counting (countQuery); the count runs only
   * when the page cannot tell the total (RecordService.paged). A `$search` counts at most
   * searchCountCap(skip, limit) matches: past it, `total` is the cap and `totalCapped` true.
   */
  override async _find(params: CustomerParams = {} as CustomerParams): Promise<CustomerPage | Customer[]> {
    const { filters, paginate } = this.filterQuery(params)
    const builder = this.createQuery(params)
    if (filters.$limit) builder.limit(filters.$limit)
    if (filters.$skip) builder.offset(filters.$skip)
    const page = () => (filters.$limit === 0 ? Promise.resolve([]) : (builder.catch(errorHandler) as Promise<any[]>))
    if (!paginate || !paginate.default) return this.decode(await page())
    const cap = isCustomerSearch((params.query as { $search?: unknown } | undefined)?.$search) ? searchCountCap(filters.$skip || 0, filters.$limit ?? 0) : undefined
    const count = () =>
      this.countQuery(params, cap)
        .catch(errorHandler)
        .then((rows: Array<{ total: number | string }>) => Number(rows[0]?.total ?? 0))
    const result = await this.paged(params, filters, page, count)
    if (cap === undefined) return this.decode(result)
    // A count past the cap stopped there; a page that told its total is exact.
    return this.decode({ ...result, total: Math.min(result.total, cap), totalCapped: result.total > cap })
  }

  /** Once per client key (client-keys.ts). */
  override async _create(data: any, params?: CustomerParams): Promise<any> {
    if (Array.isArray(data)) return super._create(data.map(withSearchColumns), params)
    return createOnce<Customer>(this, data.companyId, params, (inTrx) => super._create(withSearchColumns(data), inTrx))
  }

  override async _patch(id: NullableId, data: any, params?: CustomerParams): Promise<any> {
    return super._patch(id, withSearchColumns(data), params)
  }

  override async _update(id: NullableId, data: any, params?: CustomerParams): Promise<any> {
    return super._update(id, withSearchColumns(data), params)
  }
}

export const customerServiceOptions = (app: Application) =>
  recordOptions(app, 'customers', {
    filters: { $search: (value: unknown) => value, $duplicateOf: (value: unknown) => value },
    extendedOperators: { $regex: regexOperator(app.get('db').client.config.client) }
  })

export const customerRowShape = {
  json: ['tagIds', 'notificationChannels', 'customFields'],
  boolean: ['blacklisted', 'smsConsent', 'promoSmsConsent', 'archived', 'medicalAlert'],
  hidden: ['searchFirst', 'searchLast', 'searchMiddle', 'phoneReversed']
}
