import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { offlineId, offlineKeyOf, rewriteOfflineIds } from './offline-ids'
import type { OfflineCounts, OfflineDaySnapshot, OfflineOperation, OfflineRecord, OfflineStore, OutboxEntry, OutboxState } from './offline-types'

/*
 * The shell's offline store (docs/decisions/offline-day.md): one better-sqlite3 file in the
 * app's user-data folder, readable by this OS user only (0600, WAL). It holds the cached days
 * (the last snapshot per user and branch, as the server answered it) and the outbox. The outbox
 * is never rewritten into a snapshot: `day()` applies to the snapshot the writes the server may
 * not have shown it yet (waiting ones, and those sent after it was saved), so a snapshot saved
 * while writes wait loses none of them on screen.
 */

/** What the server takes as a create's clientKey (server/src/schema/query.ts, ClientKeySchema). */
const CLIENT_KEY = /^[A-Za-z0-9_-]{8,64}$/

/** The schema this code reads and writes (SQLite's `user_version`). */
export const OFFLINE_SCHEMA_VERSION = 1

const SCHEMA_V1 = `
  create table days (
    userId text not null,
    branchId text not null,
    snapshot text not null,
    storedAt integer not null,
    primary key (userId, branchId)
  );
  create table outbox (
    seq integer primary key autoincrement,
    key text not null unique,
    operation text not null,
    state text not null check (state in ('waiting', 'done', 'conflict')),
    queuedAt text not null,
    serverId text,
    record text,
    conflict text,
    settledAt integer,
    resolvedAt integer
  );
  create index outbox_state on outbox (state, seq);
`

interface OutboxRow {
  seq: number
  key: string
  operation: string
  state: OutboxState
  queuedAt: string
  serverId: string | null
  record: string | null
  conflict: string | null
  settledAt: number | null
}

/** The store file, created readable and writable by this OS user only, in a folder only it may enter. */
function privateFile(file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  fs.closeSync(fs.openSync(file, 'a', 0o600))
  fs.chmodSync(file, 0o600)
}

function migrate(db: Database.Database) {
  const version = Number(db.pragma('user_version', { simple: true }))
  if (version > OFFLINE_SCHEMA_VERSION) throw new Error(`The offline store was written by a newer version (schema ${version}); this one reads ${OFFLINE_SCHEMA_VERSION}`)
  if (version === OFFLINE_SCHEMA_VERSION) return
  db.transaction(() => {
    db.exec(SCHEMA_V1)
    db.pragma(`user_version = ${OFFLINE_SCHEMA_VERSION}`)
  })()
}

const entryOf = (row: OutboxRow): OutboxEntry => ({
  operation: JSON.parse(row.operation) as OfflineOperation,
  state: row.state,
  queuedAt: row.queuedAt,
  ...(row.serverId ? { serverId: row.serverId } : {}),
  ...(row.conflict ? { conflict: JSON.parse(row.conflict) } : {})
})

/**
 * Opens (or creates) the store at `file`. Every method is synchronous underneath (better-sqlite3)
 * and async outside, the shape every caller sees (offline-types.ts). Close it on quit.
 */
