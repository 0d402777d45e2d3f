import { isCustomFieldShown } from '../../../../domain/customers/custom-fields'
import type { CustomFieldRecord } from './customer-types'

/**
 * The custom fields to show for these values, in their order: the domain rule the server uses
 * (no condition, or the field it depends on is shown and has the expected value).
 */
export function visibleCustomFields(fields: CustomFieldRecord[], values: Record<string, unknown> | undefined): CustomFieldRecord[] {
  return fields.filter((field) => isCustomFieldShown(field, values ?? {}, fields))
}

/** A value worth showing on the profile card (empty answers are left out). */
export function hasValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false
  if (Array.isArray(value)) return value.length > 0
  return true
}
