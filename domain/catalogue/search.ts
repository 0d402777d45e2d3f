import { normalizeName, prefixEnd } from '../customers/search-terms'

/** The longest `$search` term the catalogue accepts. */
export const MAX_CATALOGUE_SEARCH = 100

/**
 * A service's name or code as its hidden search column holds it: lower case, ё as е, single
 * spaces (as customer names are). A `$search` term normalised alike matches as a prefix range.
 */
export function normalizeCatalogueText(value: string | null | undefined): string {
  return normalizeName(value ?? '')
}

/** The normalised term and the end of its range, or null for a blank term. */
export function catalogueSearchRange(term: string): { from: string; to: string } | null {
  const from = normalizeCatalogueText(term.slice(0, MAX_CATALOGUE_SEARCH))
  return from ? { from, to: prefixEnd(from) } : null
}
