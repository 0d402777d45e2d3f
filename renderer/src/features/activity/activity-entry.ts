import type { UserActivity } from '../../../../server/src/services/audit/user-activities/user-activities.shared'

export type { UserActivity as ActivityEntry }

/** One line of "what changed": a field set on create, or changed from one value to another. */
export interface Change {
  field: string
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
  if (typeof changes.action === 'string') {
    return { action: changes.action, service: text(changes.service) || entry.service, title: text(changes.title) || null, changes: [] }
  }
  if (entry.method === 'remove') return { action: 'remove', service: entry.service, title: text(changes.title) || null, changes: [] }
  if (entry.method === 'create') {
    const set = Object.entries(changes).filter(([, value]) => !isEmpty(value) && value !== false)
    return { action: 'create', service: entry.service, title: titleFrom(changes), changes: set.map(([field, to]) => ({ field, to, kind: 'set' })) }
  }
  const changed = Object.entries(changes).map(([field, value]) => {
    const pair = (value ?? {}) as { from?: unknown; to?: unknown }
    return { field, from: pair.from, to: pair.to, kind: 'changed' as const }
  })
  const after = Object.fromEntries(changed.map((change) => [change.field, change.to]))
  return { action: entry.method, service: entry.service, title: titleFrom(after), changes: changed }
}
