import { offlineKinds, type ConflictReason, type OfflineDaySnapshot, type OfflineOperation, type OfflineRecord, type OutboxOutcome } from './offline-types'

/*
 * Strict checks of what the page hands the main process for the offline store: a value of the
 * wrong shape is refused (null), never stored. The page is our own, but it is a web page loaded
 * from a server: the main process trusts its messages' origin, not their contents.
 */

type Json = Record<string, unknown>

/** A client key: what the server takes as `clientKey` (8 to 64 letters, digits, `-` or `_`). */
const KEY = /^[A-Za-z0-9_-]{8,64}$/
const DAY = /^\d{4}-\d{2}-\d{2}$/
const MAX_ID = 128
const MAX_RECORDS = 20_000
/** One write's JSON; a note or a visit is a few kB. */
const MAX_OPERATION_BYTES = 256 * 1024
/** The whole day's JSON: a busy branch's two days with cards and the price list. */
const MAX_SNAPSHOT_BYTES = 64 * 1024 * 1024
const conflictReasons: readonly ConflictReason[] = ['slot-taken', 'changed-on-both-sides', 'removed', 'refused']

/** A plain JSON object (structured clone would also carry Dates, Maps, typed arrays…). */
function isJsonObject(value: unknown): value is Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** Survives JSON unchanged in shape (no functions, Dates, cycles), within `maxBytes`. */
function isJsonWithin(value: unknown, maxBytes: number): boolean {
  try {
    const text = JSON.stringify(value)
    return typeof text === 'string' && text.length <= maxBytes && sameJson(value, JSON.parse(text))
  } catch {
    return false
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === null || typeof a !== 'object') return a === b
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, index) => sameJson(item, b[index]))
  if (!isJsonObject(a) || !isJsonObject(b)) return false
  const keys = Object.keys(a).filter((key) => a[key] !== undefined)
  return keys.length === Object.keys(b).length && keys.every((key) => sameJson(a[key], b[key]))
}

const isString = (value: unknown, max = MAX_ID): value is string => typeof value === 'string' && value.length > 0 && value.length <= max
const isInstant = (value: unknown): value is string => isString(value, 40) && !Number.isNaN(Date.parse(value))

export const isClientKey = (value: unknown): value is string => typeof value === 'string' && KEY.test(value)
/** A server id, or `offline:<key>` of a record made offline. */
export const isRecordId = (value: unknown): value is string => isString(value)

function isRecord(value: unknown): value is OfflineRecord {
  return (
    isJsonObject(value) &&
    (offlineKinds as readonly unknown[]).includes(value.kind) &&
    isRecordId(value._id) &&
    isJsonObject(value.data) &&
    Object.keys(value).every((key) => ['kind', '_id', 'data'].includes(key))
  )
}

export function isSnapshot(value: unknown): value is OfflineDaySnapshot {
  if (!isJsonObject(value)) return false
  const { companyId, branchId, userId, days, timeZone, savedAt, records } = value
  return (
    isRecordId(companyId) &&
    isRecordId(branchId) &&
    isRecordId(userId) &&
    Array.isArray(days) &&
    days.length > 0 &&
    days.length <= 7 &&
    days.every((day) => typeof day === 'string' && DAY.test(day)) &&
    isString(timeZone, 64) &&
    isInstant(savedAt) &&
    Array.isArray(records) &&
    records.length <= MAX_RECORDS &&
    records.every(isRecord) &&
    Object.keys(value).length === 7 &&
    isJsonWithin(value, MAX_SNAPSHOT_BYTES)
  )
}

export function isOperation(value: unknown): value is OfflineOperation {
  if (!isJsonObject(value) || !isClientKey(value.key) || !isJsonObject(value.data)) return false
  const { kind, action } = value
  let fields: string[]
  if (action === 'create' && (kind === 'appointment' || kind === 'customer' || kind === 'note' || kind === 'payment')) fields = ['key', 'kind', 'action', 'data']
  else if (action === 'patch' && (kind === 'appointment' || kind === 'customer')) {
    // A patch names its record and the base of each field it changes (the conflict check's).
    if (!isRecordId(value.id) || !isJsonObject(value.base)) return false
    const changed = Object.keys(value.data)
    if (changed.length === 0 || !Object.keys(value.base).every((field) => changed.includes(field))) return false
    fields = ['key', 'kind', 'action', 'id', 'data', 'base']
  } else return false
  return Object.keys(value).every((key) => fields.includes(key)) && isJsonWithin(value, MAX_OPERATION_BYTES)
}

function isConflict(value: unknown): boolean {
  if (!isJsonObject(value) || !conflictReasons.includes(value.reason as ConflictReason)) return false
  const { error, fields, suggestedStarts } = value
  if (error !== undefined && !(isJsonObject(error) && typeof error.name === 'string' && typeof error.message === 'string')) return false
  if (fields !== undefined && !(Array.isArray(fields) && fields.every((field) => isJsonObject(field) && isString(field.field)))) return false
  if (suggestedStarts !== undefined && !(Array.isArray(suggestedStarts) && suggestedStarts.length <= 50 && suggestedStarts.every(isInstant))) return false
  return isJsonWithin(value, MAX_OPERATION_BYTES)
}

export function isOutcome(value: unknown): value is OutboxOutcome {
  if (!isJsonObject(value)) return false
  if (value.state === 'done') {
    return (
      (value.serverId === undefined || isRecordId(value.serverId)) &&
      (value.record === undefined || isRecord(value.record)) &&
      Object.keys(value).every((key) => ['state', 'serverId', 'record'].includes(key)) &&
      isJsonWithin(value, MAX_OPERATION_BYTES)
    )
  }
  return value.state === 'conflict' && isConflict(value.conflict) && Object.keys(value).length === 2
}
