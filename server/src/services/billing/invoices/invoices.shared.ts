import { clientService } from '../../../client-service'
import type { Invoice, InvoiceData, InvoiceLine, InvoicePatch, InvoiceQuery, InvoicesService } from './invoices.class'

export type { Invoice, InvoiceData, InvoiceLine, InvoicePatch, InvoiceQuery }

export const invoicesPath = 'invoices'
/** No update and no remove: an invoice is never replaced or deleted, it is cancelled (patch action). */
export const invoicesMethods = ['find', 'get', 'create', 'patch'] as const
export type InvoicesClientService = Pick<InvoicesService, (typeof invoicesMethods)[number]>

export const INVOICE_MAX_LINES = 200
export const INVOICE_MAX_PAGE = 200
export const MAX_INVOICE_NOTE = 2000
export const invoicesClient = clientService<InvoicesClientService>()(invoicesPath, invoicesMethods, { branchScoped: true })
