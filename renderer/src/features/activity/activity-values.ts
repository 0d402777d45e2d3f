import { formatPhone } from '../../../../domain/validation/phone'

/** Names of the records that values refer to by id, per kind. */
export interface Lookups {
  people: Map<string, string>
  tags: Map<string, string>
  sources: Map<string, string>
  fields: Map<string, string>
  branches: Map<string, string>
  roles: Map<string, string>
  specialty: Map<string, string>
}

export interface ValueTexts {
  yes: string
  no: string
  date: (value: string) => string
  dateTime: (value: string) => string
}

/** Fields whose values are ids of another kind of record. */
const referenceOf: Record<string, keyof Lookups> = {
  sourceId: 'sources',
  tagIds: 'tags',
  branchId: 'branches',
  branchIds: 'branches',
  roleId: 'roles',
  specialtyId: 'specialty',
  fieldId: 'fields',
  userId: 'people',
  deletedBy: 'people',
  createdBy: 'people',
  endedBy: 'people'
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const MAX = 80

const cut = (value: string) => (value.length > MAX ? `${value.slice(0, MAX - 1)}…` : value)

/**
 * A value as a person reads it: a dash for nothing, yes/no, names instead of ids, the phone in
 * its display format, dates by locale, custom fields by their names; long texts cut.
 */
export function valueText(field: string, value: unknown, lookups: Lookups, texts: ValueTexts): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? texts.yes : texts.no
  const reference = referenceOf[field]
  if (reference) {
    const ids = Array.isArray(value) ? value : [value]
    if (ids.length === 0) return '—'
    return cut(ids.map((id) => lookups[reference].get(String(id)) ?? String(id)).join(', '))
  }
  if (field === 'phone' && typeof value === 'string') return formatPhone(value)
  if (field === 'customFields' && typeof value === 'object' && !Array.isArray(value)) {
    const parts = Object.entries(value as Record<string, unknown>).map(([id, item]) => `${lookups.fields.get(id) ?? id}: ${valueText('', item, lookups, texts)}`)
    return parts.length ? cut(parts.join('; ')) : '—'
  }
  if (field === 'showIf' && typeof value === 'object') {
    const condition = value as { fieldId?: string; equals?: unknown }
    return cut(`${lookups.fields.get(String(condition.fieldId)) ?? condition.fieldId} = ${valueText('', condition.equals, lookups, texts)}`)
  }
  if (Array.isArray(value)) return value.length ? cut(value.map((item) => valueText('', item, lookups, texts)).join(', ')) : '—'
  if (typeof value === 'string' && DAY.test(value)) return texts.date(value)
  if (typeof value === 'string' && INSTANT.test(value)) return texts.dateTime(value)
  return cut(typeof value === 'object' ? JSON.stringify(value) : String(value))
}
