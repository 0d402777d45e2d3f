import type { BenchContext } from '../context'
import { againstTheSameSql } from '../direct-sql'
import { searchTerms } from '../customers-terms'
import { statsOf, type Measurement } from '../measure'
import { ADMIN_EMAIL } from '../seed-clinic'
import { scansCustomers } from '../query-plan'

const PER_KIND = 40

/**
 * customers.find({ $search, $limit: 20 }) as the administrator (the whole base: every branch),
 * over terms of eight kinds (names Latin and Cyrillic, one to three words in any order, phone
 * starts, endings, whole numbers and national starts without the country code) built from
 * customers that exist. Floor: the same
 * statements the service sent (page and count), straight to the driver.
 */
export async function benchCustomerSearch(context: BenchContext): Promise<Measurement> {
  const client = await context.signIn(ADMIN_EMAIL)
  const terms = searchTerms(context.dataset.customerSample, PER_KIND)
  const { subject, floor, results, planNote } = await againstTheSameSql(context.db, /from [`"]customers[`"]/, terms, ({ term }) =>
    client.service('customers').find({ query: { $search: term, $limit: 20 } }),
    scansCustomers,
    `customer-search-${context.engine}`
  )
  const matches = results.reduce((sum, page) => sum + page.total, 0)
  const kinds = [...new Set(terms.map((term) => term.kind))]
  const byKind = kinds.map((kind) => {
    const at = terms.flatMap((term, index) => (term.kind === kind ? [index] : []))
    const product = statsOf(at.map((index) => subject.byIndex![index]), 0)
    const direct = statsOf(at.map((index) => floor.byIndex![index]), 0)
    return `${kind}: median ${product.median.toFixed(2)} ms, p95 ${product.p95.toFixed(2)} ms (SQL ${direct.median.toFixed(2)} / ${direct.p95.toFixed(2)})`
  })
  return {
    name: 'customers $search (administrator, every branch)',
    engine: context.engine,
    subject,
    floorName: 'the same SQL (page and count) on the driver',
    floor,
    notes: [`${terms.length} terms of ${kinds.length} kinds, ${Math.round(matches / terms.length)} matches on average, $limit 20`, ...byKind, planNote]
  }
}
