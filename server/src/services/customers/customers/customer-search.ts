import type { Knex } from 'knex'
import { parseCustomerSearch, prefixEnd, reverseDigits } from '../../../../../domain/customers/search-terms'
import { nationalPhoneStarts } from '../../../../../domain/customers/national-phone'

/** Hidden search columns (see the customers migration), by the name they normalise. */
const NAME_COLUMNS = ['searchFirst', 'searchLast', 'searchMiddle'] as const
/** The shortest phone term matched by its last digits when the caller may not see phones. */
export const HIDDEN_PHONE_MIN_SUFFIX = 9

export interface SearchOptions {
  companyId: string | undefined
  /** The branches the query is confined to (the caller's, or the client's own filter), if listed. */
  branchIds: string[] | undefined
  /**
   * The caller may not see phones (phone protection): a phone term must name a whole number
   * (or its last nine digits or more), so phones cannot be read out digit by digit.
   */
  wholePhonesOnly: boolean
  /** The table's knex, to build sub-queries. */
  db: Knex
  /** The query counts the matches (`total`) rather than reading a page of them. */
  counting: boolean
}

/**
 * A find with `$search` counts at most this many matches past the page it asks for: a common
 * prefix matches thousands of a million customers, and counting them all was most of the
 * search's time. The answer then says `total: <the cap>` with `totalCapped: true` ("1,000+"
 * on screen), and a next page may exist past `total`.
 */
export const SEARCH_COUNT_CAP = 1000

/** The most a search's count reads for a page at `skip` of `limit`: the cap, or past the page. */
export const searchCountCap = (skip: number, limit: number) => Math.max(SEARCH_COUNT_CAP, skip + limit)

/** True when `term` is a search the service applies (a word or digits), not empty or punctuation. */
export const isCustomerSearch = (term: unknown): term is string => typeof term === 'string' && parseCustomerSearch(term).kind !== 'none'

/** One indexed condition: a prefix of a column, as a range, or the column's exact value. */
type Match = { column: string; prefix: string } | { column: string; equals: string }

/** A row matches a term when, for every group, it meets one of the group's matches. */
function matchGroups(term: string, wholePhonesOnly: boolean): Match[][] | null {
  const search = parseCustomerSearch(term)
  if (search.kind === 'none') return null
  if (search.kind === 'phone') {
    const { digits } = search
    const reversed: Match = { column: 'phoneReversed', prefix: reverseDigits(digits) }
    // Digits typed without the country code ("90 889") also start a national number: the
    // same range on the phone index, with each calling code in front (national-phone.ts).
    const national = nationalPhoneStarts(term)
    if (wholePhonesOnly) {
      const whole = [digits, ...national].map((number): Match => ({ column: 'phone', equals: number }))
      return [[...whole, ...(digits.length >= HIDDEN_PHONE_MIN_SUFFIX ? [reversed] : [])]]
    }
    return [[{ column: 'phone', prefix: digits }, reversed, ...national.map((start): Match => ({ column: 'phone', prefix: start }))]]
  }
  // Every word must start one of the three names, in any order; longest (likely rarest) first.
  const words = [...search.words].sort((a, b) => b.length - a.length)
  return words.map((word) => NAME_COLUMNS.map((column) => ({ column, prefix: word })))
}

/** A prefix as a range, so it reads one index range on (companyId, column). */
function where(builder: Knex.QueryBuilder, match: Match) {
  const column = `customers.${match.column}`
  if ('equals' in match) return builder.where(column, match.equals)
  return builder.where(column, '>=', match.prefix).andWhere(column, '<', prefixEnd(match.prefix))
}

/**
 * Adds `$search` to a customers query: names by word prefixes, or phones by digits. Every match
 * reads an index on (companyId, search column, branchId), in the shape each engine reads best:
 * - a group is an OR whose branches each name the company and one range: SQLite unions them
 *   ("MULTI-INDEX OR"), PostgreSQL bitmap-ORs them; the planner drives by one group and checks
 *   the others on the rows it finds;
 * - each name index holds all three name columns (the covering-search migration), so for a
 *   term of several words the other words are checked in the index entry of the driving one,
 *   and the customer's row is read only when it matches every word;
 * - PostgreSQL reads a UNION ALL of one index range per column of the first word instead (each
 *   arm leaving out what earlier arms found, the other words checked in the arm): a bitmap cannot
 *   stop at the page's 20 rows (for a common name the planner would rather read the table until
 *   20 match), and it reads every candidate's row. The arms of a count, and the arms that pick
 *   the ids of a page of several words, are index-only scans (the indexes include the other
 *   name columns and `_id`), so a customer's row is read only once it matches every word.
 */
export function applyCustomerSearch(builder: Knex.QueryBuilder, term: unknown, options: SearchOptions) {
  if (typeof term !== 'string') return
  const groups = matchGroups(term, options.wholePhonesOnly)
  if (!groups) return
  const { db, companyId, branchIds } = options
  // Each OR branch names the company (and the branches, checked from the index's last column).
  const company = (branch: Knex.QueryBuilder) => {
    if (companyId) branch.where('customers.companyId', companyId)
    return branchIds ? branch.whereIn('customers.branchId', branchIds) : branch
  }
  const anyOf = (target: Knex.QueryBuilder, group: Match[]) => target.where((any) => group.forEach((match) => any.orWhere((branch) => where(company(branch), match))))
  const postgres = db.client.config.client === 'pg'

  if (!postgres) {
    for (const group of groups) anyOf(builder, group)
    return
  }
  const [group, ...others] = groups
  // One arm per column of the first word; `columns` is what each arm gives.
  const arms = (columns: string) =>
    group.map((match, at) => {
      const arm = company(db('customers').select(columns))
      where(arm, match)
      for (const earlier of group.slice(0, at)) arm.whereNot((not) => where(not, earlier))
      for (const other of others) anyOf(arm, other)
      return arm
    })
  if (options.counting || others.length === 0) {
    const all = arms('customers.*')
    builder.from(all[0].unionAll(all.slice(1)).as('customers'))
    return
  }
  const ids = arms('customers._id')
  builder.whereIn('customers._id', ids[0].unionAll(ids.slice(1)))
}
