/**
 * A branch's invoice prefix (issue 16): what its invoice numbers start with ("CHL-17"). Capital
 * letters (Latin or Cyrillic) and digits, in parts joined by single dashes, at most ten in all,
 * so a printed number stays short and reads the same in every language.
 */
export const DEFAULT_INVOICE_PREFIX = 'INV'
export const INVOICE_PREFIX_MAX = 10
export const INVOICE_PREFIX_PATTERN = '^[A-Z0-9А-ЯЁ]+(-[A-Z0-9А-ЯЁ]+)*$'

const prefixRule = new RegExp(INVOICE_PREFIX_PATTERN)

/** What a person typed, as the prefix it would be: spaces gone, capitals. */
export function normalizeInvoicePrefix(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase()
}

export function isInvoicePrefix(value: string): boolean {
  return value.length <= INVOICE_PREFIX_MAX && prefixRule.test(value)
}
