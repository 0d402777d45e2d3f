import { offlineId, offlineKeysIn, rewriteOfflineIds, servicePathOf } from './offline-ids'
import type { OfflineConflict, OfflineOperation, OfflineStore, OutboxOutcome, ReplayReport, ReplayService, ReplayServices } from './offline-types'

/*
 * The outbox replay (docs/decisions/offline-day.md), electron-free: the page runs it through its
 * own signed-in client when the connection is back, the Node tests against a real server. The
 * waiting writes go oldest first, one at a time, through the normal services (every rule and
 * permission applies); each ends done or in the conflict inbox, or the replay stops at a network
 * failure and the entry waits for the next one.
 */

/** The server's refusals of a booking whose doctor or chair is taken at that time. */
const SLOT_TAKEN_CODES = new Set(['appointment-staff-busy', 'appointment-workplace-busy'])
/** Why an entry that names a record made offline cannot be sent: that create never reached the server. */
export const DEPENDS_ON_REFUSED = 'offline-depends-on-refused'
/** Free starts offered for a slot taken meanwhile. */
const SUGGESTIONS = 5

/** The replay stopped: the connection failed, nothing is known of this entry's fate. */
const INTERRUPTED = Symbol('interrupted')

interface CallError {
  name?: string
  message?: string
  code?: unknown
  data?: { code?: string; path?: string }
}

/** Failures that judge the connection, not the write. */
const STOPS_REPLAY = new Set(['Timeout', 'Unavailable', 'GeneralError', 'NotAuthenticated'])

/**
 * Not an answer about the write: a Feathers `Timeout` (the socket is down, or the answer was
 * lost), a call that failed in the client (no `code`), the server going away under the call
 * (`Unavailable`, or a `GeneralError` of a database closing), or a session not signed in again
 * yet after the reconnect (`NotAuthenticated`). Sending it again later is safe: a create carries
 * its client key, a patch is read again first.
 */
export function isNetworkFailure(error: unknown): boolean {
  const failure = error as CallError | null
  if (!failure || typeof failure !== 'object' || typeof failure.code !== 'number') return true
  return STOPS_REPLAY.has(String(failure.name))
}

/** The server's refusal as the conflict inbox keeps it. */
const refusalOf = (error: CallError): NonNullable<OfflineConflict['error']> => ({
  name: String(error.name ?? 'Error'),
  message: String(error.message ?? ''),
  ...(error.data?.code ? { code: error.data.code } : {}),
  ...(error.data?.path ? { path: error.data.path } : {})
})

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

/** Equal as the server means it: instants by the moment they name (`…:00Z` is `…:00.000Z`), the rest by value. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string' && ISO_INSTANT.test(a) && ISO_INSTANT.test(b)) return Date.parse(a) === Date.parse(b)
  if (a === b) return true
  if ((a ?? null) === null && (b ?? null) === null) return true
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]))
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    return [...keys].every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  }
  return false
}

const running = new WeakMap<OfflineStore, Promise<ReplayReport>>()

/**
 * Sends the store's waiting writes. A second call while one runs on the same store gets that
 * one's report and sends nothing itself (a reconnect and a button pressed together).
 */
export function replayOutbox(store: OfflineStore, services: ReplayServices): Promise<ReplayReport> {
  const current = running.get(store)
  if (current) return current
  const run = replayAll(store, services).finally(() => running.delete(store))
  running.set(store, run)
  return run
}

async function replayAll(store: OfflineStore, services: ReplayServices): Promise<ReplayReport> {
  const report: ReplayReport = { sent: 0, conflicts: 0, interrupted: false }
  // Each entry is tried once per replay, even if settling it changed nothing (settled meanwhile).
  const tried = new Set<string>()
  for (;;) {
    // Writes queued while this replay runs are sent by it too.
    const batch = (await store.pending()).filter((entry) => !tried.has(entry.operation.key))
    if (batch.length === 0) return report
    for (const { operation } of batch) {
      tried.add(operation.key)
      const outcome = await replayOne(store, services, operation)
      if (outcome === INTERRUPTED) return { ...report, interrupted: true }
      await store.settle(operation.key, outcome)
      if (outcome.state === 'done') report.sent += 1
      else report.conflicts += 1
    }
  }
}

/** One entry: its offline ids made the server's, then sent; how it ended. */
async function replayOne(store: OfflineStore, services: ReplayServices, operation: OfflineOperation): Promise<OutboxOutcome | typeof INTERRUPTED> {
  const named = offlineKeysIn(operation.action === 'patch' ? [operation.id, operation.data] : operation.data)
  const serverIds = new Map<string, string>()
  for (const key of named) {
    const serverId = await store.serverIdOf(key)
    if (serverId === null) {
      return { state: 'conflict', conflict: { reason: 'refused', error: { name: 'Conflict', message: `Depends on ${offlineId(key)}, which the server did not take`, code: DEPENDS_ON_REFUSED, path: offlineId(key) } } }
    }
    serverIds.set(key, serverId)
  }
  const idOf = (key: string) => serverIds.get(key) ?? null
  const service = services.service(servicePathOf(operation))
  try {
    if (operation.action === 'create') return await sendCreate(service, operation, rewriteOfflineIds(operation.data, idOf))
    return await sendPatch(service, operation, rewriteOfflineIds(operation.id, idOf), rewriteOfflineIds(operation.data, idOf))
  } catch (error) {
    if (isNetworkFailure(error)) return INTERRUPTED
    return { state: 'conflict', conflict: await conflictOf(services, operation, error as CallError, idOf) }
  }
}

