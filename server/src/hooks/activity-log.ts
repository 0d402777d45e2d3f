import { isDeepStrictEqual } from 'node:util'
import type { HookContext, NextFunction } from '../declarations'
import { newId, now } from './ids'
import { dbOf, WRITES } from './call-transaction'
import { RowCodec } from '../services/row-codec'
import { mayLeaveServer, recordTitle } from '../services/audit/trash/trash-rows'
import { manifestOf } from '../services/service-manifest'
import { isClientKeyReplay } from '../services/client-keys'

type Row = Record<string, unknown>

/**
 * What the activity log learns while an external write runs: RecordService fills `before` with
 * the row as it was, just before a patch or update of the record of `path` (the first one of
 * that path in the call: the record the call is about).
 */
export interface ActivityCapture {
  path: string
  before?: Row
}

declare module '@feathersjs/feathers' {
  interface Params {
    /** Set by the activity log on an external write; see ActivityCapture. */
    activity?: ActivityCapture
  }
}

export const USER_ACTIVITIES_TABLE = 'user_activities'
export const activityCodec = new RowCodec({ json: ['changes'] })

/** Columns every record has that say nothing about what a person changed. */
const BOOKKEEPING = new Set(['_id', 'companyId', 'createdAt', 'updatedAt', 'createdBy'])

/**
 * How a service's writes are logged when not by the default, declared in its manifest
 * (`activity`). Calls by nobody signed in (registration, password reset) are never logged: no
 * company, no person.
 */
export interface ActivityPolicy {
  /** Not logged at all (true), or not this call (a function answering true). */
  skip?: boolean | ((context: HookContext) => boolean)
  /** The record the entry is about, when not the result's `_id` or the call's id. */
  recordId?: (context: HookContext) => string | null
  /** The entry's `changes`, replacing the default (fields set, fields changed, or title). */
  changes?: (context: HookContext, result: Row) => Row
}

/**
 * The activity log (issue 4, item 5), one app-wide hook: every create, patch, update and remove
 * that a person makes from outside (params.provider set) is recorded once, after it succeeded,
 * as one insert. Nested internal calls it causes are not recorded (no provider; and a nested call
 * that kept the outer params finds the capture already set). Only the fields a client sees are
 * compared and kept: the keys of the service's external view (`context.dispatch`), minus the
 * columns that never leave the server. Values are the record's own; phones are hidden from
 * viewers when read (user-activities). The entry is written in the call's transaction
 * (call-transaction.ts): the change and its entry commit together or not at all.
 */
export async function activityLog(context: HookContext, next: NextFunction) {
  if (!context.params.provider || !WRITES.has(context.method) || context.params.activity) return next()
  const capture: ActivityCapture = { path: context.path }
  context.params.activity = capture
  await next()
  const rows = activityRows(context, capture)
  if (rows.length > 0) await dbOf(context.app, context.params)(USER_ACTIVITIES_TABLE).insert(rows.map((row) => activityCodec.toDb(row)))
}

function activityRows(context: HookContext, capture: ActivityCapture): Row[] {
  const identity = context.params.identity
  if (!identity || context.result === undefined || context.result === null) return []
  // A create answered with an earlier one's result by its client key wrote nothing (client-keys.ts).
  if (isClientKeyReplay(context.params)) return []
  const policy = manifestOf(context.path)?.activity ?? {}
  if (policy.skip === true || (typeof policy.skip === 'function' && policy.skip(context))) return []
  const results = (Array.isArray(context.result) ? context.result : [context.result]) as Row[]
  // A create of several records (a chart entry on several teeth) logs one row per record, each
  // from its own view: never the whole list as one record's fields.
  const views = (Array.isArray(context.dispatch) ? context.dispatch : context.dispatch ? [context.dispatch] : results) as Row[]
  return results.map((result, index) => {
    const view = views[index] ?? result
    const recordId = policy.recordId ? policy.recordId(context) : typeof result._id === 'string' ? result._id : context.id != null ? String(context.id) : null
    return {
      _id: newId(),
      companyId: identity.user.companyId,
      branchId: typeof result.branchId === 'string' ? result.branchId : null,
      userId: identity.user._id,
      service: context.path,
      method: context.method,
      recordId,
      changes: policy.changes ? policy.changes(context, result) : defaultChanges(context, result, view, capture.before),
      createdAt: now()
    }
  })
}

