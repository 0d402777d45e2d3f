import type { MessageCode } from '../messages'

/**
 * Custom fields (spec: "custom field (values, show-if condition, use in profile card)"): the
 * company defines extra fields for its customers; a customer's `customFields` maps a field's
 * `_id` to its value. Pure rules shared by the server (which enforces them) and the renderer.
 */
export const customFieldTypes = ['text', 'number', 'date', 'select', 'multiselect', 'checkbox'] as const
export type CustomFieldType = (typeof customFieldTypes)[number]

/** Types whose values come from the definition's list of options. */
export const optionFieldTypes: readonly CustomFieldType[] = ['select', 'multiselect']

export const MAX_CUSTOM_TEXT_LENGTH = 2000
export const MAX_CUSTOM_OPTION_LENGTH = 200
export const MAX_CUSTOM_OPTIONS = 100

/** A value of one field: null clears it. */
export type CustomFieldValue = string | number | boolean | string[] | null

/**
 * Show a field only while another field has a value: `equals` is compared with the other
 * field's value; for a multiselect the field shows while the selection includes `equals`.
 */
export interface CustomFieldShowIf {
  fieldId: string
  equals: string | number | boolean
}

export interface CustomFieldDefinition {
  _id: string
  name: string
  type: CustomFieldType
  values: string[]
  showIf: CustomFieldShowIf | null
}

export interface CustomFieldProblem {
  code: MessageCode
  path: string
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day written `YYYY-MM-DD`. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const match = DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** True when `value` is a valid value of a field of this definition (null always is). */
export function isValidCustomFieldValue(value: unknown, definition: Pick<CustomFieldDefinition, 'type' | 'values'>): boolean {
  if (value === null) return true
  switch (definition.type) {
    case 'text':
      return typeof value === 'string' && value.length <= MAX_CUSTOM_TEXT_LENGTH
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'date':
      return isCalendarDate(value)
    case 'checkbox':
      return typeof value === 'boolean'
    case 'select':
      return typeof value === 'string' && definition.values.includes(value)
    case 'multiselect':
      return (
        Array.isArray(value) &&
        value.every((item) => typeof item === 'string' && definition.values.includes(item)) &&
        new Set(value).size === value.length
      )
    default:
      return false
  }
}

/**
 * Checks a customer's `customFields` against the company's definitions. Every key must be the
 * `_id` of a defined field and every value valid for that field's type (null clears a value).
 * Show-if conditions are not enforced here: a hidden field keeps its value, so switching the
 * condition back shows it again. Returns the first problem, with its path, or null.
 */
export function customFieldsProblem(values: unknown, definitions: readonly CustomFieldDefinition[]): CustomFieldProblem | null {
  if (values === undefined) return null
  if (!isPlainObject(values)) return { code: 'invalid-request', path: 'customFields' }
  const byId = new Map(definitions.map((definition) => [definition._id, definition]))
  for (const [fieldId, value] of Object.entries(values)) {
    const definition = byId.get(fieldId)
    if (!definition) return { code: 'custom-field-unknown', path: `customFields.${fieldId}` }
    if (!isValidCustomFieldValue(value, definition)) return { code: 'custom-field-invalid', path: `customFields.${fieldId}` }
  }
  return null
}

/**
 * Checks a field definition against the company's other fields: options for the option types
 * (non-empty, distinct, not blank), and a show-if condition that names another existing field,
 * compares with a value that field can hold, and does not close a loop of conditions.
 * `others` are the company's fields except this one.
 */
export function customFieldDefinitionProblem(definition: CustomFieldDefinition, others: readonly CustomFieldDefinition[]): CustomFieldProblem | null {
  if (optionFieldTypes.includes(definition.type)) {
    if (definition.values.length === 0) return { code: 'custom-field-values-required', path: 'values' }
    if (definition.values.some((value) => value.trim() === '')) return { code: 'custom-field-values-required', path: 'values' }
    if (new Set(definition.values).size !== definition.values.length) return { code: 'custom-field-values-duplicate', path: 'values' }
  }
  const showIf = definition.showIf
  if (!showIf) return null
  if (showIf.fieldId === definition._id) return { code: 'custom-field-show-if-invalid', path: 'showIf.fieldId' }
  const byId = new Map(others.filter((other) => other._id !== definition._id).map((other) => [other._id, other]))
  const target = byId.get(showIf.fieldId)
  if (!target) return { code: 'custom-field-show-if-invalid', path: 'showIf.fieldId' }
  if (!showIfValueFits(showIf.equals, target)) return { code: 'custom-field-show-if-value', path: 'showIf.equals' }
  // Follow the chain of conditions from the target: reaching this field again is a loop.
  const seen = new Set<string>()
  let current: CustomFieldDefinition | undefined = target
  while (current?.showIf) {
    const next: string = current.showIf.fieldId
    if (next === definition._id) return { code: 'custom-field-show-if-cycle', path: 'showIf.fieldId' }
    if (seen.has(next)) break
    seen.add(next)
    current = byId.get(next)
  }
  return null
}

/** The value a condition compares with must be one the target field can hold. */
function showIfValueFits(equals: unknown, target: CustomFieldDefinition): boolean {
  if (target.type === 'multiselect') return typeof equals === 'string' && target.values.includes(equals)
  return equals !== null && isValidCustomFieldValue(equals, target)
}

/**
 * True when a field is shown for these values: it has no condition, or the field it depends
 * on is itself shown and has the expected value (a multiselect: includes it).
 */
export function isCustomFieldShown(definition: CustomFieldDefinition, values: Record<string, unknown>, definitions: readonly CustomFieldDefinition[]): boolean {
  const byId = new Map(definitions.map((item) => [item._id, item]))
  const seen = new Set<string>()
  let current: CustomFieldDefinition | undefined = definition
  while (current?.showIf) {
    if (seen.has(current._id)) return false
    seen.add(current._id)
    const { fieldId, equals }: CustomFieldShowIf = current.showIf
    const value = values[fieldId]
    const matches = Array.isArray(value) ? value.includes(equals as string) : value === equals
    if (!matches) return false
    current = byId.get(fieldId)
    if (!current) return false
  }
  return true
}