async function sendCreate(service: ReplayService, operation: Extract<OfflineOperation, { action: 'create' }>, data: Record<string, unknown>): Promise<OutboxOutcome> {
  // A payment keeps the key its form made (never a new one); any other create is keyed by its entry.
  const clientKey = operation.kind === 'payment' && typeof data.clientKey === 'string' ? data.clientKey : operation.key
  const made = (await service.create({ ...data, clientKey })) as Record<string, unknown>
  const serverId = String(made._id)
  return { state: 'done', serverId, record: { kind: operation.kind, _id: serverId, data: made } }
}

/**
 * A patch reads the record first: fields already holding the new value are skipped, fields
 * still at the base are sent; a field the server changed since (neither) makes the whole entry a
 * conflict and nothing of it is sent. A field without a base is sent as it is.
 */
async function sendPatch(service: ReplayService, operation: Extract<OfflineOperation, { action: 'patch' }>, id: string, data: Record<string, unknown>): Promise<OutboxOutcome> {
  const current = (await service.get(id)) as Record<string, unknown>
  const changes: Record<string, unknown> = {}
  const clashes: NonNullable<OfflineConflict['fields']> = []
  for (const [field, mine] of Object.entries(data)) {
    const theirs = current[field]
    if (sameValue(theirs, mine)) continue
    if (!(field in operation.base) || sameValue(theirs, operation.base[field])) changes[field] = mine
    else clashes.push({ field, base: operation.base[field], mine, theirs })
  }
  if (clashes.length > 0) return { state: 'conflict', conflict: { reason: 'changed-on-both-sides', fields: clashes } }
  const record = Object.keys(changes).length === 0 ? current : ((await service.patch(id, changes)) as Record<string, unknown>)
  return { state: 'done', serverId: id, record: { kind: operation.kind, _id: id, data: record } }
}

/** The server's refusal as a conflict: a slot taken (with free starts near it), a record removed, or refused. */
async function conflictOf(services: ReplayServices, operation: OfflineOperation, error: CallError, idOf: (key: string) => string | null): Promise<OfflineConflict> {
  if (error.name === 'NotFound') return { reason: 'removed', error: refusalOf(error) }
  if (operation.kind === 'appointment' && error.name === 'Conflict' && SLOT_TAKEN_CODES.has(error.data?.code ?? '')) {
    return { reason: 'slot-taken', error: refusalOf(error), suggestedStarts: await suggestedStarts(services, operation, idOf) }
  }
  return { reason: 'refused', error: refusalOf(error) }
}

const HOUR = 3_600_000
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * The same doctor's free starts nearest the wanted one (`appointment-slots`, which needs the
 * visit's services: a booking without any gets none). The search covers every calendar day the
 * wanted instant may fall on in any time zone; the nearest few are offered, earliest first.
 */
async function suggestedStarts(services: ReplayServices, operation: OfflineOperation, idOf: (key: string) => string | null): Promise<string[]> {
  try {
    const booking = operation.action === 'create' ? operation.data : { ...((await services.service('appointment').get(rewriteOfflineIds(operation.id, idOf))) as Record<string, unknown>), ...operation.data }
    const wanted = Date.parse(String(booking.start))
    const serviceIds = ((booking.services as Array<{ serviceId?: string }> | undefined) ?? []).map((entry) => entry.serviceId).filter((id): id is string => typeof id === 'string')
    if (Number.isNaN(wanted) || typeof booking.staffId !== 'string' || serviceIds.length === 0) return []
    const query: Record<string, unknown> = {
      staffId: booking.staffId,
      serviceIds: [...new Set(serviceIds)],
      dateFrom: utcDate(wanted - 14 * HOUR),
      dateTo: utcDate(wanted + 14 * HOUR),
      $limit: 50,
      ...(typeof booking.branchId === 'string' ? { branchId: booking.branchId } : {}),
      ...(typeof booking.duration === 'number' ? { duration: booking.duration } : {})
    }
    const found = (await services.service('appointment-slots').find({ query })) as { data?: Array<{ start: string }> }
    const starts = [...new Set((found.data ?? []).map((slot) => slot.start))]
    return starts
      .sort((a, b) => Math.abs(Date.parse(a) - wanted) - Math.abs(Date.parse(b) - wanted))
      .slice(0, SUGGESTIONS)
      .sort((a, b) => Date.parse(a) - Date.parse(b))
  } catch {
    // Suggestions help a person choose; without them the conflict still reaches the inbox.
    return []
  }
}
