import { clientService } from '../../../client-service'
import type { InvoicesSummaryService } from './invoices-summary.class'

export type { InvoicesSummary, InvoicesSummaryQuery, InvoiceStateTotals } from './invoices-summary.schema'

/**
 * `invoices-summary`: totals of the invoices issued in a date range (company-local days, both
 * included), for one branch or every branch the caller sees: billed, paid, due, written off,
 * and the same by state. Find only; resource `invoices-summary` (spec section 6).
 */
export const invoicesSummaryPath = 'invoices-summary'
export const invoicesSummaryMethods = ['find'] as const
export type InvoicesSummaryClientService = Pick<InvoicesSummaryService, (typeof invoicesSummaryMethods)[number]>
/** The longest range one call sums (a year and a day). */
export const SUMMARY_MAX_DAYS = 367
export const invoicesSummaryClient = clientService<InvoicesSummaryClientService>()(invoicesSummaryPath, invoicesSummaryMethods)
