import { minorToInput } from '../billing/money-input'
import { conditionLabelKey, isConditionCode, isToothCondition } from '../../../../domain/clinical/conditions'
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
  /** The patients, chairs, catalogue services and categories the page's entries name. */
  customers: Map<string, string>
  workPlaces: Map<string, string>
  catalogue: Map<string, string>
  categories: Map<string, string>
  /** The page's appointments, as their local date and time. */
  appointments: Map<string, string>
}

export interface ValueTexts {
  yes: string
  no: string
  date: (value: string) => string
  dateTime: (value: string) => string
  /** A length of time in minutes ("30 min"). */
  minutes: (value: number) => string
  /** A record the page could not name (removed since): said so, never shown by its id. */
  gone: string
  /** A coded value's words ("status" of an appointment: "Arrived"), or null when the field has no codes. */
  code: (service: string, field: string, value: string) => string | null
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
  endedBy: 'people',
  staffId: 'people',
  doctorId: 'people',
  assistantId: 'people',
  serviceId: 'catalogue',
  statusChangedBy: 'people',
  revokedBy: 'people',
  customerId: 'customers',
  workPlaceId: 'workPlaces',
  serviceIds: 'catalogue',
  userIds: 'people',
  categoryId: 'categories',
  appointmentId: 'appointments',
  openedBy: 'people',
  closedBy: 'people',
  assigneeId: 'people',
  doneBy: 'people'
}



/** Amounts of the money services: minor units in the record, shown as "1500.00", never "150000". */
const MONEY_SERVICES = new Set(['transactions', 'invoices', 'z-payments', 'expense', 'user-balance-history', 'online-payments'])
const MONEY_FIELDS = new Set(['amount', 'total', 'subtotal', 'discountAmount', 'vatAmount', 'paid', 'due', 'openingFloat', 'countedCash', 'expectedCash', 'overShort', 'cashIn', 'cashOut'])
const moneyText = (minor: number) => `${minor < 0 ? '−' : ''}${minorToInput(Math.abs(minor), false)}`

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DAY = /^\d{4}-\d{2}-\d{2}$/
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const MAX = 80

/** Lengths in minutes: a visit's or a service's duration, the buffer after it, a treatment's snapshot. */
const MINUTE_FIELDS = new Set(['duration', 'bufferTime', 'serviceDuration'])

const cut = (value: string) => (value.length > MAX ? `${value.slice(0, MAX - 1)}…` : value)

/** Working hours: "09:00" to "13:00". */
interface Interval {
  start: string
  end: string
}
const HOUR = /^\d{2}:\d{2}$/
const isInterval = (value: unknown): value is Interval => {
  const item = value as Partial<Interval> | null
  return typeof item === 'object' && item !== null && typeof item.start === 'string' && typeof item.end === 'string' && HOUR.test(item.start) && HOUR.test(item.end)
}
const hoursText = (intervals: unknown) => (Array.isArray(intervals) && intervals.length ? intervals.filter(isInterval).map((item) => `${item.start}–${item.end}`).join(', ') : '—')

/** A person's schedule: each weekday by its name with its hours, then the dates set apart ("—": not working). */
function scheduleText(value: { week?: unknown; dates?: unknown }, texts: ValueTexts, service: string): string {
  const entries = (map: unknown) => (typeof map === 'object' && map !== null ? Object.entries(map as Record<string, unknown>) : []).sort(([a], [b]) => a.localeCompare(b))
  const week = entries(value.week).map(([day, hours]) => `${texts.code(service, 'days', day) ?? day} ${hoursText(hours)}`)
  const dates = entries(value.dates).map(([day, hours]) => `${DAY.test(day) ? texts.date(day) : day} ${hoursText(hours)}`)
  return [...week, ...dates].join('; ') || '—'
}

/**
 * A value as a person reads it: a dash for nothing, yes/no, names instead of ids, the phone in
 * its display format, dates by locale, custom fields by their names; long texts cut.
 */
