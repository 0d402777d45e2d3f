import type { CustomFieldRecord } from '../customers/customer-types'

/** A custom field's value as text for the profile card. */
export function customFieldText(field: CustomFieldRecord, value: unknown, words: { yes: string; no: string }, date: (value: string) => string): string {
  if (Array.isArray(value)) return value.join(', ')
  if (field.type === 'checkbox' || typeof value === 'boolean') return value ? words.yes : words.no
  if (field.type === 'date' && typeof value === 'string') return date(value)
  return String(value)
}
