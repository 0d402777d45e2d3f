import type { Id, Params } from '@feathersjs/feathers'
import type { JsonValue } from './services/publish-notes'

/**
 * What one service event carries between server instances (feathers-sync over Redis).
 *
 * feathers-sync hands us `{ event, path, data, context }`, the context being the whole hook
 * context as JSON would see it. That is too much and partly unsafe: params hold the caller's
 * socket connection, their full identity, sometimes a knex transaction (circular, and nothing
 * another instance may use). So only what the publishers (channels.ts, services' `publish`) and
 * the socket dispatcher read crosses:
 *
 * - the event, the service path, the data;
 * - of the context: path, method, event, type and id; `result` and `dispatch` (the caller's
 *   full record and the shape clients get), sent once when they are the data itself;
 * - of its params, only `publishedParams` below: the few every publisher may read, and the
 *   call's publish notes (services/publish-notes.ts, JSON values by type);
 * - never a password hash (`password`, `previousPassword` at any depth: a team member's record
 *   as the service holds it, or inside a trash item). No publisher reads one and no client
 *   gets one.
 *
 * A publisher reads nothing else of params: what a service's call has to tell its publisher goes
 * in a publish note, which travels without anyone naming it here (the unit test in
 * tests/server/instances.test.ts replays every publisher with a round-tripped context and fails
 * when an audience or a payload differs).
 */
export interface SyncEvent {
  event: string
  path: string
  data: unknown
  context?: Record<string, unknown>
}

/** The params publishers read. */
export interface PublishedParams {
  /** customers and notes (the company's switches), my-team (the caller's company). */
  identity?: { user: { _id: string; companyId: string }; company: { _id: string; settings: Record<string, unknown> } }
  /** my-team: the company the call was scoped to. */
  query?: { companyId: string }
  /** What the call told its publisher (publishNote), when it told anything. */
  publishNotes?: Record<string, JsonValue>
}

export function publishedParams(params: Params | undefined): PublishedParams {
  const published: PublishedParams = {}
  if (!params) return published
  const { identity } = params
  if (identity?.user && identity.company) {
    published.identity = {
      user: { _id: identity.user._id, companyId: identity.user.companyId },
      company: { _id: identity.company._id, settings: identity.company.settings }
    }
  }
  const companyId = (params.query as { companyId?: unknown } | undefined)?.companyId
  if (typeof companyId === 'string') published.query = { companyId }
  const notes = params.publishNotes
  if (notes && Object.keys(notes).length > 0) published.publishNotes = notes
  return published
}

/** The context as it travels: `resultOf`/`dispatchOf` say a value is one already sent. */
interface WireContext {
  path?: string
  method?: string
  event?: string
  type?: string
  id?: Id | null
  params: PublishedParams
  result?: unknown
  /** 'data': the result is the event's data; 'list': a list of which the data is one item. */
  resultOf?: 'data' | 'list'
  dispatch?: unknown
  dispatchOf?: 'result'
}

interface WireMessage {
  event: string
  path: string
  data: unknown
  context?: WireContext
}

const scalar = (value: unknown): value is string => typeof value === 'string'

function wireContext(data: unknown, context: Record<string, unknown>): WireContext {
  const wire: WireContext = { params: publishedParams(context.params as Params | undefined) }
  for (const key of ['path', 'method', 'event', 'type'] as const) if (scalar(context[key])) wire[key] = context[key]
  if (typeof context.id === 'string' || typeof context.id === 'number') wire.id = context.id
  else if (context.id === null) wire.id = null

  const { result, dispatch } = context
  // An event of a multi-record call is emitted once per record, each with the whole list as
  // the result: send only this record's item (the dispatcher picks it out of the list anyway).
  const index = Array.isArray(result) ? result.indexOf(data) : -1
  if (result === data) wire.resultOf = 'data'
  else if (index >= 0) wire.resultOf = 'list'
  else if (result !== undefined) wire.result = result

  if (dispatch === undefined) return wire
  if (dispatch === result) wire.dispatchOf = 'result'
  else if (index >= 0 && Array.isArray(dispatch)) wire.dispatch = [dispatch[index]]
  else wire.dispatch = dispatch
  return wire
}

function contextFromWire(data: unknown, wire: WireContext): Record<string, unknown> {
  const { resultOf, dispatchOf, result: sentResult, dispatch: sentDispatch, ...rest } = wire
  const context: Record<string, unknown> = { ...rest }
  const result = resultOf === 'data' ? data : resultOf === 'list' ? [data] : sentResult
  if (result !== undefined) context.result = result
  const dispatch = dispatchOf === 'result' ? result : sentDispatch
  if (dispatch !== undefined) context.dispatch = dispatch
  return context
}

const SECRET_FIELDS = new Set(['password', 'previousPassword'])
const withoutSecrets = (key: string, value: unknown) => (SECRET_FIELDS.has(key) ? undefined : value)

/** feathers-sync's `serialize`: the event as one JSON string, with only what publishers need. */
export function serializeEvent({ event, path, data, context }: SyncEvent): string {
  const message: WireMessage = { event, path, data }
  if (context) message.context = wireContext(data, context)
  return JSON.stringify(message, withoutSecrets)
}

/** feathers-sync's `deserialize`: Redis hands over a Buffer (or a string). */
export function deserializeEvent(raw: string | Buffer): SyncEvent {
  const message = JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8')) as WireMessage
  const { event, path, data } = message
  return message.context ? { event, path, data, context: contextFromWire(data, message.context) } : { event, path, data }
}