export function valueText(field: string, value: unknown, lookups: Lookups, texts: ValueTexts, service = ''): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? texts.yes : texts.no
  const reference = referenceOf[field]
  if (reference) {
    const ids = Array.isArray(value) ? value : [value]
    if (ids.length === 0) return '—'
    return cut(ids.map((id) => lookups[reference].get(String(id)) ?? texts.gone).join(', '))
  }
  if (MONEY_SERVICES.has(service) && MONEY_FIELDS.has(field) && typeof value === 'number') return moneyText(value)
  if (MINUTE_FIELDS.has(field) && typeof value === 'number') return texts.minutes(value)
  // Where a payment's money went: each part's amount (the invoices are named on the patient's card).
  if (field === 'allocations' && service === 'transactions' && Array.isArray(value)) {
    const parts = value.map((item) => (item as { amount?: unknown }).amount).filter((amount): amount is number => typeof amount === 'number')
    return parts.length ? cut(parts.map(moneyText).join(', ')) : '—'
  }
  const coded = (item: unknown) => (typeof item === 'string' || typeof item === 'number' ? texts.code(service, field, String(item)) : null)
  if (coded(Array.isArray(value) ? value[0] : value) !== null) {
    const items = Array.isArray(value) ? value : [value]
    return items.length ? cut(items.map((item) => coded(item) ?? String(item)).join(', ')) : '—'
  }
  // A treatment line's teeth: each tooth with its surfaces, "36 MO, 37".
  if (field === 'teeth' && Array.isArray(value)) {
    const teeth = value.map((item) => { const entry = item as { tooth?: unknown; surfaces?: unknown }; return `${String(entry.tooth ?? '')} ${Array.isArray(entry.surfaces) ? entry.surfaces.join('') : ''}`.trim() })
    return teeth.length ? cut(teeth.join(', ')) : '—'
  }
  // A doctor's share rules: each service's or category's name with its percent or fixed amount.
  if (field === 'rules' && service === 'user-balance-history' && Array.isArray(value)) {
    const rules = value.map((item) => {
      const rule = item as { serviceId?: string; categoryId?: string; percent?: number; amount?: number }
      const name = (rule.serviceId ? lookups.catalogue.get(rule.serviceId) : rule.categoryId ? lookups.categories.get(rule.categoryId) : undefined) ?? texts.gone
      return `${name}: ${rule.percent !== undefined ? `${rule.percent}%` : minorToInput(rule.amount ?? 0, false)}`
    })
    return rules.length ? cut(rules.join(', ')) : '—'
  }
  // A role's permissions: the resources it grants something on, by their names.
  if (field === 'permissions' && Array.isArray(value)) {
    const resources = value.map((item) => String((item as { resource?: unknown }).resource ?? '')).filter(Boolean)
    return resources.length ? cut(resources.map((resource) => texts.code(service, 'resource', resource) ?? resource).join(', ')) : '—'
  }
  // Booked services are copies of the catalogue's, each with its own name.
  if (field === 'services' && Array.isArray(value)) {
    return value.length ? cut(value.map((item) => String((item as { name?: unknown }).name ?? '')).filter(Boolean).join(', ')) : '—'
  }
  // A bundle's items: each catalogue service by its name, with its quantity ("Filling × 2").
  if (field === 'items' && Array.isArray(value)) {
    const items = value.map((item) => {
      const entry = item as { serviceId?: unknown; quantity?: unknown }
      const name = lookups.catalogue.get(String(entry.serviceId ?? '')) ?? texts.gone
      return typeof entry.quantity === 'number' && entry.quantity !== 1 ? `${name} × ${entry.quantity}` : name
    })
    return items.length ? cut(items.join(', ')) : '—'
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
  if (isInterval(value)) return `${value.start}–${value.end}`
  if (field === 'schedule' && typeof value === 'object' && !Array.isArray(value)) return cut(scheduleText(value as { week?: unknown; dates?: unknown }, texts, service))
  if (Array.isArray(value)) return value.length ? cut(value.map((item) => valueText('', item, lookups, texts)).join(', ')) : '—'
  // A link to a record the log has no names for (a cash shift, the payment a refund returns):
  // never its id; the entry's other fields say what happened.
  if (typeof value === 'string' && UUID.test(value)) return '—'
  if (typeof value === 'string' && DAY.test(value)) return texts.date(value)
  if (typeof value === 'string' && INSTANT.test(value)) return texts.dateTime(value)
  return cut(typeof value === 'object' ? JSON.stringify(value).replace(new RegExp(UUID.source.slice(1, -1), 'gi'), '…') : String(value))
}

