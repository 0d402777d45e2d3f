import type { ServiceData, ServiceRecord } from './catalogue-types'

/** What the service form edits: the price in major units (people type "150.50", not 15050). */
export interface ServiceFormValues {
  name: string
  code?: string | null
  description?: string | null
  categoryId?: string | null
  duration: number
  bufferTime: number
  price: number
  public: boolean
  staticPrice: boolean
  staticDuration: boolean
  /** Marked done only with the patient's signed consent for it (while the company's setting is on). */
  requiresConsent: boolean
  color?: unknown
  archived: boolean
}

export const serviceLimits = { durationMin: 5, durationMax: 720, bufferMax: 240 } as const

/** Form fields a server error path may name; anything else goes to a toast. */
export const serviceFormFields = ['name', 'code', 'description', 'categoryId', 'duration', 'bufferTime', 'price', 'public', 'staticPrice', 'staticDuration', 'requiresConsent', 'color']

export function serviceToForm(record: ServiceRecord | null, defaults: { categoryId?: string | null; duration: number }): ServiceFormValues {
  if (!record) {
    return {
      name: '',
      code: null,
      description: null,
      categoryId: defaults.categoryId ?? null,
      duration: defaults.duration,
      bufferTime: 0,
      price: 0,
      public: true,
      staticPrice: false,
      staticDuration: false,
      requiresConsent: false,
      archived: false
    }
  }
  return {
    name: record.name,
    code: record.code,
    description: record.description,
    categoryId: record.categoryId,
    duration: record.duration,
    bufferTime: record.bufferTime,
    price: record.price / 100,
    public: record.public,
    staticPrice: record.staticPrice,
    staticDuration: record.staticDuration,
    requiresConsent: record.requiresConsent ?? false,
    color: record.color ?? undefined,
    archived: record.archived
  }
}

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null)

/** Form to service data: trimmed texts (empty is null), whole minutes, price in minor units. */
export function serviceFromForm(values: ServiceFormValues, color: string | null): Omit<ServiceData, 'rank'> {
  return {
    name: values.name.trim(),
    code: text(values.code),
    description: text(values.description),
    categoryId: values.categoryId || null,
    duration: Math.round(values.duration),
    bufferTime: Math.round(values.bufferTime ?? 0),
    // Rounding avoids 19.99 * 100 = 1998.9999…
    price: Math.round((values.price ?? 0) * 100),
    public: Boolean(values.public),
    staticPrice: Boolean(values.staticPrice),
    staticDuration: Boolean(values.staticDuration),
    requiresConsent: Boolean(values.requiresConsent),
    color,
    archived: Boolean(values.archived)
  }
}

/** "1 h 30 min" style parts; the caller translates the units. */
export function durationParts(minutes: number): { hours: number; minutes: number } {
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 }
}

/** Services of one category (or of none) in catalogue order, matching the search. */
export function groupServices<T extends Pick<ServiceRecord, 'categoryId' | 'rank' | 'name'>>(services: T[], categoryIds: string[]): Map<string | null, T[]> {
  const known = new Set(categoryIds)
  const groups = new Map<string | null, T[]>()
  for (const id of categoryIds) groups.set(id, [])
  groups.set(null, [])
  for (const item of services) {
    const key = item.categoryId && known.has(item.categoryId) ? item.categoryId : null
    groups.get(key)?.push(item)
  }
  for (const list of groups.values()) list.sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name))
  return groups
}

/** Client-side match of a search term (the server does the same with $search; this keeps typing instant). */
export function matchesSearch(item: Pick<ServiceRecord, 'name' | 'code'>, term: string): boolean {
  const needle = term.trim().toLocaleLowerCase()
  if (!needle) return true
  return item.name.toLocaleLowerCase().includes(needle) || Boolean(item.code?.toLocaleLowerCase().includes(needle))
}

/** New ranks after moving one item up or down: the whole list numbered 0, 1, 2…; only changes returned. */
export function reorder<T extends { _id: string; rank: number }>(list: T[], index: number, direction: -1 | 1): { id: string; rank: number }[] {
  const target = index + direction
  if (target < 0 || target >= list.length) return []
  const next = [...list]
  ;[next[index], next[target]] = [next[target], next[index]]
  return next.flatMap((item, position) => (item.rank === position ? [] : [{ id: item._id, rank: position }]))
}
