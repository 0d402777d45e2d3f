/*
 * Offline day mode (issue 20, item 2): the shapes shared by the shell's local store (main
 * process, better-sqlite3), the outbox replay (electron-free, run by the renderer through its
 * own signed-in client, and by the Node tests against a real server), the preload's verbs and the
 * renderer's offline screens. docs/decisions/offline-day.md tells the whole story.
 */

/** The record kinds the offline day holds (`payment`: a pending payment taken offline, shown as pending until replayed). */
export const offlineKinds = ['appointment', 'customer', 'staff', 'service', 'note', 'payment'] as const
export type OfflineKind = (typeof offlineKinds)[number]

/** A record as the server answered it (or as the offline day made it), by its kind. */
export interface OfflineRecord {
  kind: OfflineKind
  _id: string
  /** The server's answer, whole (JSON). Offline-made records have `_id` `offline:<clientKey>`. */
  data: Record<string, unknown>
}

/** What the renderer saves while online: the branch's today and tomorrow. */
export interface OfflineDaySnapshot {
  companyId: string
  branchId: string
  /** The signed-in user the snapshot was read as (another user's sign-in never sees it). */
  userId: string
  /** The company's calendar days covered, `YYYY-MM-DD` (today and tomorrow). */
  days: string[]
  /** The company's time zone (the offline screens show times as the calendar does). */
  timeZone: string
  savedAt: string
  records: OfflineRecord[]
}

/**
 * One offline write. `key` is the client key (a ULID): creates send it as `data.clientKey` so a
 * replay answers the first result; it also orders the outbox.
 */
export type OfflineOperation =
  | { key: string; kind: 'appointment' | 'customer' | 'note'; action: 'create'; data: Record<string, unknown> }
  | {
      key: string
      kind: 'appointment' | 'customer'
      action: 'patch'
      /** The server id, or `offline:<key>` of a record made offline (rewritten at replay). */
      id: string
      data: Record<string, unknown>
      /** The changed fields' values as this workstation last saw them: the conflict check's base. */
      base: Record<string, unknown>
    }
  | {
      key: string
      kind: 'payment'
      action: 'create'
      /** A payment taken offline is only "pending" until the server confirms it with this key. */
      data: Record<string, unknown>
    }

/** Where an outbox entry stands. */
export type OutboxState = 'waiting' | 'done' | 'conflict'

/** Why the server refused a replayed write; the conflict inbox shows it to a person. */
export type ConflictReason =
  /** The slot was taken meanwhile (the server's overlap Conflict). */
  | 'slot-taken'
  /** A field was changed both here and on the server since the workstation read it. */
  | 'changed-on-both-sides'
  /** The record was removed on the server meanwhile. */
  | 'removed'
  /** Any other refusal (validation, permission, a state change no longer allowed). */
  | 'refused'

export interface OfflineConflict {
  reason: ConflictReason
  /** The server's error (class name and message, already in the user's language). */
  error?: { name: string; message: string; code?: string; path?: string }
  /** For changed-on-both-sides: per field, the base, this workstation's value and the server's. */
  fields?: Array<{ field: string; base: unknown; mine: unknown; theirs: unknown }>
  /** For slot-taken: free starts (ISO instants) of the same doctor, near the wanted time. */
  suggestedStarts?: string[]
}

export interface OutboxEntry {
  operation: OfflineOperation
  state: OutboxState
  /** When it was queued (ISO). */
  queuedAt: string
  /** The server's id of what a create made (done entries). */
  serverId?: string
  conflict?: OfflineConflict
}

export interface OfflineCounts {
  waiting: number
  conflicts: number
}

/** How a replayed entry ended: sent (with what the server made) or into the conflict inbox. */
export type OutboxOutcome = { state: 'done'; serverId?: string; record?: OfflineRecord } | { state: 'conflict'; conflict: OfflineConflict }

/**
 * The local store as every caller sees it (async: the renderer reaches it over IPC, the Node
 * tests and the main process directly). One store holds one workstation's offline day.
 */
export interface OfflineStore {
  /** Replaces the cached day of the snapshot's user and branch (the outbox is kept). */
  saveDay(snapshot: OfflineDaySnapshot): Promise<void>
  /** The cached day with the waiting writes applied, or null when none is cached for them. */
  day(userId: string, branchId: string): Promise<OfflineDaySnapshot | null>
  /** Queues a write and applies it to the cached day; the counts after it. */
  enqueue(operation: OfflineOperation): Promise<OfflineCounts>
  /** The waiting entries, oldest first (the replay order). */
  pending(): Promise<OutboxEntry[]>
  /** The server id a create made offline got at replay (for writes that name `offline:<key>`). */
  serverIdOf(key: string): Promise<string | null>
  /** Records how a replayed entry ended. */
  settle(key: string, outcome: OutboxOutcome): Promise<OfflineCounts>
  /** The conflict inbox, oldest first. */
  conflicts(): Promise<OutboxEntry[]>
  /** A person dealt with a conflict: it leaves the inbox. */
  resolve(key: string): Promise<OfflineCounts>
  counts(): Promise<OfflineCounts>
  /** Sign-out: drops the cached days (the outbox stays until sent, or the shell would lose writes). */
  forgetDays(): Promise<void>
}

/**
 * What the replay needs of a Feathers client: the page's signed-in socket client and the Node
 * tests' both fit. Paths are the services' (`appointment`, `customers`, `notes`, `transactions`,
 * `appointment-slots`).
 */
export interface ReplayService {
  get(id: string, params?: { query?: Record<string, unknown> }): Promise<unknown>
  find(params?: { query?: Record<string, unknown> }): Promise<unknown>
  create(data: Record<string, unknown>, params?: { query?: Record<string, unknown> }): Promise<unknown>
  patch(id: string, data: Record<string, unknown>, params?: { query?: Record<string, unknown> }): Promise<unknown>
}
export interface ReplayServices {
  service(path: string): ReplayService
}

/** What one replay did. `interrupted`: the connection failed and the rest is still waiting. */
export interface ReplayReport {
  sent: number
  conflicts: number
  interrupted: boolean
}