/**
 * The translation key of a coded value (an appointment's status, a gender, a weekday), or null
 * when the field holds no code. `service`: the path whose record it is (statuses differ).
 */
export function codeKey(service: string, field: string, value: string): string | null {
  if (field === 'status' && service === 'appointment') return `appointmentStatus.${value}`
  if (field === 'status' && service === 'waiting-list') return `waitingList.status.${value}`
  if (field === 'gender') return `customer.gender.${value}`
  if (field === 'kind' && service === 'work-place') return `workPlaces.kinds.${value}`
  if (field === 'days' || field === 'workingDays') return `schedule.daysShort.${value}`
  if (field === 'resource') return `resources.${value}`
  if (field === 'status' && service === 'perio') return `perio.status.${value}`
  if (field === 'status' && service === 'exam') return `exam.statuses.${value}`
  if (field === 'toothNumbering') return `clinical.numbering.${value}`
  if (field === 'type' && service === 'fields') return `customFields.types.${value}`
  if (field === 'notificationChannels') return `customer.channel.${value}`
  if (field === 'channel' && (service === 'notification-templates' || service === 'communications')) return `messaging.channels.${value}`
  if (field === 'event' && (service === 'notification-templates' || service === 'communications')) return `messaging.events.${value}`
  if (field === 'language' && service === 'notification-templates') return `messaging.languages.${value}`
  if (field === 'category' && service === 'expense') return `expenses.categories.${value}`
  if (field === 'action' && service === 'user-balance-history') return `payouts.actions.${value}`
  if (field === 'method' && service === 'transactions') return `billing.methods.${value}`
  if (field === 'status' && service === 'transactions') return `billing.statuses.${value}`
  if (field === 'kind' && service === 'transactions') return `billing.kinds.${value}`
  if ((field === 'cancelReason' || field === 'closeReason') && (service === 'transactions' || service === 'invoices')) return `billing.reasons.${value}`
  if (field === 'method' && service === 'user-balance-history') return `payouts.methods.${value}`
  if (field === 'offeredIn' && service === 'text-templates') return `textTemplates.places.${value}`
  if (field === 'kind' && service === 'tasks') return `tasks.kinds.${value}`
  if (field === 'status' && service === 'tasks') return `tasks.statuses.${value}`
  if (field === 'status' && service === 'treatment-plan') return `treatmentPlan.status.${value}`
  if (service === 'tooth') return toothCodeKey(field, value)
  return null
}

/** A chart event's coded values: its finding, the tooth's condition, the finding's status, add or remove. */
function toothCodeKey(field: string, value: string): string | null {
  if (field === 'code' && isConditionCode(value)) return conditionLabelKey(value)
  if (field === 'condition' && isToothCondition(value)) return `clinical.condition.${value}`
  if (field === 'status') return `clinical.status.${value}`
  if (field === 'action') return `clinical.action.${value}`
  return null
}

/** Where the log finds a record's name by its service, when the entry itself carries none. */
const recordsOf: Record<string, keyof Lookups> = {
  appointment: 'appointments',
  customers: 'customers',
  users: 'people',
  'my-team': 'people',
  'work-place': 'workPlaces',
  service: 'catalogue',
  'service-categories': 'categories',
  tags: 'tags',
  sources: 'sources',
  fields: 'fields',
  branches: 'branches',
  roles: 'roles',
  specialty: 'specialty'
}

/** The name of the record an entry is about, from the lookups; null when not known (or removed). */
export function recordName(service: string, recordId: string | null, lookups: Lookups): string | null {
  const kind = recordsOf[service]
  return (kind && recordId && lookups[kind].get(recordId)) || null
}

/** Records that carry no name of their own and are named by their patient (an exam: "Viewed · Exam · Ivanov"). */
const namedByPatient = new Set(['exam'])

/** The name an entry shows: its record's, or for a patient's clinical record the patient's. */
export function entryRecordName(entry: { service: string; recordId: string | null; changes?: Record<string, unknown> | null }, lookups: Lookups): string | null {
  const own = recordName(entry.service, entry.recordId, lookups)
  if (own || !namedByPatient.has(entry.service)) return own
  const customerId = entry.changes?.customerId
  return typeof customerId === 'string' ? lookups.customers.get(customerId) ?? null : null
}
