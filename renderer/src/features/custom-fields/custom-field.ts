export type { CustomField, CustomFieldData, CustomFieldPatch } from '../../../../server/src/services/customers/fields/fields.shared'
export { customFieldTypes, optionFieldTypes, type CustomFieldType, type CustomFieldShowIf } from '../../../../domain/customers/custom-fields'

/** A condition's value as a person reads it: yes/no for a checkbox, else as written. */
export function conditionText(value: unknown, yes: string, no: string): string {
  if (value === true) return yes
  if (value === false) return no
  return value === null || value === undefined ? '—' : String(value)
}
