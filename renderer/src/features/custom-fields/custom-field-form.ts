import { optionFieldTypes, type CustomField, type CustomFieldData, type CustomFieldPatch, type CustomFieldType } from './custom-field'

/** The form's shape: the condition is two flat fields so each can carry its own error. */
export interface CustomFieldFormValues {
  name: string
  type: CustomFieldType
  values: string[]
  showIfFieldId?: string | null
  showIfValue?: string | number | boolean
  useInProfileCard: boolean
}

/** Server error paths and the form fields they belong to. */
export const formFieldOfPath: Record<string, keyof CustomFieldFormValues> = {
  name: 'name',
  type: 'type',
  values: 'values',
  showIf: 'showIfFieldId',
  'showIf.fieldId': 'showIfFieldId',
  'showIf.equals': 'showIfValue',
  useInProfileCard: 'useInProfileCard'
}

export function toForm(field: CustomField | null): CustomFieldFormValues {
  if (!field) return { name: '', type: 'text', values: [], showIfFieldId: null, showIfValue: undefined, useInProfileCard: false }
  return {
    name: field.name,
    type: field.type,
    values: field.values ?? [],
    showIfFieldId: field.showIf?.fieldId ?? null,
    showIfValue: field.showIf?.equals,
    useInProfileCard: field.useInProfileCard
  }
}

/** What to send: the type only on create (it is chosen once), options only for select types. */
export function fromForm(values: CustomFieldFormValues, isNew: true): CustomFieldData
export function fromForm(values: CustomFieldFormValues, isNew: false): CustomFieldPatch
export function fromForm(values: CustomFieldFormValues, isNew: boolean): CustomFieldData | CustomFieldPatch {
  const common: CustomFieldPatch = {
    name: values.name.trim(),
    values: optionFieldTypes.includes(values.type) ? values.values : [],
    showIf: values.showIfFieldId && values.showIfValue !== undefined ? { fieldId: values.showIfFieldId, equals: values.showIfValue } : null,
    useInProfileCard: values.useInProfileCard
  }
  return isNew ? { ...common, type: values.type, name: common.name as string } : common
}
