/**
 * The list's address and its query to the `customers` service, as pure functions (unit-tested in
 * tests/renderer/customer-query.test.ts). The filter lives in the path
 * (/people/customers/filter/{filter}); search, sort and page live in the search params.
 */
export const customerFilters = ['all', 'blacklisted', 'debtors', 'balance', 'recent', 'unscheduled', 'archived'] as const
export type CustomerFilter = (typeof customerFilters)[number]

export const customerSorts = ['name', 'created'] as const
export type CustomerSort = (typeof customerSorts)[number]

export const PAGE_SIZE = 25
/** "Recently added" looks back this many days. */
export const RECENT_DAYS = 30
/** Longer terms are cut: the server matches at most three words anyway. */
export const MAX_SEARCH_LENGTH = 100

/** The part of a `customers` page the list's count and pager read. */
export interface ListTotal {
  total: number
  /** A search's count stopped at the server's cap: there are at least `total` (customers.class.ts). */
  totalCapped?: boolean
}

/**
 * The list's count and pager from a page. A capped count reads "1,000+" (`atLeast`), and the
 * pager offers the page past it, so a capped search can still be paged on: the server counts
 * further as the pages go further.
 */
export function listTotal(page: ListTotal, pageSize: number = PAGE_SIZE): { count: number; atLeast: boolean; pagerTotal: number } {
  const atLeast = page.totalCapped === true
  return { count: page.total, atLeast, pagerTotal: atLeast ? page.total + pageSize : page.total }
}

/** The header's "25 customers", or "1,000+ customers" for a capped count (numbers formatted by the language). */
export function countLabel(page: ListTotal, t: (key: string, options: Record<string, unknown>) => string, formatNumber: (value: number) => string): string {
  return page.totalCapped ? t('customers.countAtLeast', { number: formatNumber(page.total) }) : t('customers.count', { count: page.total })
}

export function parseFilter(value: string | undefined): CustomerFilter {
  return customerFilters.includes(value as CustomerFilter) ? (value as CustomerFilter) : 'all'
}

export function parseSort(value: string | null): CustomerSort {
  return customerSorts.includes(value as CustomerSort) ? (value as CustomerSort) : 'name'
}

export function parsePage(value: string | null): number {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 ? page : 1
}

/** Where a filter lives: "all" is the plain list. */
export function filterPath(filter: CustomerFilter): string {
  return filter === 'all' ? '/people/customers' : `/people/customers/filter/${filter}`
}

/**
 * The conditions of each filter. Merged records are archived (spec section 4), so every filter
 * but "archived" leaves them out with `archived: false`.
 */
export function filterConditions(filter: CustomerFilter, now: Date = new Date()): Record<string, unknown> {
  switch (filter) {
    case 'blacklisted':
      return { archived: false, blacklisted: true }
    case 'debtors':
      return { archived: false, debt: { $gt: 0 } }
    case 'balance':
      return { archived: false, balance: { $gt: 0 } }
    case 'recent':
      return { archived: false, createdAt: { $gte: new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString() } }
    case 'archived':
      return { archived: true }
    // "Accepted but not scheduled" (issue 15): the patients of plans waiting for a booking, by id (customerListQuery).
    default:
      return { archived: false }
  }
}

/** A stable sort: equal names (or instants) fall back to the time-ordered id. */
export function sortQuery(sort: CustomerSort): Record<string, 1 | -1> {
  return sort === 'created' ? { createdAt: -1, _id: -1 } : { last_name: 1, first_name: 1, _id: 1 }
}

/** Spaces collapsed, trimmed and capped: what the server gets as `$search` (empty means none). */
export function searchTerm(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_LENGTH).trim()
}

export interface ListState {
  filter: CustomerFilter
  search: string
  sort: CustomerSort
  page: number
}

/**
 * One page of the list. "Recently added" is rounded to the day so the query (and so its cache
 * key) stays the same while the person types or pages.
 */
export function customerListQuery(state: ListState, now: Date = new Date(), waitingIds: readonly string[] = []): Record<string, unknown> {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const term = searchTerm(state.search)
  return {
    ...filterConditions(state.filter, day),
    ...(state.filter === 'unscheduled' ? { _id: { $in: [...waitingIds] } } : {}),
    ...(term ? { $search: term } : {}),
    $sort: sortQuery(state.sort),
    $limit: PAGE_SIZE,
    $skip: (Math.max(1, state.page) - 1) * PAGE_SIZE
  }
}
