import { createHash } from 'node:crypto'
import { Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { HookContext } from '../declarations'
import { clinicError } from '../errors'
import { now } from '../hooks/ids'
import { inTransaction, type RecordParams } from './record.class'
import { isUniqueViolation } from '../db'

/**
 * Client keys (docs/decisions/offline-day.md): a create sent with a key the caller made (a ULID
 * made when a form opened, or an offline outbox entry's) is made once. Sent again with the same
 * body it answers the first result, writing, logging and announcing nothing; with another body it
 * is a Conflict. `transactions` and `cart` keep their keys in their own rows; `appointment`,
 * `customers` and `notes` keep theirs in `client_keys` through `createOnce` (their data
 * schemas take an optional `clientKey`: ClientKeySchema, schema/query.ts).
 */
/** Owned, for the one-owner-per-table rule, by the audit area (user-activities.ts), like the activity log this code writes beside. */
export const CLIENT_KEYS_TABLE = 'client_keys'

/** The body of a create as a stable fingerprint (keys sorted), to tell a retry from another create under the same key. */
export function bodyHash(data: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(canonical) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([key, item]) => [key, canonical(item)])) : value
  return createHash('sha256').update(JSON.stringify(canonical(data))).digest('hex')
}

/** The key a create was sent with, taken off its data (no record stores it). `replayed`: the answer repeats the first. */
interface ClientKeyCall {
  key: string
  hash: string
  service: string
  replayed?: boolean
}
type ClientKeyParams = RecordParams & { clientKey?: ClientKeyCall }

/**
 * Before a create, after its data is validated and before its resolvers add the server's fields:
 * takes `clientKey` off the data and fingerprints the rest, as the caller sent it.
 */
export function takeClientKey(context: HookContext) {
  const { clientKey, ...data } = (context.data ?? {}) as Record<string, unknown>
  if (typeof clientKey !== 'string') return
  context.data = data
  ;(context.params as ClientKeyParams).clientKey = { key: clientKey, hash: bodyHash(data), service: context.path }
}

/** Whether the call answered an earlier create's result (nothing written: no activity row, no event). */
export const isClientKeyReplay = (params: unknown) => (params as ClientKeyParams | undefined)?.clientKey?.replayed === true

/** After a create: a replayed answer is not announced again (Feathers emits no event when `context.event` is null). */
export function quietClientKeyReplay(context: HookContext) {
  if (isClientKeyReplay(context.params)) context.event = null
}

interface KeyedService<T> {
  Model: Knex
  _get(id: string, params?: RecordParams): Promise<T>
}

/**
 * A create made once per key: in the create's transaction the key is claimed first (under a
 * savepoint, so that a concurrent create of the same key that committed first is read instead of
 * failing the call); then the record is made and its id kept with the key. An earlier claim with
 * the same body answers its record (NotFound when it was removed since); another body is a
 * Conflict `client-key-reused`. Without a key it is just `create`.
 */
export async function createOnce<T extends { _id: string }>(service: KeyedService<T>, companyId: string, params: RecordParams | undefined, create: (params: RecordParams) => Promise<T>): Promise<T> {
  const call = (params as ClientKeyParams | undefined)?.clientKey
  if (!call) return create(params ?? {})
  return inTransaction(service.Model, params, async (trx, inTrx) => {
    const earlier = await claim(trx, companyId, call)
    if (earlier) {
      call.replayed = true
      return service._get(earlier, { ...inTrx, query: { companyId } } as RecordParams)
    }
    const made = await create(inTrx)
    await trx(CLIENT_KEYS_TABLE).where({ companyId, clientKey: call.key }).update({ recordId: made._id })
    return made
  })
}

/** Claims the key for this create (undefined), or answers the record an earlier create of it made. */
async function claim(trx: Knex.Transaction, companyId: string, call: ClientKeyCall): Promise<string | undefined> {
  const taken = await earlierRecord(trx, companyId, call)
  if (taken) return taken
  try {
    await trx.transaction((savepoint) => savepoint(CLIENT_KEYS_TABLE).insert({ companyId, clientKey: call.key, service: call.service, recordId: null, bodyHash: call.hash, createdAt: now() }))
    return undefined
  } catch (error) {
    // Claimed meanwhile by a create that has committed (PostgreSQL waits for it): answer that one.
    if (!isUniqueViolation(error)) throw error
    const first = await earlierRecord(trx, companyId, call)
    if (!first) throw error
    return first
  }
}

async function earlierRecord(trx: Knex.Transaction, companyId: string, call: ClientKeyCall): Promise<string | undefined> {
  const row = await trx(CLIENT_KEYS_TABLE).where({ companyId, clientKey: call.key }).first('service', 'recordId', 'bodyHash')
  if (!row) return undefined
  if (row.service !== call.service || row.bodyHash !== call.hash || !row.recordId) throw clinicError(Conflict, 'client-key-reused', 'clientKey')
  return String(row.recordId)
}
