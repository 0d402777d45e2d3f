import type { UserActivity } from '../../../../server/src/services/audit/user-activities/user-activities.shared'

export type { UserActivity as ActivityEntry }

/** One line of "what changed": a field set on create, or changed from one value to another. */
export interface Change {
  field: string
  /** Where a nested setting sits ('settings.calendar'); absent for a record's own field. */
  parent?: string
  from?: unknown
  to: unknown
  /** set: a new record's value (no "from"); changed: a patch or update. */
  kind: 'set' | 'changed'
}

/** An entry as the log shows it: what was done, to which kind of record, which one, the changes. */
export interface ActivitySummary {
  /** create, patch, update, remove, or a service's own action (restore, purge, passwordChange). */
  action: string
  service: string
  title: string | null
  changes: Change[]
}

type Row = Record<string, unknown>
/**
 * What an action entry holds besides its action: which record of which service, its title, and
 * for an exam the patient, the version and the exams read; for an X-ray the patient, its type,
 * the X-rays read and whether the dose totals were. Never record fields like a tooth.
 */
const actionKeys = new Set(['action', 'service', 'recordId', 'title', 'customerId', 'version', 'examIds', 'type', 'xrayIds', 'doseTotals'])
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)

/** A record's display text from the fields at hand: its name, a person's names, or its title. */
export function titleFrom(values: Row): string | null {
  const person = [values.last_name, values.first_name, values.middle_name].map(text).filter(Boolean).join(' ')
  return text(values.name) || person || text(values.title) || null
}

/**
 * Reads an entry's `changes` (user-activities.schema.ts): create keeps the fields set, patch and
 * update `{ field: { from, to } }`, remove the record's title; some services log an `action`
 * instead (the trash: restore or purge of another service's record).
 */
export function summarize(entry: Pick<UserActivity, 'method' | 'service' | 'changes'>): ActivitySummary {
  const changes = (entry.changes ?? {}) as Row
  // An action entry holds nothing but the action and what it was about; a record's own `action`
  // field (a chart event's add or remove) is a field like any other.
  if (typeof changes.action === 'string' && Object.keys(changes).every((key) => actionKeys.has(key))) {
    return { action: changes.action, service: text(changes.service) || entry.service, title: text(changes.title) || null, changes: [] }
  }
  if (entry.method === 'remove') return { action: 'remove', service: entry.service, title: text(changes.title) || null, changes: [] }
  if (entry.method === 'create') {
    const set = Object.entries(changes).filter(([, value]) => !isEmpty(value) && value !== false)
    return { action: 'create', service: entry.service, title: titleFrom(changes), changes: set.map(([field, to]) => ({ field, to, kind: 'set' })) }
  }
  const changed = Object.entries(changes).flatMap(([field, value]) => {
    const pair = (value ?? {}) as { from?: unknown; to?: unknown }
    return changedFields(field, pair.from, pair.to)
  })
  const after = Object.fromEntries(changed.filter((change) => !change.parent).map((change) => [change.field, change.to]))
  return { action: entry.method, service: entry.service, title: titleFrom(after), changes: changed }
}

/** Fields that are maps of separately named settings (a schedule is one value, shown whole). */
const mapsOfSettings = new Set(['settings', 'modules'])
const isPlainObject = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A change of a map of settings (the company's settings, its modules) as the settings that
 * changed in it, each by its own name: "Tooth numbering: FDI → American", not two JSON texts.
 */
function changedFields(field: string, from: unknown, to: unknown, parent?: string): Change[] {
  const isMap = parent !== undefined || mapsOfSettings.has(field)
  if (!isMap || !isPlainObject(from) || !isPlainObject(to)) return [{ field, ...(parent ? { parent } : {}), from, to, kind: 'changed' }]
  const path = parent ? `${parent}.${field}` : field
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])]
  return keys
    .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]))
    .flatMap((key) => changedFields(key, from[key], to[key], path))
}

/** The translation key of a change's field name: a module by its name, a calendar setting by its label. */
export function fieldLabelKey(change: Pick<Change, 'field' | 'parent'>): string {
  if (change.parent === 'modules') return `modules.${change.field}`
  if (change.parent === 'settings.calendar') return `calendarSettings.${change.field}`
  return `activity.fieldNames.${change.field}`
}