const orNull = (value: unknown) => (value === undefined ? null : value)

/**
 * create: the fields set; patch/update: `{ field: { from, to } }` for the fields that changed;
 * remove: the record's title. Only keys of the external view are considered.
 */
function defaultChanges(context: HookContext, result: Row, view: Row, before: Row | undefined): Row {
  if (context.method === 'remove') return { title: recordTitle(result) }
  const keys = Object.keys(view ?? {}).filter((key) => !BOOKKEEPING.has(key) && mayLeaveServer(key))
  const valueOf = (key: string) => orNull(key in result ? result[key] : view[key])
  if (context.method === 'create') return Object.fromEntries(keys.map((key) => [key, valueOf(key)]))
  const data = context.data !== null && typeof context.data === 'object' && !Array.isArray(context.data) ? (context.data as Row) : {}
  if (before) {
    // A patch changes only what it sets (after the service's data resolvers): comparing only
    // those keys also keeps values a service blanks for the caller from looking like changes.
    const touched = (key: string) => context.method !== 'patch' || key in data
    return Object.fromEntries(
      keys.filter((key) => touched(key) && key in before && !isDeepStrictEqual(before[key], valueOf(key))).map((key) => [key, { from: orNull(before[key]), to: valueOf(key) }])
    )
  }
  // A service that is not a record service: what the call sent, as the new values.
  return Object.fromEntries(keys.filter((key) => key in data).map((key) => [key, { from: null, to: valueOf(key) }]))
}

/** A person reading the same records again within this time is not logged again. */
export const READ_LOG_WINDOW_MS = 10 * 60 * 1000
const READ_LOG_MEMORY = 10_000
/** The last time each person's read (service, method, records) was logged, oldest first. */
const loggedReads = new Map<string, number>()

/** Whether this read repeats one logged within the window (and remembers it when it does not). */
function repeatsRecentRead(key: string, at: number): boolean {
  const last = loggedReads.get(key)
  if (last !== undefined && at - last < READ_LOG_WINDOW_MS) return true
  loggedReads.delete(key)
  loggedReads.set(key, at)
  if (loggedReads.size > READ_LOG_MEMORY) loggedReads.delete(loggedReads.keys().next().value!)
  return false
}

/**
 * A person's read of clinical records (issue 14, item 8: who viewed an exam): one row per call,
 * whatever it returned, written at once (a read has no transaction). Internal reads are never
 * logged. `changes` carries `action: 'view'` and what the log shows of the records read.
 * The same read again within READ_LOG_WINDOW_MS (a screen refetching after a colleague's change,
 * a tab opened twice) is not another row: the log says who viewed which records and first when,
 * not how often a screen refreshed. The memory is per server process; another instance may add
 * one more row, which is harmless.
 */
export async function logRead(context: HookContext, entry: { recordId: string | null; changes: Row }): Promise<void> {
  const identity = context.params.identity
  if (!context.params.provider || !identity) return
  const readKey = JSON.stringify([identity.user._id, context.path, context.method, entry.recordId, entry.changes])
  if (repeatsRecentRead(readKey, Date.now())) return
  const row = {
    _id: newId(),
    companyId: identity.user.companyId,
    branchId: null,
    userId: identity.user._id,
    service: context.path,
    method: context.method,
    recordId: entry.recordId,
    changes: { action: 'view', ...entry.changes },
    createdAt: now()
  }
  await dbOf(context.app, context.params)(USER_ACTIVITIES_TABLE).insert(activityCodec.toDb(row))
}
