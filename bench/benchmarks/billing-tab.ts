import type { BenchContext } from '../context'
import { againstTheSameSql, captureQueries } from '../direct-sql'
import type { Measurement } from '../measure'
import { ADMIN_EMAIL } from '../seed-clinic'
import type { ClientApplication } from '../../server/src/client'
import { INVOICE_MAX_PAGE } from '../../server/src/services/billing/invoices/invoices.shared'
import { PAYMENT_HISTORY_MAX_PAGE } from '../../server/src/services/billing/payment-history/payment-history.shared'
import type { PaymentHistory } from '../../server/src/services/billing/payment-history/payment-history.schema'
import { INVOICE_ROW_COLUMNS } from '../../renderer/src/features/billing/billing-types'
import { billingHistoryFor, INVOICES, YEARS } from './billing-history'

/** Patients whose tab is opened, each with ten years of invoices and payments (issue 16's size). */
const PATIENTS = 10
/**
 * Patients of the main branch given the same history, the measured ones first: the other
 * patients' money fills the tables (about 120,000 invoices, 145,000 payments), so the plans are
 * those of a clinic's ledger. With the measured ten alone, PostgreSQL rightly reads the whole
 * 2,900 payments rather than look up 250 of them by key, and the plan check says nothing.
 */
const WITH_HISTORY = 500
const CALLS = 60
/** The statements of the tab's reads (the caller's session and role lookups are left out). */
const MONEY_TABLES = /from [`"](invoices|invoice_lines|transactions|allocations)[`"]/
/**
 * A money table read from start to end is a missing index; so is a whole company's index of it
 * (SQLite's `SEARCH ... (companyId=?)` alone: every invoice of the clinic, not the patient's).
 */
const scansMoney = (plan: string) =>
  /(SCAN|Seq Scan on) (invoices|invoice_lines|transactions|allocations)\b|SEARCH (invoices|invoice_lines|transactions|allocations) USING (COVERING )?INDEX \S+ \(companyId=\?\)/.test(plan)

/**
 * The reads of the patient card's billing tab as it opens (renderer/src/features/billing/
 * BillingTab.tsx), both at once: the invoices newest first, a page of INVOICE_MAX_PAGE with only
 * the list's columns (`$select` of INVOICE_ROW_COLUMNS: no lines, the standing computed), and
 * the payment history's balance and debt (usePaymentHistory with `$limit: 0`: no payments).
 */
async function openTab(client: ClientApplication, customerId: string): Promise<{ invoices: number; payments: number; debt: number; bytes: number }> {
  const [invoices, history] = await Promise.all([
    client.service('invoices').find({ query: { customerId, $select: [...INVOICE_ROW_COLUMNS], $sort: { createdAt: -1 as const }, $limit: INVOICE_MAX_PAGE } }),
    client.service('payment-history').find({ query: { customerId, $limit: 0 } }) as Promise<PaymentHistory>
  ])
  return { invoices: invoices.data.length, payments: history.total, debt: history.debt, bytes: JSON.stringify(invoices).length + JSON.stringify(history).length }
}

/**
 * Opening one invoice of the tab (InvoiceDetail): the whole invoice (its lines) and the payments
 * with a part on it, at once. Measured once per run for its size, not timed.
 */
async function openInvoice(client: ClientApplication, customerId: string, invoiceId: string): Promise<number> {
  const [invoice, payments] = await Promise.all([
    client.service('invoices').get(invoiceId),
    client.service('payment-history').find({ query: { customerId, invoiceId, $limit: PAYMENT_HISTORY_MAX_PAGE } }) as Promise<PaymentHistory>
  ])
  return JSON.stringify(invoice).length + JSON.stringify(payments).length
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

/**
 * Issue 16: opening a patient's billing tab with ten years of invoices (240 invoices, about 290
 * payments and refunds) at the dataset's size. Floor: the same reads straight to the driver.
 */
export async function benchBillingTab(context: BenchContext): Promise<Measurement> {
  const { db, dataset } = context
  const admin = await context.signIn(ADMIN_EMAIL)
  const everyone = ((await db('customers').where({ companyId: dataset.companyId, branchId: dataset.branchIds[0] }).orderBy('_id').limit(WITH_HISTORY).select('_id')) as Array<{ _id: string }>).map((row) => row._id)
  const written = await billingHistoryFor(db, dataset, admin, everyone)
  const patients = everyone.slice(0, PATIENTS)
  // The statements of one opening: as many whatever the history's length, or the reads are N+1.
  const { queries, result: first } = await captureQueries(db, MONEY_TABLES, () => openTab(admin, patients[0]))
  const newest = (await admin.service('invoices').find({ query: { customerId: patients[0], $select: [], $limit: 1 } })).data[0]
  const invoiceBytes = newest ? await openInvoice(admin, patients[0], newest._id) : 0
  const items = Array.from({ length: CALLS }, (_, index) => patients[index % patients.length])
  const { subject, floor, results, planNote } = await againstTheSameSql(db, MONEY_TABLES, items, (customerId) => openTab(admin, customerId), scansMoney, `billing-tab-${context.engine}`)
  const pages = Math.min(INVOICES, INVOICE_MAX_PAGE)
  const short = results.filter((read) => read.invoices < pages).length
  const [{ total }] = (await db('transactions').where({ companyId: dataset.companyId }).whereIn('customerId', patients).count({ total: '*' })) as Array<{ total: number | string }>
  return {
    name: `the billing tab of a patient with ${YEARS} years of invoices (${INVOICES} invoices, ${Math.round(Number(total) / patients.length)} payments; the list's columns and the balance and debt at once)`,
    engine: context.engine,
    subject,
    floorName: 'the same SQL on the driver',
    floor,
    notes: [
      `${CALLS} openings of ${patients.length} patients of the main branch (${everyone.length} patients have the same history, ${written} of them written this run); ${short === 0 ? `each read a page of ${pages} invoices (of ${first.payments} payments, only the balance and debt)` : `${short} read fewer!`}`,
      `${queries.length} statements on the money tables per opening; answers ${kB(first.bytes)} of JSON (opening one invoice, its lines and payments: ${kB(invoiceBytes)} more)`,
      planNote
    ]
  }
}