export function openOfflineStore(file: string): OfflineStore & { close(): void } {
  privateFile(file)
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('busy_timeout = 5000')
  migrate(db)
  // Whatever SQLite made beside it (the WAL and its index) is private too.
  for (const extra of [`${file}-wal`, `${file}-shm`]) if (fs.existsSync(extra)) fs.chmodSync(extra, 0o600)

  // A clock that never goes back within this store, so "settled after the snapshot was stored" holds even when the system clock is set back.
  let lastTick = 0
  const tick = () => (lastTick = Math.max(Date.now(), lastTick + 1))
  const latest = db.prepare('select max(m) as m from (select max(storedAt) as m from days union all select max(settledAt) from outbox)').get() as { m: number | null }
  lastTick = latest.m ?? 0

  const statements = {
    saveDay: db.prepare('insert into days (userId, branchId, snapshot, storedAt) values (?, ?, ?, ?) on conflict (userId, branchId) do update set snapshot = excluded.snapshot, storedAt = excluded.storedAt'),
    day: db.prepare('select snapshot, storedAt from days where userId = ? and branchId = ?'),
    enqueue: db.prepare('insert into outbox (key, operation, state, queuedAt) values (?, ?, ?, ?) on conflict (key) do nothing'),
    entry: db.prepare('select * from outbox where key = ?'),
    waiting: db.prepare("select * from outbox where state = 'waiting' order by seq"),
    applied: db.prepare("select * from outbox where state = 'waiting' or (state = 'done' and settledAt >= ?) order by seq"),
    createsDone: db.prepare("select key, serverId from outbox where state = 'done' and serverId is not null"),
    settleDone: db.prepare("update outbox set state = 'done', serverId = ?, record = ?, settledAt = ? where key = ? and state = 'waiting'"),
    settleConflict: db.prepare("update outbox set state = 'conflict', conflict = ?, settledAt = ? where key = ? and state = 'waiting'"),
    conflicts: db.prepare("select * from outbox where state = 'conflict' and resolvedAt is null order by seq"),
    resolve: db.prepare("update outbox set resolvedAt = ? where key = ? and state = 'conflict' and resolvedAt is null"),
    counts: db.prepare("select sum(state = 'waiting') as waiting, sum(state = 'conflict' and resolvedAt is null) as conflicts from outbox"),
    forgetDays: db.prepare('delete from days'),
    // Sent writes every cached day already shows (each saved after it was settled), once nothing waits that could name them.
    prune: db.prepare("delete from outbox where state = 'done' and settledAt < (select coalesce(min(storedAt), 0) from days) and not exists (select 1 from outbox where state = 'waiting')")
  }

  const counts = (): OfflineCounts => {
    const row = statements.counts.get() as { waiting: number | null; conflicts: number | null }
    return { waiting: row.waiting ?? 0, conflicts: row.conflicts ?? 0 }
  }

  /** The snapshot with the writes it may not show yet applied: waiting ones, and those sent after it was stored. */
  const applied = (snapshot: OfflineDaySnapshot, storedAt: number): OfflineDaySnapshot => {
    const records = new Map<string, OfflineRecord>(snapshot.records.map((record) => [`${record.kind}:${record._id}`, record]))
    const serverIds = new Map((statements.createsDone.all() as Array<{ key: string; serverId: string }>).map((row) => [row.key, row.serverId]))
    const idOf = (key: string) => serverIds.get(key) ?? null
    for (const row of statements.applied.all(storedAt) as OutboxRow[]) {
      const operation = JSON.parse(row.operation) as OfflineOperation
      if (operation.action === 'create') {
        const sent = row.record ? (JSON.parse(row.record) as OfflineRecord) : null
        const made = sent ?? madeOffline(operation, row.serverId, idOf)
        if (typeof made.data.branchId === 'string' && made.data.branchId !== snapshot.branchId) continue
        records.set(`${made.kind}:${made._id}`, made)
      } else {
        const id = offlineKeyOf(operation.id) === null ? operation.id : (idOf(offlineKeyOf(operation.id)!) ?? operation.id)
        const target = records.get(`${operation.kind}:${id}`)
        if (target) records.set(`${operation.kind}:${id}`, { ...target, data: { ...target.data, ...rewriteOfflineIds(operation.data, idOf) } })
      }
    }
    return { ...snapshot, records: [...records.values()] }
  }

  const store: OfflineStore & { close(): void } = {
    async saveDay(snapshot) {
      db.transaction(() => {
        statements.saveDay.run(snapshot.userId, snapshot.branchId, JSON.stringify(snapshot), tick())
        statements.prune.run()
      })()
    },
    async day(userId, branchId) {
      const row = statements.day.get(userId, branchId) as { snapshot: string; storedAt: number } | undefined
      if (!row) return null
      return applied(JSON.parse(row.snapshot) as OfflineDaySnapshot, row.storedAt)
    },
    async enqueue(operation) {
      // The key goes to the server as the create's clientKey: one it would refuse is refused here, before anything waits on it.
      if (!CLIENT_KEY.test(operation.key)) throw new Error(`Not a client key: ${JSON.stringify(operation.key)}`)
      // The same key queued again (an IPC call retried) is the same write: kept once.
      statements.enqueue.run(operation.key, JSON.stringify(operation), 'waiting', new Date().toISOString())
      return counts()
    },
    async pending() {
      return (statements.waiting.all() as OutboxRow[]).map(entryOf)
    },
    async serverIdOf(key) {
      const row = statements.entry.get(key) as OutboxRow | undefined
      return row?.state === 'done' && row.serverId ? row.serverId : null
    },
    async settle(key, outcome) {
      const row = statements.entry.get(key) as OutboxRow | undefined
      if (!row) throw new Error(`No outbox entry ${key}`)
      // Settled once: a second report of the same entry (a replay that raced) changes nothing.
      if (outcome.state === 'done') statements.settleDone.run(outcome.serverId ?? null, outcome.record ? JSON.stringify(outcome.record) : null, tick(), key)
      else statements.settleConflict.run(JSON.stringify(outcome.conflict), tick(), key)
      return counts()
    },
    async conflicts() {
      return (statements.conflicts.all() as OutboxRow[]).map(entryOf)
    },
    async resolve(key) {
      statements.resolve.run(tick(), key)
      return counts()
    },
    async counts() {
      return counts()
    },
    async forgetDays() {
      statements.forgetDays.run()
    },
    close() {
      db.close()
    }
  }
  return store
}

/** The record a create makes in the cached day before the server has it: `offline:<key>`, a payment pending. */
function madeOffline(operation: Extract<OfflineOperation, { action: 'create' }>, serverId: string | null, idOf: (key: string) => string | null): OfflineRecord {
  const _id = serverId ?? offlineId(operation.key)
  const data = { ...rewriteOfflineIds(operation.data, idOf), _id }
  return { kind: operation.kind, _id, data: operation.kind === 'payment' ? { ...data, status: 'pending' } : data }
}
